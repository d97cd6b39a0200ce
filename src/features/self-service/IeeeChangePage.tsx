/** /ieee-change (spec part 2 sections 2 and 4): IEEE member to non-member, paid through Checkout. */
import { ChangePage } from './ChangePage';

/** The route component of /ieee-change: ChangePage of kind 'ieee-change'. */
export default function IeeeChangePage() {
  return <ChangePage kind="ieee-change" />;
}
