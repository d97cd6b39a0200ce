/**
 * POST /api/cancellation/quote {regId, email} (docs/payments.md#cancellations-and-refunds):
 * what cancelling now would refund, shown before the registrant confirms, or the
 * state of a request already made. Only when the id and the registered e-mail match (the same
 * 404 otherwise). Rate-limited per client address. Writes nothing.
 *  200 CancellationResponse; 400 invalid input; 404 NO_MATCH; 429; 503. Failures carry {success: false, message}.
 */
import type { Config } from '@netlify/functions';
import { registrantRequest, type CancellationResponse } from '../../src/shared/api';
import { quoteCancellation } from '../server/cancellation-quote';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email } = await readJson(req, registrantRequest);
    await limitRequest('cancellation', req, context);
    const body: CancellationResponse = { success: true, ...(await quoteCancellation(regId, email, now())) };
    return json(200, body);
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/cancellation/quote', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
