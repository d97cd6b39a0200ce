/**
 * POST /api/update-name/get-name {regId, email} (docs/rules.md#the-self-service-pages): the registered
 * name record {success: true, title, firstName, lastName}, only when the id and the registered
 * e-mail (trimmed, case-insensitive) both match. An unknown id and a wrong e-mail get the same
 * 404 NO_MATCH, so the call cannot tell which registration numbers exist. Rate-limited per
 * client address (429 with Retry-After). Failures carry {success: false, message}.
 */
import type { Config } from '@netlify/functions';
import { getNameRequest, type GetNameResponse } from '../../src/shared/api';
import { endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { lookupName } from '../server/orders/self-service-lookup';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email } = await readJson(req, getNameRequest);
    await limitRequest('name-change', req, context);
    const body: GetNameResponse = { success: true, ...(await lookupName(regId, email)) };
    return json(200, body);
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/update-name/get-name', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
