/**
 * POST /api/admin/verifications/decide {registrationNumber, decision: 'approve'|'reject', reason?}
 * (admin; decision 013). Approve: status `confirmed`, the confirmation e-mail with the QR ticket, an
 * audit entry. Reject (a reason is required): the reason e-mailed with the delegate's options;
 * the status stays.
 *  200 the registration as written; 400 (a rejection without a reason); 401; 404; 409 NOTHING_TO_VERIFY; 503.
 */
import type { Config } from '@netlify/functions';
import { verificationDecisionRequest } from '../../src/shared/api';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { decideVerification } from '../server/verifications';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-verifications-decide');
  const { registrationNumber, decision, reason } = await readJson(req, verificationDecisionRequest);
  return json(200, await decideVerification(registrationNumber, decision, reason, now()));
});

export const config: Config = { path: '/api/admin/verifications/decide' };
