/** The Chairs page at /about/chairs (spec part 1 section 2: title only, empty). */
import { InfoPage } from './parts';

/** The heading 'Chairs' and nothing else. */
export default function ChairsPage() {
  return <InfoPage title="Chairs" />;
}
