/**
 * GET /api/admin/verifications (admin; decision 013): the registrations waiting for an admin, oldest
 * payment first: students' proofs of status (awaiting-proof) and IEEE member numbers no service
 * checked (membership-to-verify), each with what is waiting and, when uploaded, the path of its proof.
 *  200 VerificationItem[]; 401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { endpoint, json } from '../server/platform/http';
import { listVerifications } from '../server/verifications';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-verifications');
  return json(200, await listVerifications());
});

export const config: Config = { path: '/api/admin/verifications' };
