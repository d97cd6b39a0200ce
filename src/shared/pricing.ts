/**
 * The tier catalogue and the payment arithmetic (docs/rules.md#pricing, #fees-arithmetic-and-timings).
 * Isomorphic and pure: the wizard's summary and the server's order both call
 * computeCharges() with the same Pricing object, so they cannot disagree.
 */
import { conference } from '../content/conference';
import { registrationFees } from '../content/registration';
import { onOrBefore } from './dates';
import { edition } from './edition';
import { editionPhase, type EditionPhase } from './schedule';
import { type Currency, percentOf, toMinor } from './money';

export type Region = 'Indian' | 'Foreign';
export type TierType = 'Early Bird' | 'Standard';
export type CouponType = 'full' | 'half';

/** One registration tier as GET /api/pricing returns it. `fee` is in whole units of `currency`. */
export interface Tier {
  id: string;
  label: string;
  region: Region;
  type: TierType;
  fee: number;
  currency: Currency;
}

/** The pricing response (docs/rules.md#pricing). Money in whole units; percentages as integers. */
export interface Pricing {
  registrationTiers: Tier[];
  earlyBirdDate: string;
  standardDeadline: string;
  welcomeReception: Record<Currency, number>;
  galaDinner: Record<Currency, number>;
  gst: number;
  /** Convenience fee in percent; its API spelling `convinienceFee` is kept on the wire (docs/rules.md#pricing). */
  convinienceFee: number;
}

const categoryLabel = { prof: 'Full Registration', stud: 'Student Registration' } as const;
const membershipLabel = { ieee: 'IEEE Member', non: 'Non-IEEE Member' } as const;
const periodType = { early: 'Early Bird', std: 'Standard' } as const;
const regions = [
  { key: 'indian', region: 'Indian', currency: 'INR' },
  { key: 'foreign', region: 'Foreign', currency: 'USD' },
] as const;

/**
 * Tier ids follow docs/rules.md#pricing: they start with 'prof' or 'stud', contain 'ieee' or
 * 'non', and end in '_early' or '_std'; the region sits in between, e.g. prof_ieee_indian_early.
 */
function buildTiers(): Tier[] {
  const tiers: Tier[] = [];
  for (const { key: regionKey, region, currency } of regions) {
    for (const category of ['prof', 'stud'] as const) {
      for (const membership of ['ieee', 'non'] as const) {
        for (const period of ['early', 'std'] as const) {
          tiers.push({
            id: `${category}_${membership}_${regionKey}_${period}`,
            label: `${categoryLabel[category]} – ${membershipLabel[membership]} (${region}, ${periodType[period]})`,
            region,
            type: periodType[period],
            fee: registrationFees.fees[category][membership][period][currency],
            currency,
          });
        }
      }
    }
  }
  return tiers;
}

/** The whole pricing object for this edition (served by GET /api/pricing). */
export const pricing: Pricing = {
  registrationTiers: buildTiers(),
  earlyBirdDate: registrationFees.earlyBirdDate,
  standardDeadline: registrationFees.standardDeadline,
  welcomeReception: { ...registrationFees.extraTickets.welcomeReception },
  galaDinner: { ...registrationFees.extraTickets.galaDinner },
  gst: registrationFees.gst,
  convinienceFee: registrationFees.convenienceFee,
};

export const isIeeeTier = (tierId: string): boolean => tierId.includes('ieee');
export const isStudentTier = (tierId: string): boolean => tierId.startsWith('stud');
export const isProfessionalTier = (tierId: string): boolean => tierId.startsWith('prof');
export const isEarlyBirdTier = (tierId: string): boolean => tierId.endsWith('_early');

export function findTier(p: Pricing, tierId: string): Tier | undefined {
  return p.registrationTiers.find((t) => t.id === tierId);
}

/** The tier's public name ("Full Registration – Non-IEEE Member (Indian, Standard)"), or the id when unknown; '' for none. What every page, e-mail, invoice and CSV shows, never the id. */
export function tierLabel(tierId: string | undefined): string {
  if (!tierId) return '';
  return findTier(pricing, tierId)?.label ?? tierId;
}

/**
 * Early Bird pricing is offered while today (in the conference time zone) is on or before
 * earlyBirdDate, otherwise Standard (docs/rules.md#the-registration-wizard).
 */
export function isEarlyBirdOpen(now: Date, p: Pick<Pricing, 'earlyBirdDate'> = pricing): boolean {
  return onOrBefore(now, p.earlyBirdDate, conference.timeZone);
}

/**
 * Whether online registration is open at `now`: the edition's phase (src/shared/edition.ts,
 * docs/decisions/031-edition-phases.md) is 'registration-open', with `p.standardDeadline` as the
 * last day (the Standard period ends on 15 Nov 2025 at 23:59 IST: docs/rules.md#fees-arithmetic-and-timings,
 * "standard (by 15 Nov 2025)"). Otherwise the wizard shows the notice of the phase and
 * create-order refuses, except in admin mode.
 */
export function isRegistrationOpen(now: Date, p: Pick<Pricing, 'standardDeadline'> = pricing): boolean {
  return registrationPhase(now, p) === 'registration-open';
}

/** The edition's phase at `now` (src/shared/edition.ts) with `p.standardDeadline` as the last day of online registration. */
export function registrationPhase(now: Date, p: Pick<Pricing, 'standardDeadline'> = pricing): EditionPhase {
  return editionPhase({ ...edition, registrationCloses: p.standardDeadline }, now);
}

/** The tiers a delegate may pick today: the current period, in their region. */
export function tiersOnOffer(p: Pricing, now: Date, region: Region): Tier[] {
  const type: TierType = isEarlyBirdOpen(now, p) ? 'Early Bird' : 'Standard';
  return p.registrationTiers.filter((t) => t.type === type && t.region === region);
}

/** What computeCharges needs from the form. */
export interface ChargeInput {
  registrationTier: string;
  welcomeReception: 'yes' | 'no' | '';
  additionalReceptionTickets: number;
  galaDinner: 'yes' | 'no' | '';
  additionalGalaDinnerTickets: number;
}

/** Every figure of the summary, in minor units of `currency`. */
export interface Charges {
  currency: Currency;
  /** Tier fee before any coupon. */
  baseFee: number;
  /** Tier fee after the coupon ('full' makes it 0, 'half' halves it). */
  registrationFee: number;
  welcomeReceptionExtraFee: number;
  galaDinnerExtraFee: number;
  subtotal: number;
  gst: number;
  convenienceFee: number;
  total: number;
}

export class UnknownTierError extends Error {
  constructor(tierId: string) {
    super(`Unknown registration tier: ${tierId}`);
    this.name = 'UnknownTierError';
  }
}

/**
 * The taxes of a taxable amount (docs/rules.md#fees-arithmetic-and-timings): GST =
 * gst% of `baseMinor`, then the convenience fee = convinienceFee% of the taxed amount (base +
 * GST), each rounded half up to a whole minor unit. Takes and returns integer minor units of one
 * currency; `total` = base + GST + convenience fee. Used by the wizard, the tier changes and the
 * name transfer's fee, so every amount Checkout charges is taxed the same way.
 */
export function addTaxes(p: Pick<Pricing, 'gst' | 'convinienceFee'>, baseMinor: number): { gst: number; convenienceFee: number; total: number } {
  const gst = percentOf(baseMinor, p.gst);
  const convenienceFee = percentOf(baseMinor + gst, p.convinienceFee);
  return { gst, convenienceFee, total: baseMinor + gst + convenienceFee };
}

/**
 * The wizard payment arithmetic of docs/rules.md#fees-arithmetic-and-timings, in integer minor units:
 * fee (after coupon) + extra reception + extra dinner = subtotal; GST = gst% of subtotal;
 * convenience fee = convinienceFee% of (subtotal + GST); each rounded half up to a minor unit.
 * Extra tickets count only when the delegate attends that event.
 * Throws UnknownTierError when the tier is not in `p`.
 */
export function computeCharges(p: Pricing, input: ChargeInput, coupon: CouponType | null): Charges {
  const tier = findTier(p, input.registrationTier);
  if (!tier) throw new UnknownTierError(input.registrationTier);
  const currency = tier.currency;
  const baseFee = toMinor(tier.fee);
  const registrationFee = coupon === 'full' ? 0 : coupon === 'half' ? percentOf(baseFee, 50) : baseFee;
  const receptionTickets = input.welcomeReception === 'yes' ? input.additionalReceptionTickets : 0;
  const dinnerTickets = input.galaDinner === 'yes' ? input.additionalGalaDinnerTickets : 0;
  const welcomeReceptionExtraFee = receptionTickets * toMinor(p.welcomeReception[currency]);
  const galaDinnerExtraFee = dinnerTickets * toMinor(p.galaDinner[currency]);
  const subtotal = registrationFee + welcomeReceptionExtraFee + galaDinnerExtraFee;
  const { gst, convenienceFee, total } = addTaxes(p, subtotal);
  return {
    currency,
    baseFee,
    registrationFee,
    welcomeReceptionExtraFee,
    galaDinnerExtraFee,
    subtotal,
    gst,
    convenienceFee,
    total,
  };
}
