/**
 * How a payment is confirmed and applied (docs/payments.md#the-payment-flow,
 * #orders): the browser's verify calls after Checkout's handler (verify-payment, verify-upgrade,
 * verify-ieee-change) and Razorpay's webhook (webhook.ts) all end in finalise() through
 * finaliseAndNotify(), and the one call that applied an order sends its e-mail.
 */
import { endpoint, json, readJson, HttpError } from '../platform/http';
import { PAID_PAYMENT_STATES, verifyChangeRequest, type VerifyChangeResponse, type VerifyPaymentRequest } from '../../../src/shared/api';
import { now as clockNow } from '../platform/clock';
import { isCheckoutSignatureValid } from '../platform/payments';
import { fetchPaymentForVerify } from '../platform/verify-payment-fetch';
import { handOffMail } from '../mail-handoff';
import { finalise, type FinaliseResult } from './finalise';
import { orderKinds, type VerifySource } from './registry';
import { getOrderState } from './orders';
import { audit } from '../platform/store';
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
