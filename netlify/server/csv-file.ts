/**
 * A small CSV download built in memory (the papers export and the Xplore report, a few thousand
 * rows): csv-stringify with the registrations export's options (a UTF-8 BOM so Excel reads
 * non-ASCII names, CRLF line ends, RFC 4180 quoting, a lone CR or LF quoted too).
 */
import { stringify } from 'csv-stringify/sync';

/** A 200 text/csv attachment named `filename` holding `rows` (the header first). */
export function csvResponse(filename: string, rows: readonly (readonly (string | number)[])[]): Response {
  const body = stringify(rows as (string | number)[][], { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' },
  });
}
