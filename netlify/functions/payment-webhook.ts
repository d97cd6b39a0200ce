/**
 * POST /api/payment/webhook: Razorpay webhooks `order.paid`, `payment.captured`, `refund.processed` and `refund.failed`, signed with
 * RAZORPAY_WEBHOOK_SECRET over the raw body (X-Razorpay-Signature). Register this URL in
 * Razorpay's dashboard (docs/deployment.md).
 */
import type { Config } from '@netlify/functions';
import { now } from '../server/clock';
import { handleWebhook } from '../server/confirm';
import { endpoint, json, readRawBody } from '../server/http';

export default endpoint(['POST'], async (req) => {
  const raw = await readRawBody(req);
  const outcome = await handleWebhook(raw, req.headers.get('x-razorpay-signature'), now(), req.headers.get('x-razorpay-event-id'));
  if (!outcome.handled) return json(200, { ok: true, ignored: outcome.reason });
  return json(200, 'result' in outcome ? { ok: true, registrationNumber: outcome.result.registrationNumber } : { ok: true, refund: outcome.refund });
});

export const config: Config = { path: '/api/payment/webhook' };
