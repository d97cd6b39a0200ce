/** /tier-upgrade (docs/rules.md#the-self-service-pages): student to professional, paid through Checkout. */
import { ChangePage } from './ChangePage';

/** The route component of /tier-upgrade: ChangePage of kind 'tier-upgrade'. */
export default function TierUpgradePage() {
  return <ChangePage kind="tier-upgrade" />;
}
