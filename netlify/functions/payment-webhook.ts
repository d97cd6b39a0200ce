/**
 * POST /api/payment/webhook: Razorpay webhooks `order.paid`, `payment.captured`,
 * `payment.authorized` (late authorisations too), `refund.processed`, `refund.failed` and
 * `payment.downtime.started/updated/resolved`, signed with RAZORPAY_WEBHOOK_SECRET over the raw
 * body (X-Razorpay-Signature). Register this URL in Razorpay's dashboard (docs/deployment.md).
 * Answered within Razorpay's 5 s: work still running after 3 s goes on after a 202 {queued}
 * (netlify/server/orders/webhook-queue.ts, decision 047).
 */
import type { Config } from '@netlify/functions';
import { now } from '../server/platform/clock';
import { endpoint, json, readRawBody, type RequestContext } from '../server/platform/http';
import { answerWebhook } from '../server/orders/webhook-queue';

type WithWaitUntil = RequestContext & { waitUntil?: (promise: Promise<unknown>) => void };

export default endpoint(['POST'], async (req, context) => {
  const raw = await readRawBody(req);
  const waitUntil = (context as WithWaitUntil | undefined)?.waitUntil;
  const outcome = await answerWebhook(raw, req.headers.get('x-razorpay-signature'), now(), req.headers.get('x-razorpay-event-id'), waitUntil ? (p) => waitUntil.call(context, p) : undefined);
  if (!outcome.handled) return json(200, { ok: true, ignored: outcome.reason });
  if ('queued' in outcome) return json(202, { ok: true, queued: outcome.queued });
  if ('result' in outcome) return json(200, { ok: true, registrationNumber: outcome.result.registrationNumber });
  if ('refund' in outcome) return json(200, { ok: true, refund: outcome.refund });
  if ('downtime' in outcome) return json(200, { ok: true, downtime: outcome.downtime });
  return json(200, { ok: true, lateRefund: outcome.lateRefund, registrationNumber: outcome.registrationNumber });
});

export const config: Config = { path: '/api/payment/webhook' };
