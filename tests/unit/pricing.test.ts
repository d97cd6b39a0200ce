/**
 * The payment arithmetic of docs/rules.md#fees-arithmetic-and-timings, pinned for every tier, coupon and
 * extra-ticket combination. Expected base totals were computed independently with
 * decimal arithmetic (ROUND_HALF_UP to 2 decimals); the sweep compares computeCharges with an
 * oracle written in BigInt cents from the rules' words.
 */
import { describe, expect, it } from 'vitest';
import { computeCharges, findTier, isEarlyBirdOpen, pricing, tiersOnOffer, UnknownTierError, type ChargeInput, type CouponType } from '../../src/shared/pricing';
import { formatMoney, percentOf, toMinor } from '../../src/shared/money';
import { at } from '../setup/edition-clock';
import { is2025Edition, isEdition2025, specFeeDifferences, specPricing } from './spec-edition';
import { registrationFees } from '../../src/content/registration';
import { conference } from '../../src/content/conference';

const base = (tier: string): ChargeInput => ({ registrationTier: tier, welcomeReception: 'no', additionalReceptionTickets: 0, galaDinner: 'no', additionalGalaDinnerTickets: 0 });

describe.runIf(is2025Edition)('tier catalogue, 2025 edition content against the 2025 fee table (decision 018)', () => {
  const expected: Array<[string, number, number]> = [
    ['prof_ieee_early', 8500, 350],
    ['prof_non_early', 10200, 420],
    ['prof_ieee_std', 12500, 450],
    ['prof_non_std', 15000, 540],
    ['stud_ieee_early', 5000, 250],
    ['stud_non_early', 6000, 300],
    ['stud_ieee_std', 7000, 350],
    ['stud_non_std', 8400, 420],
  ];
  it.each(expected)('%s costs ₹%i in India and $%i abroad', (key, inr, usd) => {
    const [cat, mem, period] = key.split('_');
    expect(findTier(pricing, `${cat}_${mem}_indian_${period}`)).toMatchObject({ fee: inr, currency: 'INR', region: 'Indian' });
    expect(findTier(pricing, `${cat}_${mem}_foreign_${period}`)).toMatchObject({ fee: usd, currency: 'USD', region: 'Foreign' });
  });
  it('has 16 tiers with the id conventions of docs/rules.md#pricing', () => {
    expect(pricing.registrationTiers).toHaveLength(16);
    for (const t of pricing.registrationTiers) {
      expect(t.id.startsWith('prof') || t.id.startsWith('stud')).toBe(true);
      expect(t.id.includes('ieee') !== t.id.includes('non')).toBe(true);
      expect(t.id.endsWith('_early') ? t.type === 'Early Bird' : t.id.endsWith('_std') && t.type === 'Standard').toBe(true);
    }
    expect(pricing.gst).toBe(18);
    expect(pricing.convinienceFee).toBe(4);
  });
});

describe('a fee typo in src/content', () => {
  it.runIf(is2025Edition)("2025 edition: the content's fee table is the 2025 one, tier by tier", () => {
    expect(specFeeDifferences(pricing)).toEqual([]);
  });

  it('fails the fee-table check rather than switching it off: the edition is told by its dates, not its fees', () => {
    // The same dates with a mistyped fee are still the 2025 edition, so the check above runs...
    expect(isEdition2025({ startDate: '2025-12-18', earlyBirdDate: '2025-11-01' })).toBe(true);
    // ...and names the tier.
    const typo = { ...specPricing, registrationTiers: specPricing.registrationTiers.map((t) => (t.id === 'prof_non_indian_std' ? { ...t, fee: 15500 } : t)) };
    expect(specFeeDifferences(typo)).toEqual(['prof_non_indian_std: 15500 (spec: 15000)']);
    // A next edition moves its dates, and checks its own figures instead (decision 018).
    expect(isEdition2025({ startDate: '2026-12-18', earlyBirdDate: '2026-11-01' })).toBe(false);
  });
});

// The 2025 worked examples (decision 018): fixed cases, computed from the 2025 fee table (specPricing), not the content.
describe("totals without coupon or extras (the 2025 worked examples, 2025 fee table)", () => {
  const totals: Array<[string, number]> = [
    ['prof_ieee_indian_early', 10431.2], ['prof_ieee_foreign_early', 429.52],
    ['prof_non_indian_early', 12517.44], ['prof_non_foreign_early', 515.42],
    ['prof_ieee_indian_std', 15340.0], ['prof_ieee_foreign_std', 552.24],
    ['prof_non_indian_std', 18408.0], ['prof_non_foreign_std', 662.69],
    ['stud_ieee_indian_early', 6136.0], ['stud_ieee_foreign_early', 306.8],
    ['stud_non_indian_early', 7363.2], ['stud_non_foreign_early', 368.16],
    ['stud_ieee_indian_std', 8590.4], ['stud_ieee_foreign_std', 429.52],
    ['stud_non_indian_std', 10308.48], ['stud_non_foreign_std', 515.42],
  ];
  it.each(totals)('%s totals %d', (tier, total) => {
    expect(computeCharges(specPricing, base(tier), null).total).toBe(toMinor(total));
  });
  it('rounds the convenience fee half up: $540 -> GST 97.20, fee 25.488 -> 25.49', () => {
    const c = computeCharges(specPricing, base('prof_non_foreign_std'), null);
    expect([c.subtotal, c.gst, c.convenienceFee, c.total]).toEqual([54000, 9720, 2549, 66269]);
  });
  it('half coupon with three extra tickets each, in USD', () => {
    const input: ChargeInput = { registrationTier: 'prof_ieee_foreign_early', welcomeReception: 'yes', additionalReceptionTickets: 3, galaDinner: 'yes', additionalGalaDinnerTickets: 3 };
    const c = computeCharges(specPricing, input, 'half');
    expect([c.registrationFee, c.welcomeReceptionExtraFee, c.galaDinnerExtraFee, c.subtotal, c.gst, c.convenienceFee, c.total]).toEqual([17500, 9000, 15000, 41500, 7470, 1959, 50929]);
  });
});

/** The rules' words (docs/rules.md#fees-arithmetic-and-timings), independently, in BigInt cents with half-up rounding. */
function oracle(tierFee: number, coupon: CouponType | null, rTickets: number, gTickets: number, rPrice: number, gPrice: number): bigint {
  const roundDiv = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
  let fee = BigInt(tierFee) * 100n;
  if (coupon === 'full') fee = 0n;
  if (coupon === 'half') fee = roundDiv(fee, 2n);
  const subtotal = fee + BigInt(rTickets * rPrice) * 100n + BigInt(gTickets * gPrice) * 100n;
  const gst = roundDiv(subtotal * 18n, 100n);
  const conv = roundDiv((subtotal + gst) * 4n, 100n);
  return subtotal + gst + conv;
}

describe('every tier x coupon x extra-ticket combination', () => {
  const coupons: Array<CouponType | null> = [null, 'half', 'full'];
  let checked = 0;
  it('matches the oracle, and extras count only when attending', () => {
    for (const tier of pricing.registrationTiers) {
      for (const coupon of coupons) {
        for (const rYes of ['yes', 'no'] as const) {
          for (const gYes of ['yes', 'no'] as const) {
            for (let r = 0; r <= 3; r++) {
              for (let g = 0; g <= 3; g++) {
                const input: ChargeInput = { registrationTier: tier.id, welcomeReception: rYes, additionalReceptionTickets: r, galaDinner: gYes, additionalGalaDinnerTickets: g };
                const c = computeCharges(pricing, input, coupon);
                const want = oracle(tier.fee, coupon, rYes === 'yes' ? r : 0, gYes === 'yes' ? g : 0, pricing.welcomeReception[tier.currency], pricing.galaDinner[tier.currency]);
                expect(BigInt(c.total)).toBe(want);
                expect(c.subtotal + c.gst + c.convenienceFee).toBe(c.total);
                expect(c.currency).toBe(tier.currency);
                checked++;
              }
            }
          }
        }
      }
    }
    expect(checked).toBe(16 * 3 * 4 * 16);
  });
  it('a full coupon with no extras costs nothing', () => {
    expect(computeCharges(pricing, base('prof_ieee_indian_std'), 'full').total).toBe(0);
  });
  it('throws for an unknown tier', () => {
    expect(() => computeCharges(pricing, base('gold'), null)).toThrow(UnknownTierError);
  });
});

describe('money helpers', () => {
  it('percentOf is integer and half-up', () => {
    expect(percentOf(850000, 18)).toBe(153000);
    expect(percentOf(63720, 4)).toBe(2549);
    expect(percentOf(12, 50)).toBe(6);
    expect(() => percentOf(1.5, 18)).toThrow(RangeError);
  });
  it('formats with symbol and two decimals', () => {
    expect(formatMoney(1043120, 'INR')).toBe('₹10,431.20');
    expect(formatMoney(66269, 'USD')).toBe('$662.69');
  });
});

describe(`Early Bird window (last day ${registrationFees.earlyBirdDate} inclusive, ${conference.timeZone})`, () => {
  // From the edition's content (2025: 1 Nov 2025 inclusive, IST), so a next edition's dates pass.
  const lastDay = registrationFees.earlyBirdDate;
  it('is open through the last minute of its last day in the conference zone and closed after', () => {
    expect(isEarlyBirdOpen(new Date(at(lastDay, 0, '23:59:59')))).toBe(true);
    expect(isEarlyBirdOpen(new Date(new Date(at(lastDay, 1, '00:00:00')).getTime() - 1000))).toBe(true);
    expect(isEarlyBirdOpen(new Date(at(lastDay, 1, '00:00:00')))).toBe(false);
    expect(isEarlyBirdOpen(new Date(at(lastDay, 384, '05:30:00')))).toBe(false);
  });
  it('offers Early Bird or Standard tiers of one region by date', () => {
    const early = tiersOnOffer(pricing, new Date(at(lastDay, -31, '05:30:00')), 'Indian');
    expect(early.map((t) => t.id)).toEqual(['prof_ieee_indian_early', 'prof_non_indian_early', 'stud_ieee_indian_early', 'stud_non_indian_early']);
    const std = tiersOnOffer(pricing, new Date(at(lastDay, 4, '05:30:00')), 'Foreign');
    expect(std.every((t) => t.type === 'Standard' && t.currency === 'USD')).toBe(true);
    expect(std).toHaveLength(4);
  });
});
