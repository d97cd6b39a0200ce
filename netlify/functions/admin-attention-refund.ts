/**
 * POST /api/admin/attention/refund {paymentId} (admin; issue "Accounts"): refunds in full a
 * payment listed in "payments needing attention" (taken but not applied), through Razorpay's
 * Refunds API with an idempotency key fixed by the record, so pressing twice refunds once, and a
 * refund that failed is made again with a fresh key (netlify/server/attention.ts).
 * The record keeps the refund's id, state (settled by the refund webhooks) and attempt.
 *  200 the updated AttentionPayment (its refund `failed` with Razorpay's reason when Razorpay
 *  refused it: pressed again, it is made with a fresh key); 400; 401; 404 NOT_LISTED; 409 PAYMENT_APPLIED
 *  for a record the payment was applied for (a coupon over its limit); 503 (retry).
 */
import type { Config } from '@netlify/functions';
import { attentionRefundRequest } from '../../src/shared/api';
import { refundAttentionPayment } from '../server/attention';
import { requireRole } from '../server/auth';
import { now } from '../server/clock';
import { endpoint, json, readJson } from '../server/http';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-attention-refund');
  const { paymentId } = await readJson(req, attentionRefundRequest);
  return json(200, await refundAttentionPayment(paymentId, now()));
});

export const config: Config = { path: '/api/admin/attention/refund' };
