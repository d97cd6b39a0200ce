/**
 * GET /api/registrations/export (admin; docs/rules.md#the-stored-registration-and-the-csv: 'Download CSV').
 *  200 text/csv; charset=utf-8, `attachment; filename="registrations_{YYYY-MM-DD}.csv"` (the day
 *  in Asia/Kolkata by the server clock): a UTF-8 BOM (so Excel reads ₹ and non-ASCII names), the
 *  header row and one row per registration, oldest first, in the rules' columns
 *  (src/shared/csv.ts), CRLF line ends, RFC 4180 quoting by csv-stringify, and every text cell
 *  that a spreadsheet would run as a formula prefixed with a single quote.
 *  Streamed page by page as the registrations are read (http.ts streamedResponse): at about
 *  560 bytes a row a buffered file would pass Netlify's 6 MB response limit near 11,000.
 *  Gzipped when the client accepts it (http.ts gzipWhenAccepted).
 *  401 without a valid admin token; 503 when the store is down before the first byte (a failure
 *  later cuts the transfer). Each export is recorded in the audit log when its last row is
 *  sent, with the row count (or, when the client went away first, the rows sent and `incomplete`).
 */
import type { Config } from '@netlify/functions';
import { conference } from '../../src/content/conference';
import { registrationCsvFilename, registrationCsvHeaders, registrationCsvRow, type CsvRegistration } from '../../src/shared/csv';
import { dayIn } from '../../src/shared/dates';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { csvText } from '../server/platform/csv-file';
import { endpoint, gzipWhenAccepted, streamedResponse } from '../server/platform/http';
import { openRegistrationPages } from '../server/registrations';
import { adminEntry } from '../server/audit';
import { audit } from '../server/platform/store';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'registrations-export');
  const at = now();
  const { pages } = await openRegistrationPages();
  // Built now, while the request's scope names who downloads: the entry is written when the last row is sent.
  const entry = adminEntry(at, 'registrations.exported', {});
  const exported = (details: Record<string, unknown>) => audit({ ...entry, details });

  // Each page is written by the one CSV writer (csv-file.ts) on its own: every record ends with
  // CRLF, so the pages joined are the file one call would write; the BOM and the header go with the first.
  async function* csv(): AsyncGenerator<string, void, undefined> {
    let rows = 0;
    let finished = false;
    try {
      yield csvText([[...registrationCsvHeaders]], { bom: true });
      for await (const texts of pages) {
        yield csvText(texts.map((text) => registrationCsvRow(JSON.parse(text) as CsvRegistration, conference.timeZone)));
        rows += texts.length;
      }
      finished = true;
      await exported({ count: rows });
    } finally {
      // The client went away mid-file (the stream was cancelled): what was sent is still recorded.
      if (!finished) await exported({ count: rows, incomplete: true }).catch(() => undefined);
    }
  }

  const filename = registrationCsvFilename(dayIn(at, conference.timeZone));
  return gzipWhenAccepted(req, streamedResponse(200, csv(), {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'X-Content-Type-Options': 'nosniff',
  }));
});

export const config: Config = { path: '/api/registrations/export' };
