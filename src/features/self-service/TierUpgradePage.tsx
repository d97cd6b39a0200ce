/** /tier-upgrade (spec part 2 sections 2 and 4): student to professional, paid through Checkout. */
import { ChangePage } from './ChangePage';

/** The route component of /tier-upgrade: ChangePage of kind 'tier-upgrade'. */
export default function TierUpgradePage() {
  return <ChangePage kind="tier-upgrade" />;
}
