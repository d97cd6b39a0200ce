/**
 * Late authorisation (docs/payments.md, "Late authorisation"; decision 046): a payment Razorpay
 * marked failed (no answer from the bank within about 10 minutes) that the bank authorises later,
 * up to 3 days after it was made. Razorpay then sends payment.authorized and, with auto-capture,
 * payment.captured, the payment carrying `late_authorized: true`. Such a payment is never lost:
 *
 * - when its order can still be honoured it is applied like any payment (finalise(), exactly
 *   once), and the delegate gets the usual confirmation;
 * - otherwise (its order was meanwhile paid by another attempt, or the change it pays for can no
 *   longer apply) it is listed in "payments needing attention" and refunded in full at once,
 *   through the guarded Razorpay call (razorpay-guard.ts) with the list's idempotency key, and
 *   the delegate is e-mailed; a refund Razorpay cannot make now stays pending and is asked again
 *   on the webhook's retry or the queue's drain, with the same key;
 * - in both cases the registration keeps a record of it (latePayments), which the invoices page
 *   shows the delegate.
 */
import type { AttentionPayment, LatePayment } from '../../../src/shared/api';
import { fromMinor } from '../../../src/shared/money';
import { refundAttentionPayment } from './attention';
import { recordAttentionPayment } from './finalise';
import type { FinaliseResult } from './finalise';
import { handOffNotice } from '../mail-handoff';
import type { PendingOrder } from './orders';
import { guardedRazorpayCall } from '../platform/razorpay-guard';
import { getRegistration } from '../registrations';
import { keys, withStore } from '../platform/store';

/** The payment as a webhook carries it (amounts in minor units). */
export interface LatePaymentEvent {
  id: string;
  amount: number;
  currency: string;
}

/**
 * The late payments of registration `regNo`, oldest first, each refund's state as the list of
 * payments needing attention has it now (the refund webhooks settle it there). Two store requests.
 * Throws ServiceUnavailableError when the store is down.
 */
export async function latePaymentsOf(regNo: string): Promise<LatePayment[]> {
  const all = Object.values((await withStore((r) => r.hgetall<Record<string, LatePayment>>(keys.latePayments(regNo)))) ?? {}).sort((a, b) => a.at.localeCompare(b.at));
  const refunded = all.filter((p) => p.outcome !== 'applied');
  if (!refunded.length) return all;
  const records = await withStore((r) => r.mget<(AttentionPayment | null)[]>(...refunded.map((p) => keys.attention(p.paymentId))));
  const now = new Map(refunded.map((p, i) => [p.paymentId, records[i]?.refund]));
  return all.map((p) => {
    const refund = now.get(p.paymentId);
    if (!refund) return p;
    const outcome: LatePayment['outcome'] = refund.status === 'processed' || refund.status === 'paid-outside' ? 'refunded' : refund.status === 'failed' ? 'refund-failed' : 'refund-pending';
    return { ...p, outcome, ...(refund.id ? { refundId: refund.id } : {}) };
  });
}

/**
 * Records late payment `p` on registration `regNo`. Returns true when this call recorded it first
 * (HSETNX), which is the claim to e-mail the delegate: payment.authorized, payment.captured and
 * order.paid each bring the same payment, sometimes at once, and the delegate hears of it once.
 */
async function remember(regNo: string, p: LatePayment): Promise<boolean> {
  if (!regNo) return false;
  const first = await withStore((r) => r.hsetnx(keys.latePayments(regNo), p.paymentId, JSON.stringify(p)));
  if (!first) await withStore((r) => r.hset(keys.latePayments(regNo), { [p.paymentId]: JSON.stringify(p) }));
  return first === 1;
}

/**
 * Settles late-authorised `payment` of order `orderId` (its stored state `state`, read by the
 * webhook) at `at`: applies it when finalise() can, else lists and refunds it and e-mails the
 * delegate. `finaliseAndNotify` is confirm.ts's (passed in to keep the import one-way).
 * Returns the finalise result when it was applied or already applied by this same payment, or
 * `{refunded: refund status}`. Throws ServiceUnavailableError (Razorpay or the store down:
 * the caller answers 503 or leaves the queued event for the drain; every step repeats safely).
 */
export async function settleLatePayment(
  payment: LatePaymentEvent,
  orderId: string,
  state: { order: PendingOrder | null; done: string | null },
  at: Date,
  finaliseAndNotify: (orderId: string, paymentId: string, source: 'webhook', at: Date, known: { order: PendingOrder | null; done: string | null }) => Promise<FinaliseResult>,
): Promise<FinaliseResult | { refunded: string; registrationNumber: string }> {
  const currency = payment.currency === 'USD' ? 'USD' : 'INR';
  const base = { paymentId: payment.id, amount: fromMinor(payment.amount), currency, at: at.toISOString() } as const;
  let regNo = state.order && 'registrationNumber' in state.order ? state.order.registrationNumber : '';
  let reason: string;
  if (state.order && !state.done) {
    const result = await finaliseAndNotify(orderId, payment.id, 'webhook', at, state);
    if (result.outcome === 'applied') {
      await remember(result.registrationNumber, { ...base, outcome: 'applied' });
      return result;
    }
    if (result.outcome === 'already') return result;
    regNo = result.registrationNumber;
    reason = 'The change it paid for could no longer be made, because the registration had changed in the meantime.';
  } else {
    const paidFor = await withStore((r) => r.get<string>(keys.paid(payment.id)));
    if (paidFor === orderId) return { outcome: 'already', registrationNumber: String(state.done ?? '') };
    if (state.done && !String(state.done).startsWith('attention:')) regNo ||= String(state.done);
    reason = 'By then the same order had already been paid by another attempt.';
    await recordAttentionPayment(
      { paymentId: payment.id, orderId, kind: state.order?.kind ?? 'unknown', registrationNumber: regNo, amountMinor: payment.amount, currency, reason: `Authorised late by the bank. ${reason}` },
      'webhook',
      at,
    );
  }
  const record = await refundAttentionPayment(payment.id, at, {}, (call) => guardedRazorpayCall('late-authorisation refund', call));
  const refund = record.refund;
  const outcome: LatePayment['outcome'] = refund?.status === 'processed' ? 'refunded' : refund?.status === 'failed' ? 'refund-failed' : 'refund-pending';
  const first = await remember(regNo, { ...base, outcome, reason, ...(refund?.id ? { refundId: refund.id } : {}) });
  const registration = first ? await getRegistration(regNo) : null;
  if (registration) {
    await handOffNotice(regNo, 'late-payment-refunded', at, payment.id);
  } else if (first || !regNo) {
    console.warn(`[payments] late payment ${payment.id} of order ${orderId} refunded (${outcome}); no registration to tell`);
  }
  return { refunded: outcome, registrationNumber: regNo };
}
