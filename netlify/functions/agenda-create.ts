/**
 * POST /api/agenda {regId, email} (public; docs/operations.md, "The programme"; decision 038): the
 * link to the delegate's own agenda, with the proof the self-service pages ask for (the
 * registration ID and the registered e-mail; the same 404 for a wrong e-mail and an unknown ID).
 * Rate-limited per client address ('agenda'). Writes nothing: the link is derived, always the same
 * for a registration, and is the one the confirmation e-mail carries.
 *  200 {token, feedUrl, webcalUrl, pageUrl}; 400 invalid input; 404 NO_MATCH; 409 cancelled; 429; 503.
 */
import type { Config } from '@netlify/functions';
import { registrantRequest } from '../../src/shared/api';
import type { AgendaLink } from '../../src/shared/programme';
import { registrationStatus } from '../../src/shared/registration-status';
import { agendaLink } from '../server/agenda';
import { endpoint, json, readJson, refuse } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { getRegistrantRegistration } from '../server/registrations';

export default endpoint(['POST'], async (req, context) => {
  const { regId, email } = await readJson(req, registrantRequest);
  await limitRequest('agenda', req, context);
  const registration = await getRegistrantRegistration(regId, email);
  if (registrationStatus(registration) === 'cancelled') throw refuse(409, 'REGISTRATION_CANCELLED', 'This registration is cancelled: it has no agenda.');
  const body: AgendaLink = agendaLink(registration);
  return json(200, body);
});

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/agenda', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
