/** The Food page at /travel/food (spec part 1 section 2: title only, empty). */
import { InfoPage } from './parts';

/** The heading 'Food' and nothing else. */
export default function FoodPage() {
  return <InfoPage title="Food" />;
}
