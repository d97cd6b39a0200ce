/**
 * POST /api/cancellation/request {regId, email} (docs/payments.md#cancellations-and-refunds): records
 * a cancellation request with the refund the rule gives at this moment (50 % of the registration
 * fee without GST and the convenience fee before 20 Nov 2025 IST, else nothing), for an admin
 * to approve. Asking again answers the same. Rate-limited per client address.
 *  200 CancellationResponse; 400; 404 NO_MATCH; 409 ALREADY_CANCELLED / REQUEST_DECLINED; 429; 503.
 */
import type { Config } from '@netlify/functions';
import { registrantRequest, type CancellationResponse } from '../../src/shared/api';
import { requestCancellation } from '../server/cancellations';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email } = await readJson(req, registrantRequest);
    await limitRequest('cancellation', req, context);
    const body: CancellationResponse = { success: true, ...(await requestCancellation(regId, email, now())) };
    return json(200, body);
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/cancellation/request', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
