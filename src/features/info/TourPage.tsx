/** The Tour page at /travel/tour (spec part 1 section 2: title only, empty). */
import { InfoPage } from './parts';

/** The heading 'Tour' and nothing else. */
export default function TourPage() {
  return <InfoPage title="Tour" />;
}
