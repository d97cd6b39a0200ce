/**
 * GET /api/registrations/export (admin; spec part 2 sections 2, 3, 9: 'Download CSV').
 *  200 text/csv; charset=utf-8, `attachment; filename="registrations_{YYYY-MM-DD}.csv"` (the day
 *  in Asia/Kolkata by the server clock): a UTF-8 BOM (so Excel reads ₹ and non-ASCII names), the
 *  header row and one row per registration, oldest first, in the spec's columns
 *  (src/shared/csv.ts), CRLF line ends, RFC 4180 quoting by csv-stringify, and every text cell
 *  that a spreadsheet would run as a formula prefixed with a single quote.
 *  401 without a valid admin token; 503 store down. Each export is recorded in the audit log.
 */
import { stringify } from 'csv-stringify/sync';
import { conference } from '../../src/content/conference';
import { registrationCsvFilename, registrationCsvHeaders, registrationCsvRow } from '../../src/shared/csv';
import { dayIn } from '../../src/shared/dates';
import { requireAdmin } from '../server/auth';
import { now } from '../server/clock';
import { endpoint } from '../server/http';
import { allRegistrations } from '../server/registrations';
import { audit } from '../server/store';

export default endpoint(['GET'], async (req) => {
  await requireAdmin(req);
  const at = now();
  const registrations = await allRegistrations();
  const csv = stringify([[...registrationCsvHeaders], ...registrations.map((r) => registrationCsvRow(r, conference.timeZone))], {
    bom: true,
    record_delimiter: 'windows',
    // csv-stringify quotes cells holding the delimiter, a quote or the record delimiter (CRLF);
    // RFC 4180 wants a lone LF or CR quoted too.
    quoted_match: /[\r\n]/,
  });
  const filename = registrationCsvFilename(dayIn(at, conference.timeZone));
  await audit({ at: at.toISOString(), actor: 'admin', action: 'registrations.exported', details: { count: registrations.length } });
  return new Response(csv, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

export const config = { path: '/api/registrations/export' };
