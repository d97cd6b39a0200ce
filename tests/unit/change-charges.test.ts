/**
 * The self-service rules and arithmetic (docs/payments.md#self-service-changes): which tier a change
 * leads to, the amount of every tier pair in both currencies (hand-computed), the page's
 * back-computed base, and the tier-dependent fields and coupon rule shared by the wizard and
 * the server.
 */
import { describe, expect, it } from 'vitest';
import { backComputeChange, computeChangeCharges } from '../../src/shared/change-charges';
import { findTier, pricing } from '../../src/shared/pricing';
import { messages } from '../../src/shared/messages';
import { percentOf } from '../../src/shared/money';
import { changeTarget, couponTierError, tierDependentFields, type ChangeKind } from '../../src/shared/tier-rules';
import { specPricing } from './spec-edition';

/**
 * [kind, from, to, base, gst, convenience fee, total], money in minor units, computed by hand from
 * the 2025 fee table (tests/unit/spec-edition.ts, decision 018): its worked examples, checked against `specPricing`
 * whatever src/content says. The same pairs are checked against the content's own fees below.
 */
const PAIRS: [ChangeKind, string, string, number, number, number, number][] = [
  // Upgrade: 18 % GST on the difference, then 4 % on the taxed amount, each rounded half up.
  ['tier-upgrade', 'stud_ieee_indian_early', 'prof_ieee_indian_early', 350000, 63000, 16520, 429520],
  ['tier-upgrade', 'stud_non_indian_early', 'prof_non_indian_early', 420000, 75600, 19824, 515424],
  ['tier-upgrade', 'stud_ieee_indian_std', 'prof_ieee_indian_std', 550000, 99000, 25960, 674960],
  ['tier-upgrade', 'stud_non_indian_std', 'prof_non_indian_std', 660000, 118800, 31152, 809952],
  ['tier-upgrade', 'stud_ieee_foreign_early', 'prof_ieee_foreign_early', 10000, 1800, 472, 12272],
  ['tier-upgrade', 'stud_non_foreign_early', 'prof_non_foreign_early', 12000, 2160, 566, 14726],
  ['tier-upgrade', 'stud_ieee_foreign_std', 'prof_ieee_foreign_std', 10000, 1800, 472, 12272],
  ['tier-upgrade', 'stud_non_foreign_std', 'prof_non_foreign_std', 12000, 2160, 566, 14726],
  // IEEE change: member to non-member of the same type, region and period.
  ['ieee-change', 'prof_ieee_indian_early', 'prof_non_indian_early', 170000, 30600, 8024, 208624],
  ['ieee-change', 'prof_ieee_indian_std', 'prof_non_indian_std', 250000, 45000, 11800, 306800],
  ['ieee-change', 'stud_ieee_indian_early', 'stud_non_indian_early', 100000, 18000, 4720, 122720],
  ['ieee-change', 'stud_ieee_indian_std', 'stud_non_indian_std', 140000, 25200, 6608, 171808],
  ['ieee-change', 'prof_ieee_foreign_early', 'prof_non_foreign_early', 7000, 1260, 330, 8590],
  ['ieee-change', 'prof_ieee_foreign_std', 'prof_non_foreign_std', 9000, 1620, 425, 11045],
  ['ieee-change', 'stud_ieee_foreign_early', 'stud_non_foreign_early', 5000, 900, 236, 6136],
  ['ieee-change', 'stud_ieee_foreign_std', 'stud_non_foreign_std', 7000, 1260, 330, 8590],
];

describe('changeTarget', () => {
  it.each(PAIRS)('%s %s -> %s', (kind, from, to) => {
    expect(changeTarget(kind, from, pricing)?.id).toBe(to);
  });

  it('has no target for every other tier (already professional, already non-member, unknown)', () => {
    const withTarget = new Set(PAIRS.map(([kind, from]) => `${kind}:${from}`));
    for (const kind of ['tier-upgrade', 'ieee-change'] as const) {
      for (const tier of pricing.registrationTiers) {
        if (!withTarget.has(`${kind}:${tier.id}`)) expect(changeTarget(kind, tier.id, pricing), `${kind} ${tier.id}`).toBeNull();
      }
      expect(changeTarget(kind, 'stud_ieee_mars_std', pricing)).toBeNull();
    }
    // Every tier that can change is covered above: 8 student tiers, 8 member tiers.
    expect(PAIRS).toHaveLength(16);
  });
});

describe('computeChangeCharges', () => {
  it.each(PAIRS)('spec worked example: %s %s -> %s costs base %i + GST %i + fee %i = %i', (_kind, from, to, base, gst, fee, total) => {
    const charges = computeChangeCharges(specPricing, findTier(specPricing, from)!, findTier(specPricing, to)!);
    expect(charges).toEqual({
      currency: from.includes('foreign') ? 'USD' : 'INR',
      fromFee: Math.round(findTier(specPricing, from)!.fee * 100),
      toFee: Math.round(findTier(specPricing, to)!.fee * 100),
      base,
      gst,
      convenienceFee: fee,
      total,
    });
    expect(base + gst + fee).toBe(total);
  });

  it.each(PAIRS)("this edition's fees: %s %s -> %s costs the difference, GST on it and the convenience fee on both", (_kind, from, to) => {
    const fromFee = Math.round(findTier(pricing, from)!.fee * 100);
    const toFee = Math.round(findTier(pricing, to)!.fee * 100);
    const base = toFee - fromFee;
    const gst = percentOf(base, pricing.gst);
    const convenienceFee = percentOf(base + gst, pricing.convinienceFee);
    expect(computeChangeCharges(pricing, findTier(pricing, from)!, findTier(pricing, to)!)).toEqual({
      currency: from.includes('foreign') ? 'USD' : 'INR',
      fromFee,
      toFee,
      base,
      gst,
      convenienceFee,
      total: base + gst + convenienceFee,
    });
  });

  it('refuses a change across currencies or one that does not cost more', () => {
    const t = (id: string) => findTier(pricing, id)!;
    expect(() => computeChangeCharges(pricing, t('stud_non_indian_std'), t('prof_non_foreign_std'))).toThrow(RangeError);
    expect(() => computeChangeCharges(pricing, t('prof_non_indian_std'), t('stud_non_indian_std'))).toThrow(RangeError);
  });
});

describe('backComputeChange (the pages\' summary)', () => {
  it.each(PAIRS)('spec worked example: %s %s -> %s gives back the server\'s base, GST and fee from the total', (_kind, _from, _to, base, gst, fee, total) => {
    expect(backComputeChange(total, specPricing)).toEqual({ base, gst, convenienceFee: fee, total });
  });

  it.each(PAIRS)("this edition's fees: %s %s -> %s gives back the server's charges from their total", (_kind, from, to) => {
    const charges = computeChangeCharges(pricing, findTier(pricing, from)!, findTier(pricing, to)!);
    expect(backComputeChange(charges.total, pricing)).toEqual({ base: charges.base, gst: charges.gst, convenienceFee: charges.convenienceFee, total: charges.total });
  });
});

describe('tierDependentFields', () => {
  // Decision 011: a student tier no longer forces 'no paper' (a student may name its one paper).
  it('clears the IEEE number for non-member tiers and leaves the paper fields to the delegate', () => {
    expect(tierDependentFields('prof_ieee_indian_std')).toEqual({});
    expect(tierDependentFields('prof_non_indian_std')).toEqual({ ieeeMemberNumber: '' });
    expect(tierDependentFields('stud_ieee_indian_std')).toEqual({});
    expect(tierDependentFields('stud_non_foreign_early')).toEqual({ ieeeMemberNumber: '' });
  });

  it('changes no paper field when a delegate moves between student and full tiers', () => {
    expect(tierDependentFields('prof_ieee_indian_std', 'stud_ieee_indian_std')).toEqual({});
    expect(tierDependentFields('stud_ieee_indian_std', 'prof_ieee_indian_std')).toEqual({});
  });
});

describe('couponTierError', () => {
  it('allows coupons on professional tiers only, with the rules\' message', () => {
    for (const tier of pricing.registrationTiers) {
      expect(couponTierError(tier.id)).toBe(tier.id.startsWith('prof') ? null : messages.couponProfessionalOnly);
    }
  });
});
