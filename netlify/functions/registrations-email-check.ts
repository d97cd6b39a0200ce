/**
 * POST /api/registrations/email-check {email} -> {registered: boolean} (before paying, a
 * delegate whose e-mail already has a registration is told so). Public and rate-limited per
 * client address ('email-check'); it answers only yes or no, never which registration, so it
 * reveals no more than the registration form itself would. Reads the set the payment core keeps
 * per address (keys.registrationsByEmail of the sha256 hex of the trimmed, lower-cased address).
 */
import type { Config } from '@netlify/functions';
import { emailCheckRequest, type EmailCheckResponse } from '../../src/shared/api';
import { endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { emailHash, keys, withStore } from '../server/platform/store';

export default endpoint(['POST'], async (req, context) => {
  // Counted before the body is read, so malformed requests use up the window too.
  const { email } = await readJson(req, emailCheckRequest);
  await limitRequest('email-check', req, context);
  const count = await withStore((r) => r.scard(keys.registrationsByEmail(emailHash(email))));
  const body: EmailCheckResponse = { registered: count > 0 };
  return json(200, body);
});

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/registrations/email-check', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
