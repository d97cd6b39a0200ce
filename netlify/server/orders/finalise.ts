/**
 * Finalising orders of every kind, exactly once (docs/payments.md#orders,
 * #exactly-once-finalise). verify-payment, the two self-service verify calls, the webhook and the 100 %
 * coupon path all end here. Two parts:
 *
 * - the exactly-once guard: done:{orderId} (what the order was applied to) and
 *   paid:{paymentId} (which order a payment paid for), checked and set inside the same Lua
 *   script that writes, so an order is applied whole or not at all, once, whichever caller
 *   arrives first and however often;
 * - one apply step per kind, from the order registry (registry.ts): a registration order
 *   writes a new registration; an order that changes a registration (tier upgrade, IEEE change,
 *   name transfer) rewrites it by compare-and-set on its exact stored text, and applies only while
 *   its kind's condition holds (the tier, or the person, the order was made from).
 *   A payment that can no longer apply (the registration changed another way, or is gone) is
 *   recorded as a payment needing attention (refund due), never lost and never applied twice.
 *
 * Nothing here sends e-mail: the caller that applied an order sends its message (confirm.ts).
 */
import { randomUUID } from 'node:crypto';
import type { AttentionPayment, ChangeRecord } from '../../../src/shared/api';
import { fromMinor } from '../../../src/shared/money';
import { isPaidChange } from '../../../src/shared/change-kinds';
import { changeInvoiceSnapshot, registrationInvoiceSnapshot } from '../../../src/shared/invoice';
import { couponTakenLua } from '../coupons';
import { HttpError } from '../platform/http';
import { ScriptStatus, exactlyOnceGuard, takeDocumentNumber, type DocumentNumberArgs, type ScriptStatusCode } from '../platform/store-scripts';
import { documentNumberArgs } from '../document-numbers';
import { changeApplication, isChangeOrder, type VerifySource } from './registry';
import { getOrderState, type ChangeOrder, type PendingOrder, type RegistrationOrder } from './orders';
import { newRegistrationNumber, type Registration } from '../registrations';
import { updateRegistration } from '../registration-update';
import { paidOrderBlocked } from '../../../src/shared/registration-lifecycle';
import { initialStatusFields } from '../registration-status';
import { emailHash, keys, withStore } from '../platform/store';

/** Who finalises, for the audit log. */
export type FinaliseSource = VerifySource | 'webhook' | 'coupon' | 'reconcile';

/** The done:{orderId} value of an order whose payment was recorded for a refund instead of applied. */
const ATTENTION_MARK = 'attention:';

export type FinaliseResult =
  /** This call applied the order; `registration` is the record as written. */
  | { outcome: 'applied'; kind: 'registration'; registrationNumber: string; registration: Registration }
  | { outcome: 'applied'; kind: ChangeOrder['kind']; registrationNumber: string; registration: Registration; change: ChangeRecord }
  /** An earlier call applied it. */
  | { outcome: 'already'; registrationNumber: string }
  /** The payment was taken but cannot be applied; it is listed for a refund (now or by an earlier call). */
  | { outcome: 'refund-due'; registrationNumber: string; reason: string };

// The key of the "registered e-mail" index lives with the keys (store.ts); re-exported for the callers of finalise.
export { emailHash };

/**
 * Finalises order `orderId`, paid by `paymentId` ('NoPayment' for a 100 % coupon), at `at`.
 * `known` skips the read when the caller already holds the order and its done marker.
 * Throws HttpError 404 ORDER_NOT_FOUND for an unknown (or expired, unpaid) order, 409
 * PAYMENT_ALREADY_USED when the payment already finalised another order, and
 * ServiceUnavailableError (503) when the store is down (then nothing has been written).
 */
export async function finalise(
  orderId: string,
  paymentId: string,
  source: FinaliseSource,
  at: Date,
  known?: { order: PendingOrder | null; done: string | null },
): Promise<FinaliseResult> {
  const { order, done } = known ?? (await getOrderState(orderId));
  if (done) return fromDoneMark(done);
  if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND', 'No pending order with this id.');
  return isChangeOrder(order) ? applyChange(order, paymentId, source, at) : finaliseRegistration(order, paymentId, source, at);
}

function fromDoneMark(done: string): FinaliseResult {
  if (done.startsWith(ATTENTION_MARK)) {
    return { outcome: 'refund-due', registrationNumber: done.slice(ATTENTION_MARK.length), reason: 'This payment was already recorded for a refund.' };
  }
  return { outcome: 'already', registrationNumber: done };
}

const paymentAlreadyUsed = () => new HttpError(409, 'PAYMENT_ALREADY_USED', 'This payment has already confirmed another order.');

// ---------------------------------------------------------------------------------------------
// Registration orders
// ---------------------------------------------------------------------------------------------

// KEYS: done, reg, index, paid, audit, couponHolds, couponUsed (these two and 10-12 may be
// unused), byEmail, invoice counter, coupon hash, attention record, attention index.
// ARGV: regNo, registration JSON, index score (ms), orderId, audit JSON, hasCoupon ('1'|'0'),
// invoice placeholder, invoice number prefix, take a number ('1'|'0'), now (ms), attention JSON,
// attention id, attention audit JSON (the last two texts with COUPONLIMITN / COUPONUSESN to fill).
// Returns (ScriptStatus) {written, regNo, invoice, overLimit}; {alreadyFinalised, doneValue};
// {registrationNumberTaken, ''} (draw another); {paymentUsed, otherOrderId}; {numbersUsedUp, ''}.
//
// The coupon step (docs/payments.md#coupons): an order whose hold is still live moves it to used (the hold was
// the limit check). An order whose hold lapsed or was released was never counted: if the used
// uses and other live holds already fill the limit, the payment is still applied (the delegate
// paid) but listed among the payments needing attention with the reason, never silently over.
const FINALISE_REGISTRATION_SCRIPT = `
${exactlyOnceGuard(1, 4, 4)}
if redis.call('EXISTS', KEYS[2]) == 1 then return {${ScriptStatus.registrationNumberTaken}, ''} end
${takeDocumentNumber(9, 7, [2, 5])}
redis.call('SET', KEYS[2], text2)
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[4], ARGV[4])
redis.call('SADD', KEYS[8], ARGV[1])
local overLimit = 0
if ARGV[6] == '1' then
  local expiry = redis.call('ZSCORE', KEYS[6], ARGV[4])
  redis.call('ZREM', KEYS[6], ARGV[4])
  if not expiry or tonumber(expiry) <= tonumber(ARGV[10]) then
    local limit = tonumber(redis.call('HGET', KEYS[10], 'limit')) or 0
    local taken = ${couponTakenLua(7, 6, 10)}
    if taken >= limit then
      overLimit = 1
      local record = (string.gsub((string.gsub(ARGV[11], 'COUPONLIMITN', tostring(limit))), 'COUPONUSESN', tostring(taken + 1)))
      local note = (string.gsub((string.gsub(ARGV[13], 'COUPONLIMITN', tostring(limit))), 'COUPONUSESN', tostring(taken + 1)))
      if redis.call('SET', KEYS[11], record, 'NX') then
        redis.call('ZADD', KEYS[12], ARGV[10], ARGV[12])
        redis.call('LPUSH', KEYS[5], note)
      end
    end
  end
  redis.call('SADD', KEYS[7], ARGV[4])
end
redis.call('LPUSH', KEYS[5], text5)
return {${ScriptStatus.written}, ARGV[1], number, overLimit}
`;

/** Builds the stored registration from a registration order (docs/rules.md#the-stored-registration-and-the-csv). */
export function registrationFromOrder(order: RegistrationOrder, regNo: string, paymentId: string, at: Date): Registration {
  const { verifyEmail: _verifyEmail, ...form } = order.form;
  const iso = at.toISOString();
  return {
    ...form,
    _id: randomUUID(),
    registrationNumber: regNo,
    registrationFee: fromMinor(order.charges.registrationFee),
    registrationCurrency: order.currency,
    welcomeReceptionExtraFee: fromMinor(order.charges.welcomeReceptionExtraFee),
    galaDinnerExtraFee: fromMinor(order.charges.galaDinnerExtraFee),
    couponCode: order.couponCode ?? 'NoCoupon',
    paymentId,
    orderId: order.orderId,
    currency: order.currency,
    totalPaid: fromMinor(order.charges.total),
    charges: order.charges,
    paidAt: iso,
    createdAt: iso,
    updatedAt: iso,
    ...initialStatusFields(order),
  };
}

/** One EVAL: the guard, the record, the index, the e-mail index, the coupon hold -> used move and the audit entry. */
async function finaliseRegistration(order: RegistrationOrder, paymentId: string, source: FinaliseSource, at: Date): Promise<FinaliseResult> {
  const { orderId } = order;
  const invoice = invoiceArgs(at, order.charges.total > 0);
  for (let attempt = 0; attempt < 5; attempt++) {
    const regNo = newRegistrationNumber();
    const fresh = registrationFromOrder(order, regNo, paymentId, at);
    // The invoice is frozen with its number (docs/decisions/052-tax-documents-frozen-when-issued.md).
    const draft: Registration = { ...fresh, ...(invoice.take ? { invoiceNumber: invoice.placeholder, invoiceSnapshot: registrationInvoiceSnapshot(fresh) } : {}) };
    const auditEntry = JSON.stringify({ at: at.toISOString(), actor: source, action: 'registration.created', details: { regNo, orderId, paymentId, total: order.charges.total, currency: order.currency, ...(invoice.take ? { invoiceNumber: invoice.placeholder } : {}) } });
    const coupon = order.couponCode;
    const over = couponOverLimitArgs(order, regNo, paymentId, source, at);
    const [status, value, invoiceNumber, overLimit] = await withStore((r) =>
      r.eval<string[], [ScriptStatusCode, string, string?, number?]>(
        FINALISE_REGISTRATION_SCRIPT,
        [
          keys.done(orderId),
          keys.registration(regNo),
          keys.registrationIndex(),
          // A coupon registration has no provider payment id; its guard key is per order.
          keys.paid(source === 'coupon' ? `coupon:${orderId}` : paymentId),
          keys.audit(),
          keys.couponHolds(coupon ?? '-'),
          keys.couponUsed(coupon ?? '-'),
          keys.registrationsByEmail(emailHash(order.form.email)),
          invoice.counterKey,
          keys.coupon(coupon ?? '-'),
          keys.attention(over.id),
          keys.attentionIndex(),
        ],
        [regNo, JSON.stringify(draft), String(at.getTime()), orderId, auditEntry, coupon ? '1' : '0', invoice.placeholder, invoice.prefix, invoice.take ? '1' : '0', String(at.getTime()), over.record, over.id, over.audit],
      ),
    );
    if (status === ScriptStatus.written) {
      if (overLimit === 1) console.warn(`[finalise] order ${orderId} used coupon ${coupon} over its limit; listed as a payment needing attention`);
      const registration: Registration = invoiceNumber ? { ...draft, invoiceNumber } : draft;
      return { outcome: 'applied', kind: 'registration', registrationNumber: regNo, registration };
    }
    if (status === ScriptStatus.alreadyFinalised) return fromDoneMark(String(value));
    if (status === ScriptStatus.paymentUsed) throw paymentAlreadyUsed();
    if (status === ScriptStatus.numbersUsedUp) throw new Error(`the invoice numbers of financial year ${invoice.fy} are used up`);
  }
  throw new Error('could not allocate a unique registration number in 5 attempts');
}

/**
 * The "payments needing attention" entry the finalise script writes when `order`'s coupon was
 * already at its limit (docs/operations.md#payments-needing-attention): its id (the payment id; per order for a 100 % coupon, which
 * has none), the record (AttentionPayment with applied: true, since the registration was
 * confirmed) and its audit entry, with COUPONLIMITN / COUPONUSESN for the script to fill in.
 */
function couponOverLimitArgs(order: RegistrationOrder, regNo: string, paymentId: string, source: FinaliseSource, at: Date): { id: string; record: string; audit: string } {
  const id = source === 'coupon' ? `coupon-${order.orderId}` : paymentId;
  const record: AttentionPayment = {
    paymentId,
    orderId: order.orderId,
    kind: 'registration',
    registrationNumber: regNo,
    amount: fromMinor(order.charges.total),
    currency: order.currency,
    reason:
      `Coupon ${order.couponCode ?? ''} was already at its usage limit (COUPONLIMITN) when this payment arrived, because the order's hold had lapsed or been released. ` +
      `The registration was confirmed and the coupon now has COUPONUSESN uses: let it stand, or cancel the registration.`,
    at: at.toISOString(),
    applied: true,
  };
  const audit = { at: record.at, actor: source, action: 'coupon.over-limit', details: record };
  return { id, record: JSON.stringify(record), audit: JSON.stringify(audit) };
}

/**
 * The script arguments for taking a tax-invoice number at `at` (store-scripts.ts), and whether to
 * take one: `take` is false when nothing was paid (a 100% coupon registration has no invoice).
 */
function invoiceArgs(at: Date, take: boolean): DocumentNumberArgs & { take: boolean } {
  return { ...documentNumberArgs('invoice', at), take };
}

// ---------------------------------------------------------------------------------------------
// Tier changes (tier upgrade, IEEE change)
// ---------------------------------------------------------------------------------------------

// KEYS: done, paid, audit, attention index, attention record. ARGV: orderId, done value,
// audit JSON, attention JSON, score (ms), paymentId. Returns (ScriptStatus) {written, doneValue};
// {alreadyFinalised, doneValue}; {paymentUsed, otherOrderId}.
const REFUND_DUE_SCRIPT = `
${exactlyOnceGuard(1, 2, 1)}
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[6])
redis.call('SET', KEYS[5], ARGV[4])
redis.call('LPUSH', KEYS[3], ARGV[3])
return {${ScriptStatus.written}, ARGV[2]}
`;

/** Why `order` can no longer apply to `current`, or null when it can: the lifecycle first, then the order kind's own condition. */
function staleReason(current: Registration, order: ChangeOrder): string | null {
  return paidOrderBlocked(current, order.kind) ?? changeApplication(order).staleReason(current, order);
}

type ChangeOutcome = FinaliseResult | { stale: string };

/**
 * Applies a paid change order through the one compare-and-set writer of a registration
 * (registration-update.ts updateRegistration) with the order's exactly-once guard, so the
 * registration, done:{orderId}, paid:{paymentId}, the invoice number, the audit entry and the
 * e-mail index move together or not at all. A change that can no longer apply is listed for a
 * refund instead.
 */
async function applyChange(order: ChangeOrder, paymentId: string, source: FinaliseSource, at: Date): Promise<FinaliseResult> {
  const regNo = order.registrationNumber;
  const kind = changeApplication(order);
  const invoice = invoiceArgs(at, true);
  const outcome = await updateRegistration<ChangeOutcome>(
    regNo,
    (current, placeholder) => {
      if (!current) return { stop: { stale: 'The registration no longer exists.' } };
      const stale = staleReason(current, order);
      if (stale) return { stop: { stale } };
      const common = { amount: fromMinor(order.charges.total), currency: order.currency, orderId: order.orderId, paymentId, at: at.toISOString(), invoiceNumber: placeholder, charges: order.charges };
      const applied = kind.apply(current, order, common);
      const { change } = applied;
      const next = withChangeInvoiceSnapshot(applied.next);
      return {
        write: next,
        audit: { at: change.at, actor: source, action: `registration.${order.kind}`, details: { regNo, orderId: order.orderId, paymentId, from: change.from, to: change.to, total: order.charges.total, currency: order.currency, invoiceNumber: placeholder } },
        effects: kind.newEmails(order).map((email) => ({ op: 'SADD' as const, key: keys.registrationsByEmail(emailHash(email)), member: regNo })),
        result: (written) => ({ outcome: 'applied', kind: order.kind, registrationNumber: regNo, registration: written, change: written.history!.at(-1)! }),
      };
    },
    invoice,
    { orderId: order.orderId, paymentId, doneValue: regNo, already: fromDoneMark, paymentUsed: () => { throw paymentAlreadyUsed(); } },
  );
  if ('stale' in outcome) return recordRefundDue(order, paymentId, source, at, outcome.stale);
  return outcome;
}

/**
 * `next` with its last history entry (the paid change just applied) carrying the snapshot of its
 * invoice, taken from the record as the change leaves it: the invoice is frozen with its number
 * (docs/decisions/052-tax-documents-frozen-when-issued.md). Throws Error when the last entry is
 * not a paid change.
 */
function withChangeInvoiceSnapshot(next: Registration): Registration {
  const history = next.history ?? [];
  const last = history.at(-1);
  if (!last || !isPaidChange(last)) throw new Error(`registration ${next.registrationNumber}: the applied change is not a paid change`);
  return { ...next, history: [...history.slice(0, -1), { ...last, invoiceSnapshot: changeInvoiceSnapshot(next, last) }] };
}

/** Records a taken payment that cannot be applied: done/paid guards, the attention list and the audit entry, in one EVAL. */
async function recordRefundDue(order: ChangeOrder, paymentId: string, source: FinaliseSource, at: Date, reason: string): Promise<FinaliseResult> {
  const regNo = order.registrationNumber;
  const attention = {
    paymentId,
    orderId: order.orderId,
    kind: order.kind,
    registrationNumber: regNo,
    amount: fromMinor(order.charges.total),
    currency: order.currency,
    reason,
    at: at.toISOString(),
  };
  const auditEntry = JSON.stringify({ at: attention.at, actor: source, action: 'payment.refund-due', details: attention });
  const [status, value] = await withStore((r) =>
    r.eval<string[], [ScriptStatusCode, string]>(
      REFUND_DUE_SCRIPT,
      [keys.done(order.orderId), keys.paid(paymentId), keys.audit(), keys.attentionIndex(), keys.attention(paymentId)],
      [order.orderId, `${ATTENTION_MARK}${regNo}`, auditEntry, JSON.stringify(attention), String(at.getTime()), paymentId],
    ),
  );
  if (status === ScriptStatus.written) {
    console.warn(`[finalise] payment ${paymentId} for ${order.kind} of ${regNo} not applied; listed for a refund`);
    return { outcome: 'refund-due', registrationNumber: regNo, reason };
  }
  if (status === ScriptStatus.alreadyFinalised) return fromDoneMark(String(value));
  throw paymentAlreadyUsed();
}

// KEYS: attention record, attention index, audit. ARGV: record JSON, score (ms), paymentId, audit JSON.
// Returns 1 recorded, 0 already listed.
const ATTENTION_SCRIPT = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
  redis.call('LPUSH', KEYS[3], ARGV[4])
  return 1
end
return 0
`;

/**
 * Lists a payment that was taken but cannot be applied ("payments needing attention": an amount
 * that differs from its order, a second payment of an order already paid, an order that expired)
 * with its reason, once per payment, with an audit entry. `amountMinor` in minor units.
 * Returns true when this call listed it.
 */
export async function recordAttentionPayment(
  p: { paymentId: string; orderId: string; kind: string; registrationNumber: string; amountMinor: number; currency: 'INR' | 'USD'; reason: string },
  source: FinaliseSource | 'reconcile',
  at: Date,
): Promise<boolean> {
  const record = { paymentId: p.paymentId, orderId: p.orderId, kind: p.kind, registrationNumber: p.registrationNumber, amount: fromMinor(p.amountMinor), currency: p.currency, reason: p.reason, at: at.toISOString() };
  const auditEntry = JSON.stringify({ at: record.at, actor: source, action: 'payment.needs-attention', details: record });
  const listed = await withStore((r) =>
    r.eval<string[], number>(ATTENTION_SCRIPT, [keys.attention(p.paymentId), keys.attentionIndex(), keys.audit()], [JSON.stringify(record), String(at.getTime()), p.paymentId, auditEntry]),
  );
  if (listed === 1) console.warn(`[payments] ${p.paymentId} for order ${p.orderId} needs attention: ${p.reason}`);
  return listed === 1;
}
