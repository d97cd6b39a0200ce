/** The Chairs page at /about/chairs (docs/rules.md#the-information-pages: title only, empty). */
import { InfoPage } from './parts';

/** The heading 'Chairs' and nothing else. */
export default function ChairsPage() {
  return <InfoPage title="Chairs" />;
}
