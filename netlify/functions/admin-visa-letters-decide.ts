/**
 * POST /api/admin/visa-letters/decide {reference, decision: 'approve'|'reject', reason?} (admin;
 * decision 016). Approval e-mails the PDF letter to the registrant; a rejection needs a reason.
 *  200 the letter as now listed; 400; 401; 404 LETTER_NOT_FOUND; 409 ALREADY_DECIDED /
 *  REGISTRATION_CANCELLED; 410 PASSPORT_DATA_DELETED; 503 (the e-mail could not be sent: still requested).
 */
import type { Config } from '@netlify/functions';
import { visaLetterDecision } from '../../src/shared/visa-letters';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { decideVisaLetter } from '../server/visa-letters';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-visa-letters-decide');
  const { reference, decision, reason } = await readJson(req, visaLetterDecision);
  return json(200, await decideVisaLetter(reference, decision, reason, now()));
});

export const config: Config = { path: '/api/admin/visa-letters/decide' };
