/**
 * GET /api/admin/visa-letters/export (admin; decision 016): the clearance list for the government
 * clearances of an international conference, as CSV with the passport details. The only export of
 * passport data; each download is recorded in the audit log (visa-letters.clearance-export).
 * Written by the one CSV writer (csv-file.ts): a passport name or paper title that a spreadsheet
 * would run as a formula gets a leading quote, as in every export.
 *  200 text/csv; 401; 500 without PASSPORT_DATA_KEY; 503.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { csvResponse } from '../server/platform/csv-file';
import { endpoint } from '../server/platform/http';
import { clearanceRows } from '../server/visa-letters';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-visa-letters-export');
  const at = now();
  return csvResponse(`visa-clearance-${at.toISOString().slice(0, 10)}.csv`, await clearanceRows(at));
});

export const config: Config = { path: '/api/admin/visa-letters/export' };
