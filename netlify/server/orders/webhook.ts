/**
 * Razorpay's webhook (docs/payments.md#the-payment-flow, #orders): one webhook URL serves every
 * kind of order, the stored order deciding what a payment applies to; a payment ends in
 * finalise() through finaliseAndNotify() (confirm.ts) like a verify call. Refund events settle a
 * cancellation's refund, downtime events keep Checkout's downtime list current.
 */
import { HttpError, parseJsonText, validate } from '../platform/http';
import { webhookEvent } from '../../../src/shared/api';
import { isWebhookSignatureValid } from '../platform/payments';
import { keys, rawRedis, withStore } from '../platform/store';
import { applyRefundEvent } from '../cancellations';
import { applyAttentionRefundEvent } from './attention';
import { finaliseAndNotify } from './confirm';
import { recordAttentionPayment, type FinaliseResult } from './finalise';
import { getOrderState, type PendingOrder } from './orders';

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
