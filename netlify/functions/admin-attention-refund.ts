/**
 * POST /api/admin/attention/refund {paymentId} (admin; issue "Accounts"): refunds in full a
 * payment listed in "payments needing attention" (taken but not applied), through Razorpay's
 * Refunds API with an idempotency key derived from the payment, so pressing twice refunds once.
 * The record keeps the refund's id and state.
 *  200 the updated AttentionPayment; 400; 401; 404 NOT_LISTED; 409 REFUND_REFUSED, or PAYMENT_APPLIED
 *  for a record the payment was applied for (a coupon over its limit); 503 (retry).
 */
import type { Config } from '@netlify/functions';
import { attentionRefundRequest, type AttentionPayment } from '../../src/shared/api';
import { toMinor } from '../../src/shared/money';
import { requireAdmin } from '../server/auth';
import { now } from '../server/clock';
import { HttpError, endpoint, json, readJson } from '../server/http';
import { createProviderRefund } from '../server/payments';
import { audit, keys, withStore } from '../server/store';

export default endpoint(['POST'], async (req) => {
  await requireAdmin(req);
  const { paymentId } = await readJson(req, attentionRefundRequest);
  const record = await withStore((r) => r.get<AttentionPayment & { refund?: { id: string; status: string; at: string } }>(keys.attention(paymentId)));
  if (!record) throw new HttpError(404, 'NOT_LISTED', 'This payment is not in the list of payments needing attention.');
  // A coupon used past its limit was applied: refunding it here would leave a paid-for registration unpaid.
  if (record.applied) throw new HttpError(409, 'PAYMENT_APPLIED', 'This payment was applied to a registration. To refund it, cancel that registration.');
  if (record.refund?.status === 'processed') return json(200, record);
  const refund = await createProviderRefund(paymentId, toMinor(record.amount), `attention-${paymentId.slice(4)}`, { reason: 'payment not applied', orderId: record.orderId });
  const at = now().toISOString();
  const updated = { ...record, refund: { id: refund.id, status: refund.status, at } };
  await withStore((r) => r.set(keys.attention(paymentId), updated));
  await audit({ at, actor: 'admin', action: 'attention.refunded', details: { paymentId, refundId: refund.id, amount: record.amount, currency: record.currency } });
  return json(200, updated);
});

export const config: Config = { path: '/api/admin/attention/refund' };
