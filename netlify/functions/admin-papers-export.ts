/**
 * GET /api/admin/papers/export (admin; docs/operations.md#accepted-papers-publication-chair): the papers as the page lists them: coverage, presented mark, registrations and the registrations whose e-mail is not a listed author.
 *  200 text/csv; charset=utf-8, attachment "papers_{YYYY-MM-DD}.csv" (the day in Asia/Kolkata):
 *  a UTF-8 BOM, the header (first column `Paper ID`), one row per paper in Paper ID order,
 *  CRLF line ends, csv-stringify quoting, formula-like text cells prefixed with a quote (csv-file.ts).
 *  401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { PAPERS_CSV_HEADERS, paperCsvRow } from '../../src/shared/papers';
import { requireRole } from '../server/auth';
import { endpoint } from '../server/platform/http';
import { papersCsvExport } from '../server/papers-export';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-papers-export');
  return papersCsvExport(PAPERS_CSV_HEADERS, paperCsvRow, 'papers.exported', 'papers');
});

export const config: Config = { path: '/api/admin/papers/export' };
