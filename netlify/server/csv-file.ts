/**
 * A small CSV download built in memory (the papers export and the Xplore report, a few thousand
 * rows): csv-stringify with the registrations export's options (a UTF-8 BOM so Excel reads
 * non-ASCII names, CRLF line ends, RFC 4180 quoting, a lone CR or LF quoted too).
 */
import { stringify } from 'csv-stringify/sync';
import { streamedResponse } from './http';

/** A 200 text/csv attachment named `filename` holding `rows` (the header first). */
export function csvResponse(filename: string, rows: readonly (readonly (string | number)[])[]): Response {
  const body = stringify(rows as (string | number)[][], { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' },
  });
}

/**
 * A 200 text/csv attachment named `filename`, streamed a page of rows at a time as `pages` yields
 * them (the audit record can outgrow a buffered response): `header` first, with the BOM, then each
 * page written by csv-stringify with the same options as csvResponse. Cells must already be
 * neutralised against formulas (src/shared/csv.ts neutraliseFormula).
 */
export function csvStreamResponse(filename: string, header: readonly string[], pages: AsyncIterable<(string | number)[][]>): Response {
  const options = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;
  async function* chunks(): AsyncGenerator<string, void, undefined> {
    yield stringify([[...header]], { ...options, bom: true });
    for await (const rows of pages) if (rows.length) yield stringify(rows, options);
  }
  return streamedResponse(200, chunks(), { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
}
