/**
 * POST /api/update-name/update-name {regId, email, title, firstName, lastName} 
 * (docs/rules.md#the-self-service-pages): changes the registered name when the id and the registered e-mail match.
 * The title is one of Dr, Prof, Mr, Ms, Mrs or empty; first and last names are non-blank, at
 * most 100 characters, without control characters. The old name is kept in the registration's
 * history, an audit entry is written and the registered address is e-mailed.
 *  200 {success: true, message}; 400 invalid input, 404 NO_MATCH (unknown id or wrong e-mail,
 *  the same answer), 429 past the per-address limit, 503 store down; failures carry {success: false, message}.
 */
import type { Config } from '@netlify/functions';
import { updateNameRequest, type UpdateNameResponse } from '../../src/shared/api';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { changeName } from '../server/orders/self-service';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email, title, firstName, lastName } = await readJson(req, updateNameRequest);
    await limitRequest('name-change', req, context);
    const { changed } = await changeName(regId, email, { title, firstName, lastName }, now());
    const body: UpdateNameResponse = {
      success: true,
      message: changed ? 'Your registered name has been updated. A confirmation has been sent to your registered e-mail address.' : 'Your registered name is already exactly this; nothing was changed.',
    };
    return json(200, body);
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/update-name/update-name', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
