/**
 * GET /api/admin/papers (admin; docs/operations.md#accepted-papers-publication-chair): every accepted paper
 * (withdrawn ones too) with its authors, the registrations that name it, its coverage
 * (covered / student-only / uncovered / withdrawn, derived from the registrations now) and its
 * presented mark; and the special sessions' complimentary registrations.
 *  200 PapersResponse (src/shared/papers.ts); 401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { endpoint, json } from '../server/platform/http';
import { listPapers } from '../server/papers';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-papers');
  return json(200, await listPapers());
});

export const config: Config = { path: '/api/admin/papers' };
