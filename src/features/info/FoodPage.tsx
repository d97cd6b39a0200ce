/** The Food page at /travel/food (docs/rules.md#the-information-pages: title only, empty). */
import { InfoPage } from './parts';

/** The heading 'Food' and nothing else. */
export default function FoodPage() {
  return <InfoPage title="Food" />;
}
