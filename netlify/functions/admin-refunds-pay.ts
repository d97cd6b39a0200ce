/**
 * POST /api/admin/refunds/pay {registrationNumber, method?, reference?} (admin; docs/operations.md,
 * "Refunds"): pays the refund due on an approved cancellation, after the conference has ended.
 *  - method 'razorpay' (default): through Razorpay's Refunds API. Each part carries an idempotency
 *    key fixed on the record first, so pressing twice, racing or retrying after a time-out refunds
 *    once. A part Razorpay refuses is recorded failed with Razorpay's reason (answered 200 with the
 *    payout `failed`); refund webhooks mark parts processed or failed; a failed payout is retried
 *    by the same call, with fresh keys for its failed parts.
 *  - method 'outside' with `reference` (3-100 characters, e.g. the bank transfer's UTR): records
 *    that the organisers paid what Razorpay did not refund another way; the payout is processed.
 *  200 RefundPayout; 400; 401; 404; 409 TOO_EARLY / NO_REFUND_DUE / REFUND_IN_PROGRESS /
 *  ALREADY_REFUNDED; 503 Razorpay or Redis down (retry).
 */
import type { Config } from '@netlify/functions';
import { refundPayRequest } from '../../src/shared/api';
import { requireRole } from '../server/auth';
import { payRefund } from '../server/cancellations';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { refundPayMethod } from '../server/platform/payments';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-refunds-pay');
  const request = await readJson(req, refundPayRequest);
  return json(200, await payRefund(request.registrationNumber, now(), refundPayMethod(request)));
});

export const config: Config = { path: '/api/admin/refunds/pay' };
