/**
 * The one CSV writer of every export (registrations, papers, the IEEE Xplore report, the visa
 * clearance list): csv-stringify with RFC 4180 quoting (a lone CR or LF quoted too), CRLF line
 * ends, a UTF-8 BOM at the start of a file so Excel reads non-ASCII names, and every text cell a
 * spreadsheet would run as a formula neutralised (src/shared/csv.ts neutraliseFormula: `=`, `+`,
 * `-`, `@`, TAB or CR first gets a leading quote). An export cannot forget the guard: there is
 * no other way to write its rows.
 */
// eslint-disable-next-line no-restricted-imports -- this module is the one CSV writer the rule points to
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula, type CsvCell } from '../../../src/shared/csv';
import { streamedResponse } from './http';

/** Rows (a header first, or a later page of rows) as CSV text; `bom` for the start of a file. */
export function csvText(rows: readonly (readonly CsvCell[])[], opts: { bom?: boolean } = {}): string {
  return stringify(
    rows.map((row) => row.map((cell) => neutraliseFormula(cell))),
    { bom: opts.bom ?? false, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** A 200 text/csv attachment named `filename` holding `rows` (the header first), built in memory (a few thousand rows). */
export function csvResponse(filename: string, rows: readonly (readonly CsvCell[])[]): Response {
  return new Response(csvText(rows, { bom: true }), {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' },
  });
}

/**
 * A 200 text/csv attachment named `filename`, streamed a page of rows at a time as `pages` yields
 * them (the audit record can outgrow a buffered response): `header` first, with the BOM, then each
 * page written by csvText, so its cells are neutralised against formulas like every other export.
 */
export function csvStreamResponse(filename: string, header: readonly string[], pages: AsyncIterable<readonly (readonly CsvCell[])[]>): Response {
  async function* chunks(): AsyncGenerator<string, void, undefined> {
    yield csvText([[...header]], { bom: true });
    for await (const rows of pages) if (rows.length) yield csvText(rows);
  }
  return streamedResponse(200, chunks(), { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
}
