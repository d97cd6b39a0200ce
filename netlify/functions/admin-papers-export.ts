/**
 * GET /api/admin/papers/export (admin; docs/operations.md#accepted-papers-publication-chair): the papers as the page lists them: coverage, presented mark, registrations and the registrations whose e-mail is not a listed author.
 *  200 text/csv; charset=utf-8, attachment "papers_{YYYY-MM-DD}.csv" (the day in Asia/Kolkata):
 *  a UTF-8 BOM, the header (first column `Paper ID`), one row per paper in Paper ID order,
 *  CRLF line ends, csv-stringify quoting, formula-like text cells prefixed with a quote (csv-file.ts).
 *  401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { conference } from '../../src/content/conference';
import { dayIn } from '../../src/shared/dates';
import { PAPERS_CSV_HEADERS, paperCsvRow } from '../../src/shared/papers';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { csvResponse } from '../server/platform/csv-file';
import { endpoint } from '../server/platform/http';
import { listPapers } from '../server/papers';
import { recordAdmin } from '../server/audit';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-papers-export');
  const { papers } = await listPapers();
  const rows = papers.map((p) => paperCsvRow(p));
  const at = now();
  // Authors' names and addresses leave the site: recorded (docs/security.md, "The audit record").
  await recordAdmin(at, 'papers.exported', { rows: rows.length });
  return csvResponse(`papers_${dayIn(at, conference.timeZone)}.csv`, [[...PAPERS_CSV_HEADERS], ...rows]);
});

export const config: Config = { path: '/api/admin/papers/export' };
