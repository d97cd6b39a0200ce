/**
 * GET /api/registrations/{id} (docs/rules.md#the-api): one registration.
 *  - With a valid admin bearer token of a role the role table gives it (owner, registrations,
 *    finance: src/shared/admin-roles.ts; another role's token counts as none): the whole stored registration, with its `status` (decision 013:
 *    confirmed, awaiting-proof, membership-to-verify or cancelled; records written before statuses
 *    existed have none stored and answer `confirmed`).
 *  - Without one: only what the self-service pages read (registrationNumber, title, firstName,
 *    lastName, organization, email, registrationTier), rate-limited per client address.
 *  404 REGISTRATION_NOT_FOUND for an unknown id, 400 for an id that is not a registration number,
 *  429 with Retry-After past the limit, 503 when the store is down. Always Cache-Control: no-store.
 * The sibling paths summary, export and resend-ticket are other functions (excludedPath).
 */
import type { Config } from '@netlify/functions';
import { regIdSchema } from '../../src/shared/api';
import { isAdminRequest } from '../server/auth';
import { now } from '../server/platform/clock';
import { endpoint, json, refuse, validate } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { NOT_FOUND_MESSAGE } from '../../src/shared/messages';
import { getRegistration, publicView } from '../server/registrations';
import { registrationStatus } from '../../src/shared/registration-status';

export default endpoint(
  ['GET'],
  async (req, context) => {
    const segment = new URL(req.url).pathname.split('/').filter(Boolean).pop() ?? '';
    let id: string;
    try {
      id = decodeURIComponent(segment);
    } catch {
      id = segment;
    }
    const admin = await isAdminRequest(req, now(), 'registration-by-id');
    // Only a well-formed id counts towards the limit (docs/security.md).
    const regNo = validate(regIdSchema(), id);
    if (!admin) await limitRequest('registration-lookup', req, context);
    const registration = await getRegistration(regNo);
    if (!registration) throw refuse(404, 'REGISTRATION_NOT_FOUND', NOT_FOUND_MESSAGE);
    return json(200, admin ? { ...registration, status: registrationStatus(registration) } : publicView(registration));
  },
  { successFlag: true },
);

export const config: Config = {
  path: '/api/registrations/:id',
  excludedPath: ['/api/registrations/summary', '/api/registrations/export', '/api/registrations/resend-ticket', '/api/registrations/email-check'],
};
