/**
 * POST /api/visa-letters/request {regId, email, passportName, nationality, passportNumber,
 * passportIssueDate, passportExpiryDate, dateOfBirth, paperTitle?} (decision 016): records a visa
 * invitation letter request, its passport data sealed (AES-256-GCM). Rate-limited per client address.
 *  200 {success, reference}; 400 (bad input, a passport expiring within six months of the
 *  conference); 403 INDIAN_REGISTRANT / NOT_PAID / REGISTRATION_CANCELLED; 404 NO_MATCH (a wrong
 *  e-mail and an unknown id alike); 409 ALREADY_REQUESTED; 429; 500 without PASSPORT_DATA_KEY; 503.
 */
import type { Config } from '@netlify/functions';
import { visaLetterRequest } from '../../src/shared/visa-letters';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { requestVisaLetter } from '../server/visa-letters';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const input = await readJson(req, visaLetterRequest);
    await limitRequest('visa-letter', req, context);
    const { reference } = await requestVisaLetter(input, now());
    return json(200, { success: true, reference });
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/visa-letters/request', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
