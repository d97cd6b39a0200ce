/**
 * The two ways a payment is confirmed (ARCHITECTURE: Payment flow, step 3): the browser's
 * verify-payment call after Checkout's handler, and Razorpay's webhook. Both end in finalise(),
 * through finaliseAndConfirm() so the call that creates the registration sends its e-mail.
 */
import { validate, HttpError, parseJsonText } from './http';
import { webhookEvent, type VerifyPaymentRequest } from '../../src/shared/api';
import { fetchProviderPayment, isCheckoutSignatureValid, isWebhookSignatureValid } from './payments';
import { finaliseAndConfirm } from './mail-delivery';
import { getPendingOrder, type FinaliseResult } from './registrations';
import { audit } from './store';

/** Payment states in which Razorpay has taken the money for an order (auto-capture on). */
const PAID_STATES = new Set(['captured', 'authorized']);

/**
 * verify-payment: checks the Checkout signature (timing-safe), cross-checks the payment with
 * Razorpay (same order, paid state, amount equal to the order's server-computed total) and
 * finalises. Throws HttpError 400 INVALID_SIGNATURE / PAYMENT_MISMATCH, 404 ORDER_NOT_FOUND.
 */
export async function confirmCheckoutPayment(body: VerifyPaymentRequest, now: Date): Promise<FinaliseResult> {
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
  if (!isCheckoutSignatureValid(orderId, paymentId, signature)) {
    throw new HttpError(400, 'INVALID_SIGNATURE', 'Payment signature is not valid for this order.');
  }
  const order = await getPendingOrder(orderId);
  if (!order) {
    // Already finalised orders may have expired from the pending set; finalise answers from done:.
    return finaliseAndConfirm(orderId, paymentId, 'verify-payment', now);
  }
  const payment = await fetchProviderPayment(paymentId);
  if (payment.order_id !== orderId || !PAID_STATES.has(payment.status) || payment.amount !== order.charges.total) {
    await audit({ at: now.toISOString(), actor: 'verify-payment', action: 'payment.mismatch', details: { orderId, paymentId, status: payment.status, amount: payment.amount } });
    throw new HttpError(400, 'PAYMENT_MISMATCH', 'This payment does not match the order.');
  }
  return finaliseAndConfirm(orderId, paymentId, 'verify-payment', now);
}

export type WebhookOutcome = { handled: true; result: FinaliseResult } | { handled: false; reason: string };

/**
 * Webhook: checks X-Razorpay-Signature over the raw body (timing-safe) and finalises on
 * `order.paid` and `payment.captured`. Other events, orders this app did not create and amounts
 * that differ from the order are acknowledged without writing a registration (Razorpay would
 * otherwise retry them for a day). Throws HttpError 400 for a bad signature or body.
 */
export async function handleWebhook(rawBody: string, signature: string | null, now: Date): Promise<WebhookOutcome> {
  if (!signature || !isWebhookSignatureValid(rawBody, signature)) {
    throw new HttpError(400, 'INVALID_SIGNATURE', 'Webhook signature is not valid.');
  }
  const event = validate(webhookEvent, parseJsonText(rawBody));
  if (event.event !== 'order.paid' && event.event !== 'payment.captured') return { handled: false, reason: `event ${event.event} not used` };
  const payment = event.payload.payment?.entity;
  const orderId = payment?.order_id ?? event.payload.order?.entity.id;
  if (!payment || !orderId) throw new HttpError(400, 'VALIDATION_FAILED', 'Webhook payload has no payment or order id.');
  const order = await getPendingOrder(orderId);
  if (!order) {
    const result = await finaliseAndConfirm(orderId, payment.id, 'webhook', now).catch((err: unknown) => {
      if (err instanceof HttpError && err.status === 404) return null;
      throw err;
    });
    return result ? { handled: true, result } : { handled: false, reason: 'unknown order' };
  }
  if (payment.amount !== order.charges.total) {
    await audit({ at: now.toISOString(), actor: 'webhook', action: 'payment.mismatch', details: { orderId, paymentId: payment.id, amount: payment.amount } });
    return { handled: false, reason: 'amount does not match the order' };
  }
  return { handled: true, result: await finaliseAndConfirm(orderId, payment.id, 'webhook', now) };
}
