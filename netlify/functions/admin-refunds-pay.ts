/**
 * POST /api/admin/refunds/pay {registrationNumber} (admin; issue "Accounts"): pays the refund due
 * on an approved cancellation through Razorpay's Refunds API, after the conference has ended.
 * Each part carries an idempotency key fixed on the record first, so pressing twice, racing or
 * retrying after a time-out refunds once. Refund webhooks then mark the parts processed or failed;
 * a failed payout can be paid again.
 *  200 RefundPayout; 400; 401; 404; 409 TOO_EARLY / NO_REFUND_DUE / REFUND_REFUSED; 503 Razorpay or Redis down (retry).
 */
import type { Config } from '@netlify/functions';
import { refundPayRequest } from '../../src/shared/api';
import { requireAdmin } from '../server/auth';
import { payRefund } from '../server/cancellations';
import { now } from '../server/clock';
import { endpoint, json, readJson } from '../server/http';

export default endpoint(['POST'], async (req) => {
  await requireAdmin(req);
  const { registrationNumber } = await readJson(req, refundPayRequest);
  return json(200, await payRefund(registrationNumber, now()));
});

export const config: Config = { path: '/api/admin/refunds/pay' };
