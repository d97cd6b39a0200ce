/**
 * What the name-transfer page states about money (src/features/self-service/transfer-summary.ts;
 * docs/rules.md#fees-arithmetic-and-timings: INR 2000 / USD 50 plus GST and the convenience fee): the fee in both
 * currencies, and an order's breakdown that adds up to what Checkout charges.
 */
import { describe, expect, it } from 'vitest';
import { transferFees, transferSummary } from '../../src/features/self-service/transfer-summary';
import { formatMoney } from '../../src/shared/money';
import { pricing } from '../../src/shared/pricing';

describe('name transfer fee', () => {
  it('is INR 2000 and USD 50 plus 18 % GST and the 4 % convenience fee', () => {
    const fees = transferFees(pricing);
    // 2000 + 360 = 2360; + 94.40 -> 2454.40. 50 + 9 = 59; + 2.36 -> 61.36.
    expect(fees.INR).toMatchObject({ currency: 'INR', base: 200000, gst: 36000, convenienceFee: 9440, total: 245440 });
    expect(fees.USD).toMatchObject({ currency: 'USD', base: 5000, gst: 900, convenienceFee: 236, total: 6136 });
    expect(formatMoney(fees.INR.total, 'INR')).toBe('₹2,454.40');
    expect(formatMoney(fees.USD.total, 'USD')).toBe('$61.36');
  });

  it("the summary of an order back-computes the server's breakdown in either currency", () => {
    const fees = transferFees(pricing);
    for (const currency of ['INR', 'USD'] as const) {
      const notes = { transferAmount: fees[currency].total / 100, transferFrom: 'Dr Asha Kulkarni', transferTo: 'Ms Meera Shankar' };
      const s = transferSummary('PESGRE25-ABCD2345', { amount: fees[currency].total, currency, notes }, pricing);
      expect(s).toEqual({
        registrationNumber: 'PESGRE25-ABCD2345',
        fromName: 'Dr Asha Kulkarni',
        toName: 'Ms Meera Shankar',
        currency,
        gstPercent: 18,
        convenienceFeePercent: 4,
        base: fees[currency].base,
        gst: fees[currency].gst,
        convenienceFee: fees[currency].convenienceFee,
        total: fees[currency].total,
      });
    }
  });
});
