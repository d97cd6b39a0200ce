/**
 * Reading "payments needing attention" (admin dashboard): payments that were taken but could not
 * be applied to a registration, e.g. a tier upgrade and an IEEE change both paid for one
 * registration, where the second conflicts. The writer (the change-finalise code) stores each as
 * JSON AttentionPayment at keys.attention(paymentId) and indexes the payment id in
 * keys.attentionIndex() scored by when it happened (ms). This module reads them, and refunds
 * them (the admin's refund and the refund webhooks that settle it).
 */
import type { AttentionPayment } from '../../src/shared/api';
import { toMinor } from '../../src/shared/money';
import { HttpError } from './http';
import { RefundRefusedError, createProviderRefund } from './payments';
import { audit, keys, rawRedis, withStore } from './store';
import { actingFields } from './request-scope';

/**
 * Every payment needing attention, newest first (index score descending). Two store requests
 * whatever the count: ZRANGE ... REV of the index, then one MGET. Index entries whose record is
 * missing (or is not a JSON object) are skipped, so a half-written or hand-deleted record never
 * breaks the dashboard. Not paged: these records are exceptions an organiser clears by hand, so
 * the list stays short. Throws ServiceUnavailableError (503) when the store is down.
 */
export async function listAttentionPayments(): Promise<AttentionPayment[]> {
  return withStore(async (r) => {
    const ids = await r.zrange<unknown[]>(keys.attentionIndex(), 0, -1, { rev: true });
    if (!ids.length) return [];
    const records = await r.mget<unknown[]>(...ids.map((id) => keys.attention(String(id))));
    return records.filter((x): x is AttentionPayment => typeof x === 'object' && x !== null && !Array.isArray(x));
  });
}

// KEYS: attention record. ARGV: refund JSON. Writes the record's refund unless it already holds
// the same refund in a settled state (a webhook that overtook the admin call's own write).
// Returns the record as stored, or '' when there is none.
const SET_REFUND_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return '' end
local record = cjson.decode(raw)
local refund = cjson.decode(ARGV[1])
local old = record['refund']
if type(old) == 'table' and old['id'] == refund['id'] and old['status'] ~= 'pending' and refund['status'] == 'pending' then return raw end
record['refund'] = refund
local text = cjson.encode(record)
redis.call('SET', KEYS[1], text)
return text
`;

async function setRefund(paymentId: string, refund: NonNullable<AttentionPayment['refund']>): Promise<AttentionPayment | null> {
  const text = await withStore((r) => r.eval<string[], unknown>(SET_REFUND_SCRIPT, [keys.attention(paymentId)], [JSON.stringify(refund)]), rawRedis);
  return typeof text === 'string' && text ? (JSON.parse(text) as AttentionPayment) : null;
}

/**
 * Refunds in full payment `paymentId` of the "payments needing attention" list at `at` (issue
 * "Accounts"; issue 19: a failed refund can be made again). The idempotency key is fixed by the
 * record: the same while the last refund is pending or processed (pressing twice, racing or
 * retrying after a time-out refunds once), a fresh one once the last refund failed (Razorpay
 * would answer the failed one again). The refund's notes name the listed payment, so the refund
 * webhooks settle its state here. A refund Razorpay refuses is recorded `failed` with Razorpay's
 * reason (and no refund id), so it shows and can be made again. Returns the record as stored.
 * Throws HttpError 404 NOT_LISTED, 409 PAYMENT_APPLIED, ServiceUnavailableError (503).
 */
export async function refundAttentionPayment(paymentId: string, at: Date): Promise<AttentionPayment> {
  const record = await withStore((r) => r.get<AttentionPayment>(keys.attention(paymentId)));
  if (!record) throw new HttpError(404, 'NOT_LISTED', 'This payment is not in the list of payments needing attention.');
  // A coupon used past its limit was applied: refunding it here would leave a paid-for registration unpaid.
  if (record.applied) throw new HttpError(409, 'PAYMENT_APPLIED', 'This payment was applied to a registration. To refund it, cancel that registration.');
  if (record.refund?.status === 'processed') return record;
  const attempt = record.refund ? record.refund.attempt + (record.refund.status === 'failed' ? 1 : 0) : 0;
  const key = `attention-${paymentId.slice(4)}${attempt === 0 ? '' : `-r${attempt}`}`;
  const iso = at.toISOString();
  let refund: Awaited<ReturnType<typeof createProviderRefund>>;
  try {
    refund = await createProviderRefund(paymentId, toMinor(record.amount), key, { reason: 'payment not applied', orderId: record.orderId, attentionPaymentId: paymentId });
  } catch (err) {
    if (!(err instanceof RefundRefusedError)) throw err;
    // Razorpay made nothing: recorded as failed with its reason, so the list shows it and offers the refund again.
    const failed = (await setRefund(paymentId, { id: '', status: 'failed', at: iso, attempt, reason: err.reason })) ?? record;
    await audit({ at: iso, ...actingFields(), action: 'attention.refund.refused', details: { paymentId, reason: err.reason, attempt } });
    return failed;
  }
  const status = refund.status === 'processed' ? 'processed' : refund.status === 'failed' ? 'failed' : 'pending';
  const updated = (await setRefund(paymentId, { id: refund.id, status, at: iso, attempt })) ?? record;
  await audit({ at: iso, ...actingFields(), action: 'attention.refunded', details: { paymentId, refundId: refund.id, amount: record.amount, currency: record.currency, attempt } });
  return updated;
}

/**
 * A refund webhook for a refund made from the attention list (its notes carry
 * attentionPaymentId): records the refund's new state. Returns false when the refund is not one
 * of these.
 */
export async function applyAttentionRefundEvent(event: 'refund.processed' | 'refund.failed', refund: { id: string; notes?: unknown }, at: Date): Promise<boolean> {
  const notes = refund.notes && typeof refund.notes === 'object' && !Array.isArray(refund.notes) ? (refund.notes as Record<string, unknown>) : {};
  const paymentId = typeof notes.attentionPaymentId === 'string' ? notes.attentionPaymentId : null;
  if (!paymentId) return false;
  const record = await withStore((r) => r.get<AttentionPayment>(keys.attention(paymentId)));
  if (!record) return false;
  // A webhook of an earlier, failed attempt never overwrites the state of a newer refund.
  if (record.refund && record.refund.id !== refund.id && record.refund.status !== 'failed') return true;
  const status = event === 'refund.processed' ? 'processed' : 'failed';
  const attempt = record.refund?.id === refund.id ? record.refund.attempt : (record.refund?.attempt ?? 0);
  await setRefund(paymentId, { id: refund.id, status, at: at.toISOString(), attempt });
  await audit({ at: at.toISOString(), actor: 'webhook', action: `attention.refund.${status}`, details: { paymentId, refundId: refund.id } });
  return true;
}
