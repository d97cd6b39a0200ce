/**
 * The admin's CSV exports of the accepted papers (docs/operations.md#accepted-papers-publication-chair):
 * the papers as the page lists them, one row each, as an attachment named by the day. Apart from
 * papers.ts so the functions that only read papers (the wizard's paper step, registration) do not
 * load the CSV writer.
 */
import { conference } from '../../src/content/conference';
import { dayIn } from '../../src/shared/dates';
import type { PaperView } from '../../src/shared/papers';
import { recordAdmin } from './audit';
import { listPapers } from './papers';
import { now } from './platform/clock';
import { csvResponse } from './platform/csv-file';

/**
 * The listed papers as a CSV response, attachment `{prefix}_{YYYY-MM-DD}.csv` (the day in the
 * conference's time zone): `headers`, then `row(paper)` for each. Authors' names and addresses
 * leave the site, so the export is recorded in the audit as `action` with its row count
 * (docs/security.md, "The audit record"). Throws ServiceUnavailableError when the store is down.
 */
export async function papersCsvExport(headers: readonly string[], row: (p: PaperView) => string[], action: string, prefix: string): Promise<Response> {
  const { papers } = await listPapers();
  const rows = papers.map((p) => row(p));
  const at = now();
  await recordAdmin(at, action, { rows: rows.length });
  return csvResponse(`${prefix}_${dayIn(at, conference.timeZone)}.csv`, [[...headers], ...rows]);
}
