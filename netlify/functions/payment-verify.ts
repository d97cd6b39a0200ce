/**
 * POST /api/payment/verify-payment {razorpay_order_id, razorpay_payment_id, razorpay_signature}
 * -> {success, registrationNumber} (docs/rules.md#the-api).
 */
import type { Config } from '@netlify/functions';
import { verifyPaymentRequest, type VerifyPaymentResponse } from '../../src/shared/api';
import { now } from '../server/platform/clock';
import { confirmCheckoutPayment } from '../server/orders/confirm';
import { endpoint, json, readJson } from '../server/platform/http';

export default endpoint(['POST'], async (req) => {
  const body = await readJson(req, verifyPaymentRequest);
  const { registrationNumber } = await confirmCheckoutPayment(body, now());
  const response: VerifyPaymentResponse = { success: true, registrationNumber };
  return json(200, response);
});

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/payment/verify-payment', rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
