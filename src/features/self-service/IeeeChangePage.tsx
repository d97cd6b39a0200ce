/** /ieee-change (docs/rules.md#the-self-service-pages): IEEE member to non-member, paid through Checkout. */
import { ChangePage } from './ChangePage';

/** The route component of /ieee-change: ChangePage of kind 'ieee-change'. */
export default function IeeeChangePage() {
  return <ChangePage kind="ieee-change" />;
}
