/**
 * Reading "payments needing attention" (admin dashboard): payments that were taken but could not
 * be applied to a registration, e.g. a tier upgrade and an IEEE change both paid for one
 * registration, where the second conflicts. The writer (the change-finalise code) stores each as
 * JSON AttentionPayment at keys.attention(paymentId) and indexes the payment id in
 * keys.attentionIndex() scored by when it happened (ms). This module reads them, and refunds
 * them (the admin's refund and the refund webhooks that settle it), or records that the
 * organisers paid one back outside Razorpay.
 */
import type { AttentionPayment } from '../../../src/shared/api';
import { toMinor } from '../../../src/shared/money';
import { HttpError } from '../platform/http';
import { RefundRefusedError, createProviderRefund, type RefundPayMethod } from '../platform/payments';
import { refundAlreadyMade } from '../platform/refund-refusals';
import { audit, keys, rawRedis, withStore } from '../platform/store';
import { actingFields } from '../platform/request-scope';
import { adminEntry } from '../audit';

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
// the same refund in a settled state (a webhook that overtook the admin call's own write), the
// refund was paid outside Razorpay (whatever Razorpay says later of a refund that had failed), or
// a refund of another attempt is claimed and not answered yet (a late webhook of an earlier one).
// Returns the record as stored, or '' when there is none.
const SET_REFUND_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return '' end
local record = cjson.decode(raw)
local refund = cjson.decode(ARGV[1])
local old = record['refund']
if type(old) == 'table' and old['status'] == 'paid-outside' then return raw end
if type(old) == 'table' and old['status'] == 'pending' and old['id'] == '' and refund['attempt'] ~= old['attempt'] then return raw end
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

// The start of the two scripts below: the listed record (KEYS[1]) and its refund as `old`;
// {'missing'} without one, {'applied'} for a payment that was applied (nothing to refund here).
const READ_LISTED = `
local raw = redis.call('GET', KEYS[1])
if not raw then return {'missing'} end
local record = cjson.decode(raw)
if record['applied'] == true then return {'applied'} end
local old = record['refund']
`;

// KEYS: attention record. ARGV: now (ISO). Claims the record for a Razorpay refund before Razorpay
// is asked, so a payment outside Razorpay recorded meanwhile is refused (it would pay twice):
// with no refund, or after a failed one, the refund becomes pending (id '' until Razorpay answers)
// with the next attempt; a pending one is left as it is (asked again with the same key). Returns
// {'missing'} | {'applied'} | {'settled', record} (refunded, or paid outside Razorpay: nothing to
// do) | {'claimed', record}.
const CLAIM_SCRIPT = `${READ_LISTED}local attempt = 0
if type(old) == 'table' then
  if old['status'] == 'processed' or old['status'] == 'paid-outside' then return {'settled', raw} end
  if old['status'] == 'pending' then return {'claimed', raw} end
  attempt = (tonumber(old['attempt']) or 0) + 1
end
record['refund'] = {id = '', status = 'pending', at = ARGV[1], attempt = attempt}
local text = cjson.encode(record)
redis.call('SET', KEYS[1], text)
return {'claimed', text}
`;

const notListed = () => new HttpError(404, 'NOT_LISTED', 'This payment is not in the list of payments needing attention.');
// A coupon used past its limit was applied: refunding it here would leave a paid-for registration unpaid.
const applied = () => new HttpError(409, 'PAYMENT_APPLIED', 'This payment was applied to a registration. To refund it, cancel that registration.');

/**
 * Refunds in full payment `paymentId` of the "payments needing attention" list at `at`
 * (docs/operations.md, "Payments needing attention"; a failed refund can be made again), or with
 * `{method: 'outside', reference}` records that the organisers paid it back another way
 * (payAttentionOutside). Through Razorpay: the record is first claimed (CLAIM_SCRIPT: the refund
 * pending), then Razorpay is asked with an idempotency key fixed by the record: the same while the
 * last refund is pending or processed (pressing twice, racing or retrying after a time-out refunds
 * once), a fresh one once the last refund failed (Razorpay would answer the failed one again). The
 * refund's notes name the listed payment, so the refund webhooks settle its state here. A refund
 * Razorpay refuses is recorded `failed` with Razorpay's reason (and no refund id), so it shows and
 * can be made again or paid outside Razorpay. A record refunded or paid outside Razorpay is
 * answered as it is. Returns the record as stored. Throws HttpError 404 NOT_LISTED, 409
 * PAYMENT_APPLIED (and those of payAttentionOutside), ServiceUnavailableError (503: Razorpay or
 * the store down; the refund stays pending and is asked again with the same key). `via` runs the
 * Razorpay call (the late-authorisation refund passes the guarded call of razorpay-guard.ts).
 */
export async function refundAttentionPayment(paymentId: string, at: Date, how: RefundPayMethod = {}, via: <T>(call: () => Promise<T>) => Promise<T> = (call) => call()): Promise<AttentionPayment> {
  if (how.method === 'outside') return payAttentionOutside(paymentId, how.reference, at);
  const iso = at.toISOString();
  const [state, text] = await withStore((r) => r.eval<string[], [string, string?]>(CLAIM_SCRIPT, [keys.attention(paymentId)], [iso]), rawRedis);
  if (state === 'missing') throw notListed();
  if (state === 'applied') throw applied();
  const record = JSON.parse(String(text)) as AttentionPayment;
  if (state === 'settled') return record;
  const attempt = record.refund?.attempt ?? 0;
  const key = `attention-${paymentId.slice(4)}${attempt === 0 ? '' : `-r${attempt}`}`;
  let refund: Awaited<ReturnType<typeof createProviderRefund>>;
  try {
    refund = await via(() => createProviderRefund(paymentId, toMinor(record.amount), key, { reason: 'payment not applied', orderId: record.orderId, attentionPaymentId: paymentId, attempt: String(attempt) }));
  } catch (err) {
    if (!(err instanceof RefundRefusedError)) throw err;
    // Refused because Razorpay (or someone at its Dashboard) refunded it already: refunded, not failed.
    const found = await refundAlreadyMade(paymentId, toMinor(record.amount), via);
    if (found) {
      const updated = (await setRefund(paymentId, { id: found.id, status: found.status, at: iso, attempt, byRazorpay: true })) ?? record;
      await audit({ at: iso, ...actingFields(), action: 'attention.refund.found', details: { paymentId, refundId: found.id, status: found.status, refusal: err.reason, attempt } });
      return updated;
    }
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

// KEYS: attention record, audit list. ARGV: refund JSON (paid-outside), audit entry JSON,
// reference. Records a payment outside Razorpay when no Razorpay refund was made or the last one
// failed, with the audit entry, in one step. Returns {'missing'} | {'applied'} | {'processing'}
// (a Razorpay refund is pending) | {'paid'} (refunded, or paid outside with another reference) |
// {'same', record} (paid outside with this reference already) | {'written', record}.
const OUTSIDE_SCRIPT = `${READ_LISTED}local refund = cjson.decode(ARGV[1])
if type(old) == 'table' then
  if old['status'] == 'paid-outside' then
    if old['reference'] == ARGV[3] then return {'same', raw} end
    return {'paid'}
  end
  if old['status'] == 'processed' then return {'paid'} end
  if old['status'] == 'pending' then return {'processing'} end
  refund['id'] = old['id']
  refund['attempt'] = old['attempt']
  if old['reason'] then refund['reason'] = old['reason'] end
end
record['refund'] = refund
local text = cjson.encode(record)
redis.call('SET', KEYS[1], text)
redis.call('LPUSH', KEYS[2], ARGV[2])
return {'written', text}
`;

/**
 * Records that the organisers paid back payment `paymentId` of the "payments needing attention"
 * list outside Razorpay (a bank transfer, a cheque) with `reference`, at `at`: its refund becomes
 * `paid-outside` with the reference (a failed refund's reason kept), with an audit entry naming
 * who recorded it (the request's actor, audit.ts adminEntry), written together. Only before any
 * Razorpay refund or after one failed; the same reference again answers the record. Nothing is
 * e-mailed, as for a refund from this list through Razorpay. Throws HttpError 404 NOT_LISTED, 409
 * PAYMENT_APPLIED, 409 REFUND_IN_PROGRESS while a Razorpay refund is pending (it could pay twice),
 * 409 ALREADY_REFUNDED once refunded or paid outside with another reference;
 * ServiceUnavailableError (503). Rules: docs/operations.md, "Payments needing attention".
 */
async function payAttentionOutside(paymentId: string, reference: string, at: Date): Promise<AttentionPayment> {
  const record = await withStore((r) => r.get<AttentionPayment>(keys.attention(paymentId)));
  if (!record) throw notListed();
  const iso = at.toISOString();
  const refund: NonNullable<AttentionPayment['refund']> = { id: '', status: 'paid-outside', at: iso, attempt: 0, reference };
  const entry = adminEntry(iso, 'attention.refund.paid-outside', { paymentId, registrationNumber: record.registrationNumber, reference, amount: record.amount, currency: record.currency });
  const [state, text] = await withStore(
    (r) => r.eval<string[], [string, string?]>(OUTSIDE_SCRIPT, [keys.attention(paymentId), keys.audit()], [JSON.stringify(refund), JSON.stringify(entry), reference]),
    rawRedis,
  );
  if (state === 'missing') throw notListed();
  if (state === 'applied') throw applied();
  if (state === 'processing') {
    throw new HttpError(409, 'REFUND_IN_PROGRESS', 'A Razorpay refund of this payment is still being processed: wait until it is refunded or has failed before paying it another way.');
  }
  if (state === 'paid') throw new HttpError(409, 'ALREADY_REFUNDED', 'This payment has already been refunded.');
  return JSON.parse(String(text)) as AttentionPayment;
}

/**
 * A refund webhook for a refund made from the attention list (its notes carry
 * attentionPaymentId): records the refund's new state. Returns false when the refund is not one
 * of these.
 */
export async function applyAttentionRefundEvent(event: 'refund.processed' | 'refund.failed', refund: { id: string; notes?: unknown; payment_id?: unknown }, at: Date): Promise<boolean> {
  const notes = refund.notes && typeof refund.notes === 'object' && !Array.isArray(refund.notes) ? (refund.notes as Record<string, unknown>) : {};
  const listedFor = typeof notes.attentionPaymentId === 'string' ? notes.attentionPaymentId : null;
  const paymentId = listedFor ?? (typeof refund.payment_id === 'string' ? refund.payment_id : null);
  if (!paymentId) return false;
  const record = await withStore((r) => r.get<AttentionPayment>(keys.attention(paymentId)));
  if (!record) return false;
  // A refund without the list's notes (Razorpay's own, found after a refusal) is ours only once the list recorded it.
  if (!listedFor && record.refund?.id !== refund.id) return false;
  const current = record.refund;
  // A refund paid outside Razorpay keeps that state, whatever Razorpay says later of one that failed.
  if (current?.status === 'paid-outside') return true;
  // A webhook of an earlier, failed attempt never overwrites the state of a newer refund. A refund
  // claimed but not answered yet (id '') is this one when the attempts agree (the notes carry it).
  const noted = typeof notes.attempt === 'string' && /^\d+$/.test(notes.attempt) ? Number(notes.attempt) : undefined;
  const claimed = current?.id === '' && current.status === 'pending' && (noted === undefined || noted === current.attempt);
  if (current && current.id !== refund.id && !claimed && current.status !== 'failed') return true;
  const status = event === 'refund.processed' ? 'processed' : 'failed';
  const attempt = noted ?? (current?.id === refund.id ? current.attempt : (current?.attempt ?? 0));
  await setRefund(paymentId, { id: refund.id, status, at: at.toISOString(), attempt, ...(current?.id === refund.id && current.byRazorpay ? { byRazorpay: true } : {}) });
  await audit({ at: at.toISOString(), actor: 'webhook', action: `attention.refund.${status}`, details: { paymentId, refundId: refund.id } });
  return true;
}
