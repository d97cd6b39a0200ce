/**
 * POST /api/registrations/resend-ticket {registrationNumber} (admin): sends the confirmation
 * e-mail with the QR ticket again, e.g. after a delegate lost it or TICKET_SIGNING_KEY changed.
 *  200 { sent: true }.
 *  404 REGISTRATION_NOT_FOUND; 400 VALIDATION_FAILED; 401 without a valid admin token.
 *  409 REGISTRATION_CANCELLED: a cancelled registration's ticket is refused at the door, so it is
 *      not sent again (nothing sent, nothing recorded).
 *  502 MAIL_REJECTED: the mail server answered and refused the message;
 *  503 MAIL_UNAVAILABLE: it could not be reached (or did not answer within 10 s).
 * Either way the attempt is recorded in `mail:{regNo}` and the audit log. A failed resend is not
 * put on the automatic retry schedule: the organiser sees the error and decides.
 */
import type { Config } from '@netlify/functions';
import { resendTicketRequest, type ResendTicketResponse } from '../../src/shared/api';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { HttpError, endpoint, json, readJson } from '../server/platform/http';
import { deliverConfirmation } from '../server/mail-delivery';
import { getRegistration } from '../server/registrations';
import { registrationStatus } from '../../src/shared/registration-status';
import { recordAdmin } from '../server/audit';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'registrations-resend-ticket');
  const { registrationNumber } = await readJson(req, resendTicketRequest);
  const registration = await getRegistration(registrationNumber);
  if (!registration) throw new HttpError(404, 'REGISTRATION_NOT_FOUND', 'No registration with this number.');
  if (registrationStatus(registration) === 'cancelled') {
    throw new HttpError(409, 'REGISTRATION_CANCELLED', 'This registration is cancelled: its ticket no longer admits anyone, so it is not sent again.');
  }
  const at = now();
  const outcome = await deliverConfirmation(registration, at, false);
  await recordAdmin(at, outcome.sent ? 'mail.resent' : 'mail.resend-failed', { regNo: registrationNumber, ...(outcome.sent ? {} : { reason: outcome.error.reason }) });
  if (!outcome.sent) {
    const { kind, reason } = outcome.error;
    if (kind === 'refused') throw new HttpError(502, 'MAIL_REJECTED', `The mail server refused the message (${reason}). Check the address, then try again.`);
    if (kind === 'config') throw new HttpError(503, 'MAIL_NOT_CONFIGURED', 'E-mail is not configured on the server. Please contact the site administrator.');
    throw new HttpError(503, 'MAIL_UNAVAILABLE', `The mail server could not be reached (${reason}). Please try again in a few minutes.`, undefined, undefined, { 'Retry-After': '60' });
  }
  const body: ResendTicketResponse = { sent: true };
  return json(200, body);
});

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/registrations/resend-ticket', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
