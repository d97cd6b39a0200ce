/**
 * How a payment is confirmed and applied (docs/payments.md#the-payment-flow,
 * #orders): the browser's verify calls after Checkout's handler (verify-payment, verify-upgrade,
 * verify-ieee-change) and Razorpay's webhook all end in finalise() through finaliseAndNotify(),
 * and the one call that applied an order sends its e-mail. One webhook URL serves every kind:
 * the stored order decides what a payment applies to.
 */
import { endpoint, json, readJson, validate, HttpError, parseJsonText } from '../platform/http';
import { PAID_PAYMENT_STATES, verifyChangeRequest, webhookEvent, type VerifyChangeResponse, type VerifyPaymentRequest } from '../../../src/shared/api';
import { now as clockNow } from '../platform/clock';
import { isCheckoutSignatureValid, isWebhookSignatureValid } from '../platform/payments';
import { fetchPaymentForVerify } from '../platform/verify-payment-fetch';
import { handOffMail } from '../mail-handoff';
import { finalise, recordAttentionPayment, type FinaliseResult } from './finalise';
import { applyRefundEvent } from '../cancellations';
import { applyAttentionRefundEvent } from './attention';
import { orderKinds, type VerifySource } from './registry';
import { getOrderState, type PendingOrder } from './orders';
import { audit, keys, rawRedis, withStore } from '../platform/store';
import { getRegistration } from '../registrations';
import { registrationStatus } from '../../../src/shared/registration-status';

/**
 * finalise() plus the e-mail of the call that applied the order: the registration confirmation
 * with its QR ticket, or for a paid change the same ticket with a line saying what changed. The
 * e-mail is handed off (mail-handoff.ts, decision 053): its lease is recorded before this
 * resolves, and the mail-send function composes and sends it after the answer. Errors of
 * finalise() propagate; nothing about the e-mail ever fails the call.
 */
export async function finaliseAndNotify(...args: Parameters<typeof finalise>): Promise<FinaliseResult> {
  const result = await finalise(...args);
  if (result.outcome === 'applied') await handOffMail(result.registrationNumber, args[0], args[3]);
  return result;
}

export const REFUND_DUE_MESSAGE =
  'Your payment was received, but the change could not be applied because your registration changed in the meantime. Nothing else is needed from you: the organisers have been told and will refund this payment.';

/**
 * A verify call: checks the Checkout signature (timing-safe), cross-checks the payment with
 * Razorpay (same order, paid state, amount equal to the order's server-computed total) and
 * finalises. `source` names the endpoint, which accepts only its own kind of order.
 * Resolves with the registration number; throws HttpError 400 INVALID_SIGNATURE /
 * PAYMENT_MISMATCH / WRONG_ORDER_KIND, 404 ORDER_NOT_FOUND, 409 PAYMENT_ALREADY_USED and 409
 * REFUND_DUE (a change that could no longer apply, listed for a refund), 503 when Razorpay or
 * the store cannot be reached.
 */
export async function confirmCheckoutPayment(body: VerifyPaymentRequest, now: Date, source: VerifySource = 'verify-payment'): Promise<FinaliseResult & { outcome: 'applied' | 'already' }> {
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
  if (!isCheckoutSignatureValid(orderId, paymentId, signature)) {
    throw new HttpError(400, 'INVALID_SIGNATURE', 'Payment signature is not valid for this order.');
  }
  const state = await getOrderState(orderId);
  // Each kind of order is confirmed by its own verify call only (registry.ts).
  if (state.order && orderKinds[state.order.kind].verifiedBy !== source) {
    throw new HttpError(400, 'WRONG_ORDER_KIND', `This order is a ${state.order.kind} order; it cannot be confirmed here.`);
  }
  if (state.order && !state.done) {
    const payment = await fetchPaymentForVerify(paymentId);
    if (payment.order_id !== orderId || !PAID_PAYMENT_STATES.has(payment.status) || payment.amount !== state.order.charges.total) {
      await audit({ at: now.toISOString(), actor: source, action: 'payment.mismatch', details: { orderId, paymentId, status: payment.status, amount: payment.amount } });
      throw new HttpError(400, 'PAYMENT_MISMATCH', 'This payment does not match the order.');
    }
  }
  // Finalised orders may have expired from the pending set; finalise answers from done:.
  const result = await finaliseAndNotify(orderId, paymentId, source, now, state);
  if (result.outcome === 'refund-due') throw new HttpError(409, 'REFUND_DUE', REFUND_DUE_MESSAGE, undefined, { registrationNumber: result.registrationNumber });
  return result;
}

/**
 * The payment events that finalise an order. payment.authorized counts too: with auto-capture it
 * comes just before payment.captured, and it is the first news of a late authorisation (both are
 * applied once, whichever arrives first).
 */
export const PAYMENT_EVENTS = ['order.paid', 'payment.captured', 'payment.authorized'] as const;
/** Razorpay's payment downtime events: they keep the downtime list Checkout reads current (payment-downtimes.ts). */
export const DOWNTIME_EVENTS = ['payment.downtime.started', 'payment.downtime.updated', 'payment.downtime.resolved'] as const;
/** The refund events that settle a cancellation's refund. */
export const REFUND_EVENTS = ['refund.processed', 'refund.failed'] as const;
/**
 * Every Razorpay webhook event the site acts on: the ones to enable in Razorpay's Dashboard
 * (npm run check:production prints them). Others are acknowledged and ignored.
 */
export const WEBHOOK_EVENTS: readonly string[] = [...PAYMENT_EVENTS, ...REFUND_EVENTS, ...DOWNTIME_EVENTS];

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

export type WebhookOutcome =
  | { handled: true; result: FinaliseResult }
  | { handled: true; refund: string }
  | { handled: true; downtime: string }
  | { handled: true; lateRefund: string; registrationNumber: string }
  | { handled: false; reason: string };

/**
 * Webhook: checks X-Razorpay-Signature over the raw body (timing-safe), drops re-deliveries of an
 * event already handled (x-razorpay-event-id), finalises on `order.paid` and `payment.captured`
 * for an order of any kind, and marks refunds on `refund.processed` / `refund.failed`. An amount
 * that differs from its order is listed in "payments needing attention". Other events, orders this app
 * did not create and amounts that differ from the order are acknowledged without applying
 * anything (Razorpay would otherwise retry them for a day). Throws HttpError 400 for a bad
 * signature or body.
 */
export async function handleWebhook(rawBody: string, signature: string | null, now: Date, eventId: string | null = null): Promise<WebhookOutcome> {
  if (!signature || !isWebhookSignatureValid(rawBody, signature)) {
    throw new HttpError(400, 'INVALID_SIGNATURE', 'Webhook signature is not valid.');
  }
  const event = validate(webhookEvent, parseJsonText(rawBody));
  // Razorpay delivers at least once: a re-delivered event (same x-razorpay-event-id) is acknowledged unread.
  const seenKey = eventId && /^[A-Za-z0-9_-]{1,64}$/.test(eventId) ? keys.webhookEvent(eventId) : null;
  const paymentEvent = isOneOf(PAYMENT_EVENTS, event.event);
  const orderId = paymentEvent ? (event.payload.payment?.entity.order_id ?? event.payload.order?.entity.id) : undefined;
  // A payment event reads its order, its done marker and its event id in one request, which also
  // marks the event handled when the order is already settled: the usual webhook, arriving after
  // verify-payment, then costs that one round trip. Not for a late authorisation: an order
  // settled by another payment still leaves this one to refund, and a failed refund must be
  // tried again on Razorpay's retry.
  const late = event.payload.payment?.entity.late_authorized === true;
  const state = orderId ? await webhookOrderState(orderId, seenKey, now, !late) : undefined;
  if (state === 'duplicate' || (!state && seenKey && (await withStore((r) => r.exists(seenKey))))) return { handled: false, reason: 'duplicate event' };
  const outcome = await dispatch(event, now, state);
  // Marked only once handled: an event whose handling failed (503) is processed again on Razorpay's retry.
  if (seenKey && !state?.marked) await withStore((r) => r.set(seenKey, now.toISOString(), { ex: WEBHOOK_EVENT_TTL_SECONDS }));
  return outcome;
}

/** How long a handled event id is remembered: Razorpay retries a failed delivery for 24 hours. */
const WEBHOOK_EVENT_TTL_SECONDS = 3 * 24 * 3600;

// KEYS: order, done, event id (or the order key again when there is none). ARGV: '1' when there
// is an event id ('2': there is one, but it is not to be marked here), the time to store under it, its TTL (s).
// Returns {'duplicate'} for an event id already handled, else {order JSON or '', done or '', '1'
// when the event id was marked handled here (the order was already settled) or '0'}.
const WEBHOOK_STATE_SCRIPT = `
if ARGV[1] ~= '0' and redis.call('EXISTS', KEYS[3]) == 1 then return {'duplicate'} end
local order = redis.call('GET', KEYS[1]) or ''
local done = redis.call('GET', KEYS[2]) or ''
if done ~= '' and ARGV[1] == '1' then
  redis.call('SET', KEYS[3], ARGV[2], 'EX', ARGV[3])
  return {order, done, '1'}
end
return {order, done, '0'}
`;

/**
 * One request for a payment webhook: drops a re-delivered event id, reads the order and its
 * done:{orderId} marker (as getOrderState), and when the order is already settled marks the
 * event id handled in the same script, since nothing is left to do for it (finalise() only
 * answers from the marker). Throws ServiceUnavailableError when the store is down.
 */
async function webhookOrderState(orderId: string, seenKey: string | null, now: Date, markSettled = true): Promise<'duplicate' | (OrderState & { marked: boolean })> {
  const reply = await withStore(
    (r) =>
      r.eval<string[], string[]>(WEBHOOK_STATE_SCRIPT, [keys.order(orderId), keys.done(orderId), seenKey ?? keys.order(orderId)], [seenKey ? (markSettled ? '1' : '2') : '0', now.toISOString(), String(WEBHOOK_EVENT_TTL_SECONDS)]),
    rawRedis,
  );
  if (reply[0] === 'duplicate') return 'duplicate';
  const [order, done, marked] = reply;
  return { order: order ? (JSON.parse(order) as PendingOrder) : null, done: done || null, marked: marked === '1' };
}

type OrderState = Awaited<ReturnType<typeof getOrderState>>;

async function dispatch(event: ReturnType<typeof webhookEvent.parse>, now: Date, known?: OrderState): Promise<WebhookOutcome> {
  if (isOneOf(REFUND_EVENTS, event.event)) {
    const refund = event.payload.refund?.entity;
    if (!refund) throw new HttpError(400, 'VALIDATION_FAILED', 'Webhook payload has no refund.');
    const ours = (await applyRefundEvent(event.event, refund, now)) || (await applyAttentionRefundEvent(event.event, refund, now));
    return ours ? { handled: true, refund: refund.id } : { handled: false, reason: 'refund not made by this site' };
  }
  if (isOneOf(DOWNTIME_EVENTS, event.event)) {
    const d = event.payload['payment.downtime']?.entity;
    if (!d) throw new HttpError(400, 'VALIDATION_FAILED', 'Webhook payload has no payment.downtime.');
    const { applyDowntimeEvent } = await import('../platform/payment-downtimes');
    await applyDowntimeEvent({ id: d.id, method: d.method, status: event.event === 'payment.downtime.resolved' ? 'resolved' : d.status, severity: d.severity, instrument: d.instrument ?? {}, begin: d.begin ?? null, end: d.end ?? null });
    return { handled: true, downtime: d.id };
  }
  if (!isOneOf(PAYMENT_EVENTS, event.event)) return { handled: false, reason: `event ${event.event} not used` };
  const payment = event.payload.payment?.entity;
  const orderId = payment?.order_id ?? event.payload.order?.entity.id;
  if (!payment || !orderId) throw new HttpError(400, 'VALIDATION_FAILED', 'Webhook payload has no payment or order id.');
  const state = known ?? (await getOrderState(orderId));
  if (!state.order && !state.done) return { handled: false, reason: 'unknown order' };
  if (state.order && !state.done && payment.amount !== state.order.charges.total) {
    await recordAttentionPayment(
      { paymentId: payment.id, orderId, kind: state.order.kind, registrationNumber: 'registrationNumber' in state.order ? state.order.registrationNumber : '', amountMinor: payment.amount, currency: state.order.currency, reason: `Paid ${payment.amount} minor units; the order is for ${state.order.charges.total}.` },
      'webhook',
      now,
    );
    return { handled: false, reason: 'amount does not match the order' };
  }
  if (payment.late_authorized === true) {
    // Late authorisation (late-payments.ts): applied when the order can be honoured, else refunded.
    const { settleLatePayment } = await import('./late-payments');
    const settled = await settleLatePayment(payment, orderId, state, now, finaliseAndNotify);
    return 'refunded' in settled ? { handled: true, lateRefund: settled.refunded, registrationNumber: settled.registrationNumber } : { handled: true, result: settled };
  }
  return { handled: true, result: await finaliseAndNotify(orderId, payment.id, 'webhook', now, state) };
}

/**
 * The handler of a self-service verify call (verify-upgrade, verify-ieee-change, name-transfer
 * verify; docs/rules.md#the-api): the three razorpay_* fields in, `{success: true,
 * registrationNumber, status}` out once the payment is confirmed and its order applied (exactly once;
 * `status` the registration's afterwards), every failure with `{success: false, message}`
 * beside the error shape.
 */
export function selfServiceVerifyEndpoint(source: Exclude<VerifySource, 'verify-payment'>) {
  return endpoint(
    ['POST'],
    async (req) => {
      const body = await readJson(req, verifyChangeRequest);
      const result = await confirmCheckoutPayment(body, clockNow(), source);
      const { registrationNumber } = result;
      // The status after the change: the success page tells a student still awaiting the proof that no ticket came.
      const registration = result.outcome === 'applied' ? result.registration : await getRegistration(registrationNumber);
      const response: VerifyChangeResponse = { success: true, registrationNumber, ...(registration ? { status: registrationStatus(registration) } : {}) };
      return json(200, response);
    },
    { successFlag: true },
  );
}
