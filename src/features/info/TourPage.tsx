/** The Tour page at /travel/tour (docs/rules.md#the-information-pages: title only, empty). */
import { InfoPage } from './parts';

/** The heading 'Tour' and nothing else. */
export default function TourPage() {
  return <InfoPage title="Tour" />;
}
