/**
 * The 2025 edition as its fee table was published (docs/rules.md#fees-arithmetic-and-timings), for tests that must not move
 * when the next committee edits src/content:
 *
 * - `specPricing`: this edition's pricing with the 2025 fee table put back, so its worked
 *   examples (the totals of each tier) stay fixed cases of their own, whatever the content says;
 * - `is2025Edition`: true while src/content still holds the 2025 edition's dates. Checks of the
 *   content against the 2025 figures hold only then, so they run only then (`describe.runIf`) and say so
 *   in their names; the fee table is one of them, so a fee typo fails it
 *   (docs/decisions/018-edition-figures-in-tests.md).
 */
import { conference } from '../../src/content/conference';
import { registrationFees } from '../../src/content/registration';
import { pricing, type Pricing } from '../../src/shared/pricing';

/** The 2025 fee table: [category][membership][period] = [INR, USD]. */
export const SPEC_FEES = {
  prof: { ieee: { early: [8500, 350], std: [12500, 450] }, non: { early: [10200, 420], std: [15000, 540] } },
  stud: { ieee: { early: [5000, 250], std: [7000, 350] }, non: { early: [6000, 300], std: [8400, 420] } },
} as const;

/** The pricing of the 2025 fee table (tier ids, labels, GST and convenience fee as in the content). */
export const specPricing: Pricing = {
  ...pricing,
  gst: 18,
  convinienceFee: 4,
  registrationTiers: pricing.registrationTiers.map((t) => {
    const [category, membership, , period] = t.id.split('_') as ['prof' | 'stud', 'ieee' | 'non', string, 'early' | 'std'];
    return { ...t, fee: SPEC_FEES[category][membership][period][t.currency === 'INR' ? 0 : 1] };
  }),
};

/**
 * Whether content with these dates is the 2025 edition the fee table describes. Decided by the dates
 * alone, never by the fees: a fee typo in src/content must fail the fee-table tests, not switch
 * them off (as it did while the fees were part of this test). A next edition moves the dates.
 */
export function isEdition2025(dates: { startDate: string; earlyBirdDate: string }): boolean {
  return dates.startDate === '2025-12-18' && dates.earlyBirdDate === '2025-11-01';
}

/** True while the content is the 2025 edition (its dates): its fee table must then be the 2025 one. */
export const is2025Edition = isEdition2025({ startDate: conference.startDate, earlyBirdDate: registrationFees.earlyBirdDate });

/** The tiers of `p` whose fee is not the 2025 fee table's, as 'tier: fee (spec: fee)'. */
export function specFeeDifferences(p: Pricing): string[] {
  return p.registrationTiers.flatMap((t, i) => {
    const spec = specPricing.registrationTiers[i]!;
    return spec.id === t.id && spec.fee === t.fee ? [] : [`${t.id}: ${t.fee} (spec: ${spec.fee})`];
  });
}
