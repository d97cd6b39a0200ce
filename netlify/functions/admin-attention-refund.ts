/**
 * POST /api/admin/attention/refund {paymentId, method?, reference?} (admin, roles owner and
 * finance; docs/operations.md, "Payments needing attention"): what the organisers do with a payment
 * listed in "payments needing attention" (taken but not applied).
 *  - method 'razorpay' (default): refunds it in full through Razorpay's Refunds API with an
 *    idempotency key fixed by the record, so pressing twice refunds once, and a refund that failed
 *    is made again with a fresh key (netlify/server/orders/attention.ts). The record keeps the refund's
 *    id, state (settled by the refund webhooks) and attempt.
 *  - method 'outside' with `reference` (3-100 characters, e.g. the bank transfer's UTR): records
 *    that the organisers paid it back another way, with an audit entry naming who recorded it; the
 *    same request shape as POST /api/admin/refunds/pay.
 *  200 the updated AttentionPayment (its refund `failed` with Razorpay's reason when Razorpay
 *  refused it: pressed again, it is made with a fresh key; `paid-outside` with the reference);
 *  400; 401; 403; 404 NOT_LISTED; 409 PAYMENT_APPLIED for a record the payment was applied for (a
 *  coupon over its limit), REFUND_IN_PROGRESS (outside, while a Razorpay refund is pending),
 *  ALREADY_REFUNDED (outside, once refunded or paid outside with another reference); 503 (retry).
 */
import type { Config } from '@netlify/functions';
import { attentionRefundRequest } from '../../src/shared/api';
import { refundAttentionPayment } from '../server/orders/attention';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { refundPayMethod } from '../server/platform/payments';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-attention-refund');
  const request = await readJson(req, attentionRefundRequest);
  return json(200, await refundAttentionPayment(request.paymentId, now(), refundPayMethod(request)));
});

export const config: Config = { path: '/api/admin/attention/refund' };
