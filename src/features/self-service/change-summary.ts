/**
 * What the tier-upgrade and IEEE-change pages show before paying (docs/rules.md#the-self-service-pages, #the-registration-form-and-its-checks
 * and 9): who, which tier to which, and the amounts back-computed from the order's total. Pure:
 * no React, no I/O, so tests/unit can pin it.
 */
import type { CheckoutOrder, IeeeChangeNotes, PublicRegistration, UpgradeNotes } from '../../shared/api';
import { backComputeChange } from '../../shared/change-charges';
import type { Currency } from '../../shared/money';
import { fullName } from '../../shared/person-name';
import type { Pricing } from '../../shared/pricing';

/** The amounts a summary card shows (AmountsAndPay prints them): money in minor units of `currency`. */
export interface SummaryAmounts {
  currency: Currency;
  gstPercent: number;
  convenienceFeePercent: number;
  base: number;
  gst: number;
  convenienceFee: number;
  total: number;
}

/** Everything the change's summary card shows. */
export interface ChangeSummary extends SummaryAmounts {
  name: string;
  organization: string;
  fromLabel: string;
  toLabel: string;
}

/** The from and to tier ids of an order's notes, whichever kind it is. */
export function changeTiers(notes: UpgradeNotes | IeeeChangeNotes): { from: string; to: string } {
  return 'upgradeFrom' in notes ? { from: notes.upgradeFrom, to: notes.upgradeTo } : { from: notes.changeFrom, to: notes.changeTo };
}

/**
 * The summary of `order` for `registration`. Tier labels come from `pricing` (the pages read
 * only id, label and fee of each tier, docs/rules.md#pricing); an id the catalogue does not know is
 * shown as is rather than hidden. The amounts are backComputeChange(order.amount): base = total
 * / (1.18 x 1.04) as docs/rules.md#fees-arithmetic-and-timings prescribes, so the lines always add up to what Checkout charges.
 */
export function changeSummary(
  registration: PublicRegistration,
  pricing: Pick<Pricing, 'registrationTiers' | 'gst' | 'convinienceFee'>,
  order: CheckoutOrder<UpgradeNotes | IeeeChangeNotes>,
): ChangeSummary {
  const { from, to } = changeTiers(order.notes);
  const label = (id: string) => pricing.registrationTiers.find((t) => t.id === id)?.label ?? id;
  const amounts = backComputeChange(order.amount, pricing);
  return {
    name: fullName(registration),
    organization: registration.organization,
    fromLabel: label(from || registration.registrationTier),
    toLabel: label(to),
    currency: order.currency,
    gstPercent: pricing.gst,
    convenienceFeePercent: pricing.convinienceFee,
    ...amounts,
  };
}

/**
 * What changed in a registration since its summary was shown (a summary made stale by
 * another tab hides its Pay button and says what changed): one sentence per changed field, tier
 * labels from `pricing`. Takes the registration the summary was made from and the one read now;
 * returns [] when nothing the summary shows has changed.
 */
export function registrationChanges(then: PublicRegistration, now: PublicRegistration, pricing: Pick<Pricing, 'registrationTiers'>): string[] {
  const label = (id: string) => pricing.registrationTiers.find((t) => t.id === id)?.label ?? id;
  const changes: string[] = [];
  if (then.registrationTier !== now.registrationTier) changes.push(`Its tier is now ${label(now.registrationTier)} (was ${label(then.registrationTier)}).`);
  if (fullName(then) !== fullName(now)) changes.push(`It is now in the name of ${fullName(now)} (was ${fullName(then)}).`);
  if (then.organization !== now.organization) changes.push(`Its organisation is now ${now.organization} (was ${then.organization}).`);
  return changes;
}
