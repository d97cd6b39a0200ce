/**
 * The refund rule (docs/rules.md#fees-arithmetic-and-timings: "50% of the fee, excluding GST and convenience
 * charges, if requested before 20 Nov 2025, paid only after the conference. Otherwise the fee is
 * non-refundable"), and how a refund is split over a registration's payments. Pure: the
 * request time is passed in.
 */
import { conference } from '../content/conference';
import { invoicing } from '../content/invoicing';
import type { StoredRegistration } from './api';
import { changeKinds, isPaidChange } from './change-kinds';
import { localDate } from './financial-year';
import type { Currency } from './money';
import { percentOf } from './money';
import { conferencePhase } from './schedule';

/** The registration fee the rule applies to, in minor units: the fee paid at registration (after any coupon) plus every paid tier change's fee difference (not a name transfer's processing fee). */
export function refundableFee(r: Pick<StoredRegistration, 'charges' | 'history'>): number {
  let fee = r.charges.registrationFee;
  // Tier differences are registration fee; a name transfer's processing fee is not.
  for (const change of r.history ?? []) if (isPaidChange(change) && changeKinds[change.kind].refundableFee && change.charges) fee += change.charges.base;
  return fee;
}

/** What a cancellation requested at `requestedAt` refunds. `beforeDeadline` is false from 20 Nov 2025 00:00 IST. */
export interface RefundQuote {
  beforeDeadline: boolean;
  /** Minor units; 0 when nothing is refunded. */
  amount: number;
  fee: number;
  currency: Currency;
}

/** The refund due for cancelling `r` at `requestedAt` (50 % of refundableFee, half-up to the paisa, or 0). */
export function refundQuote(r: Pick<StoredRegistration, 'charges' | 'history'>, requestedAt: Date): RefundQuote {
  const beforeDeadline = localDate(requestedAt, conference.timeZone) < invoicing.refund.requestBefore;
  const fee = refundableFee(r);
  return { beforeDeadline, fee, amount: beforeDeadline ? percentOf(fee, invoicing.refund.percent) : 0, currency: r.charges.currency };
}

/** True once the conference is over (refunds are paid only then): after its last day, in IST. */
export function conferenceEnded(at: Date): boolean {
  return conferencePhase(conference, at) === 'ended';
}

/**
 * Splits a refund of `amount` (minor units) over the registration's payments: the registration's
 * own payment first, then each paid change's, never more than a payment's amount. Throws
 * RangeError when the payments cannot cover it.
 */
export function refundParts(r: Pick<StoredRegistration, 'paymentId' | 'charges' | 'history'>, amount: number): { paymentId: string; amount: number }[] {
  const payments = [{ paymentId: r.paymentId, amount: r.charges.total }];
  for (const change of r.history ?? []) if (isPaidChange(change) && change.charges) payments.push({ paymentId: change.paymentId, amount: change.charges.total });
  const parts: { paymentId: string; amount: number }[] = [];
  let left = amount;
  for (const p of payments) {
    if (left <= 0) break;
    if (p.paymentId === 'NoPayment' || p.amount <= 0) continue;
    const take = Math.min(left, p.amount);
    parts.push({ paymentId: p.paymentId, amount: take });
    left -= take;
  }
  if (left > 0) throw new RangeError('the payments of this registration cannot cover the refund');
  return parts;
}
