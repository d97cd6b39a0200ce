/**
 * The upgrade and conversion arithmetic (docs/rules.md#fees-arithmetic-and-timings, "Upgrade and conversion
 * arithmetic"): total = base difference + GST on it, then + the convenience fee on the taxed
 * amount, each rounded half up to a minor unit exactly like the wizard's arithmetic. One
 * function for the self-service pages' summary and the server's order. Pure.
 */
import type { Currency } from './money';
import { percentOf, toMinor } from './money';
import { addTaxes, type Pricing, type Tier } from './pricing';

/** Every figure of a tier change, in minor units of `currency` (paise or cents). */
export interface ChangeCharges {
  currency: Currency;
  /** Fee of the tier the registration has now (whole tier fee, before any coupon). */
  fromFee: number;
  /** Fee of the tier it moves to. */
  toFee: number;
  /** toFee - fromFee: the base difference. */
  base: number;
  gst: number;
  convenienceFee: number;
  total: number;
}

/**
 * The charges for moving a registration from tier `from` to tier `to` (same currency).
 * Throws RangeError when the currencies differ or `to` is not dearer than `from` (a change
 * that costs nothing or refunds is not a payment).
 */
export function computeChangeCharges(p: Pick<Pricing, 'gst' | 'convinienceFee'>, from: Tier, to: Tier): ChangeCharges {
  if (from.currency !== to.currency) throw new RangeError(`tiers ${from.id} and ${to.id} are priced in different currencies`);
  const fromFee = toMinor(from.fee);
  const toFee = toMinor(to.fee);
  const base = toFee - fromFee;
  if (base <= 0) throw new RangeError(`tier ${to.id} does not cost more than ${from.id}`);
  return { currency: to.currency, fromFee, toFee, base, ...addTaxes(p, base) };
}

/**
 * What the pages show from an order's total (docs/rules.md#fees-arithmetic-and-timings: "The UI back-computes
 * base = total / (1.18 x 1.04)"), in minor units: the base, GST and convenience fee that add
 * up to `totalMinor`. With the edition's percentages the back-computed base is the server's
 * base to the paisa for every tier pair (tests/unit/change-charges.test.ts pins it).
 */
export function backComputeChange(totalMinor: number, p: Pick<Pricing, 'gst' | 'convinienceFee'>): { base: number; gst: number; convenienceFee: number; total: number } {
  const factor = (1 + p.gst / 100) * (1 + p.convinienceFee / 100);
  const base = Math.round(totalMinor / factor);
  const gst = percentOf(base, p.gst);
  const convenienceFee = totalMinor - base - gst;
  return { base, gst, convenienceFee, total: totalMinor };
}

/**
 * The charges of a flat fee (the name transfer's processing fee, docs/rules.md#fees-arithmetic-and-timings: INR 2000 /
 * USD 50 "plus GST and the convenience fee"): base = the fee, then GST and the convenience fee
 * exactly as for a tier change. `fee` in whole units of `currency`.
 */
export function computeFeeCharges(p: Pick<Pricing, 'gst' | 'convinienceFee'>, currency: Currency, fee: number): ChangeCharges {
  const base = toMinor(fee);
  return { currency, fromFee: 0, toFee: base, base, ...addTaxes(p, base) };
}
