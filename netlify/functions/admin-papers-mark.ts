/**
 * POST /api/admin/papers/mark {paperId, mark: 'presented'|'no-show'|'excused'|null, reason}
 * (admin; docs/operations.md#accepted-papers-publication-chair): the chair marks a paper by hand; a
 * no-show needs a reason, presented and excused may have one (`reason` may be left out); null
 * clears the mark. Recorded with when and by whom, and in the audit log.
 *  200 {paperId, presented: PresentedRecord|null}; 400 bad body; 404 a paper not imported;
 *  401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { normalisePaperId } from '../../src/shared/papers';
import { paperMarkRequest } from '../../src/shared/papers-schema';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { markPaper } from '../server/papers';
import { actingLabel } from '../server/platform/request-scope';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-papers-mark');
  const { paperId, mark, reason } = await readJson(req, paperMarkRequest);
  const presented = await markPaper(paperId, mark, reason, actingLabel('admin (publication chair)'), now());
  return json(200, { paperId: normalisePaperId(paperId), presented });
});

export const config: Config = { path: '/api/admin/papers/mark' };
