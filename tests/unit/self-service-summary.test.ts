/**
 * The summary the tier-upgrade and IEEE-change pages show (src/features/self-service/
 * change-summary.ts): labels from the pricing catalogue, amounts back-computed from the order's
 * total (docs/payments.md#self-service-changes), lines that add up to what Checkout charges.
 */
import { describe, expect, it } from 'vitest';
import { changeSummary, changeTiers, registrationChanges } from '../../src/features/self-service/change-summary';
import type { PublicRegistration } from '../../src/shared/api';
import { computeChangeCharges } from '../../src/shared/change-charges';
import { findTier, pricing } from '../../src/shared/pricing';
import { changeTarget } from '../../src/shared/tier-rules';

const registration: PublicRegistration = {
  registrationNumber: 'PESGRE25-ABCD2345',
  title: 'Ms',
  firstName: 'Meera',
  lastName: 'Nair',
  organization: 'IIT Madras',
  registrationTier: 'stud_non_indian_std',
};

describe('changeSummary', () => {
  it('labels both tiers and back-computes the server amounts of every upgrade and IEEE change', () => {
    for (const kind of ['tier-upgrade', 'ieee-change'] as const) {
      for (const from of pricing.registrationTiers) {
        const to = changeTarget(kind, from.id, pricing);
        if (!to) continue;
        const charges = computeChangeCharges(pricing, from, to);
        const notes =
          kind === 'tier-upgrade'
            ? { upgradeAmount: charges.total / 100, upgradeFrom: from.id, upgradeTo: to.id }
            : { changeAmount: charges.total / 100, changeFrom: from.id, changeTo: to.id };
        const s = changeSummary({ ...registration, registrationTier: from.id }, pricing, { id: 'order_X', currency: to.currency, amount: charges.total, key: 'rzp', notes });
        expect(s).toMatchObject({ fromLabel: from.label, toLabel: to.label, currency: to.currency, base: charges.base, gst: charges.gst, total: charges.total });
        expect(s.base + s.gst + s.convenienceFee).toBe(s.total);
      }
    }
  });

  it('student non-member Indian Standard to professional: 6600 + 1188 + 311.52 = 8099.52', () => {
    const s = changeSummary(registration, pricing, {
      id: 'order_X',
      currency: 'INR',
      amount: 809952,
      key: 'rzp',
      notes: { upgradeAmount: 8099.52, upgradeFrom: 'stud_non_indian_std', upgradeTo: 'prof_non_indian_std' },
    });
    expect(s).toEqual({
      name: 'Ms Meera Nair',
      organization: 'IIT Madras',
      fromLabel: findTier(pricing, 'stud_non_indian_std')!.label,
      toLabel: findTier(pricing, 'prof_non_indian_std')!.label,
      currency: 'INR',
      gstPercent: 18,
      convenienceFeePercent: 4,
      base: 660000,
      gst: 118800,
      convenienceFee: 31152,
      total: 809952,
    });
  });

  it('shows an unknown tier id as is and skips an empty title', () => {
    const s = changeSummary({ ...registration, title: '' as never }, pricing, {
      id: 'order_X',
      currency: 'USD',
      amount: 1000,
      key: 'rzp',
      notes: { changeAmount: 10, changeFrom: 'mystery_tier', changeTo: 'prof_non_foreign_std' },
    });
    expect(s.name).toBe('Meera Nair');
    expect(s.fromLabel).toBe('mystery_tier');
    expect(changeTiers({ changeAmount: 1, changeFrom: 'a', changeTo: 'b' })).toEqual({ from: 'a', to: 'b' });
  });
});

describe('registrationChanges (a stale summary says what changed)', () => {
  it('says nothing when the registration is as the summary showed it', () => {
    expect(registrationChanges(registration, { ...registration }, pricing)).toEqual([]);
  });

  it('names the new and the old tier by their labels, the new name and the new organisation', () => {
    const now: PublicRegistration = { ...registration, registrationTier: 'prof_non_indian_std', title: 'Dr', lastName: 'Rao', organization: 'IISc' };
    expect(registrationChanges(registration, now, pricing)).toEqual([
      `Its tier is now ${findTier(pricing, 'prof_non_indian_std')!.label} (was ${findTier(pricing, 'stud_non_indian_std')!.label}).`,
      'It is now in the name of Dr Meera Rao (was Ms Meera Nair).',
      'Its organisation is now IISc (was IIT Madras).',
    ]);
  });
});
