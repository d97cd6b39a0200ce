/**
 * POST /api/payment/verify-payment {razorpay_order_id, razorpay_payment_id, razorpay_signature}
 * -> {success, registrationNumber} (docs/rules.md#the-api).
 */
import type { Config } from '@netlify/functions';
import { verifyPaymentRequest, type VerifyPaymentResponse } from '../../src/shared/api';
import { now } from '../server/clock';
import { confirmCheckoutPayment } from '../server/confirm';
import { endpoint, json, readJson } from '../server/http';

export default endpoint(['POST'], async (req) => {
  const body = await readJson(req, verifyPaymentRequest);
  const { registrationNumber } = await confirmCheckoutPayment(body, now());
  const response: VerifyPaymentResponse = { success: true, registrationNumber };
  return json(200, response);
});

export const config: Config = { path: '/api/payment/verify-payment' };
