/**
 * GET /api/admin/programme (admin; docs/operations.md, "The programme"): the published programme
 * as delegates read it, the last import's warnings, the accepted papers in no session and the
 * author e-mails still to send: {programme, warnings, unplaced, pendingNotices}.
 *  401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { endpoint, json } from '../server/platform/http';
import { adminProgramme } from '../server/programme-import';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-programme');
  return json(200, await adminProgramme());
});

export const config: Config = { path: '/api/admin/programme' };
