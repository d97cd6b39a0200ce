/**
 * GET /api/admin/papers/xplore (admin; docs/operations.md#accepted-papers-publication-chair): the IEEE Xplore report: every accepted paper with eligible yes/no and why (not covered by a paid full registration, student only, not presented), and the no-show list (No-show = yes).
 *  200 text/csv; charset=utf-8, attachment "xplore_{YYYY-MM-DD}.csv" (the day in Asia/Kolkata):
 *  a UTF-8 BOM, the header (first column `Paper ID`), one row per paper in Paper ID order,
 *  CRLF line ends, csv-stringify quoting, formula-like text cells prefixed with a quote (csv-file.ts).
 *  401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { XPLORE_CSV_HEADERS, xploreCsvRow } from '../../src/shared/papers';
import { requireRole } from '../server/auth';
import { endpoint } from '../server/platform/http';
import { papersCsvExport } from '../server/papers-export';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-papers-xplore');
  return papersCsvExport(XPLORE_CSV_HEADERS, xploreCsvRow, 'papers.xplore-exported', 'xplore');
});

export const config: Config = { path: '/api/admin/papers/xplore' };
