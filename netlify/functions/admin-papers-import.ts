/**
 * POST /api/admin/papers/import?format=cmt|easychair|csv[&dryRun=1|true] (admin;
 * docs/operations.md#accepted-papers-publication-chair; the columns each format reads: docs/operations.md#the-columns-an-import-reads). multipart/form-data:
 * `file` (cmt: the .xlsx or .csv export; csv: the file), for EasyChair `submissions`
 * (submission.csv) and `authors` (author.csv), for csv also `mapping` (JSON,
 * src/shared/papers-schema.ts paperMappingSchema). At most 5 MB read (whatever Content-Length
 * says), and an .xlsx at most 8 MB once inflated, 20,000 rows and 200 columns (paper-import.ts).
 *  200 {imported, updated, withdrawn, refused: [{row, reason}], notAccepted, dryRun}: with
 *      dryRun=1 or dryRun=true the counts the import would give, nothing stored (the page's preview).
 *  400 unknown format, a dryRun other than 1/true/0/false, a missing file, an unreadable file or
 *  a missing column; 413 over 5 MB, or a workbook past its limits; 401 without a valid admin
 *  token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { paperMappingSchema } from '../../src/shared/papers-schema';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { HttpError, MAX_IMPORT_BYTES, endpoint, isDryRun, json, parseJsonText, readUploadForm, uploadedFile, validate } from '../server/platform/http';
import { parseCmt, parseEasyChair, parseMappedCsv } from '../server/paper-import';
import { importPapers } from '../server/papers';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-papers-import');
  const url = new URL(req.url);
  const format = url.searchParams.get('format');
  if (format !== 'cmt' && format !== 'easychair' && format !== 'csv') {
    throw new HttpError(400, 'UNKNOWN_FORMAT', "format must be 'cmt', 'easychair' or 'csv'.", { format: "format must be 'cmt', 'easychair' or 'csv'." });
  }
  const dryRun = isDryRun(url);
  const form = await readUploadForm(req, MAX_IMPORT_BYTES);
  let parsed;
  if (format === 'cmt') parsed = await parseCmt(await uploadedFile(form, 'file'));
  else if (format === 'easychair') parsed = parseEasyChair(await uploadedFile(form, 'submissions'), await uploadedFile(form, 'authors'));
  else {
    const mappingText = form.get('mapping');
    if (typeof mappingText !== 'string') throw new HttpError(400, 'MISSING_MAPPING', 'A csv import needs a "mapping" field (JSON).', { mapping: 'Required.' });
    parsed = parseMappedCsv(await uploadedFile(form, 'file'), validate(paperMappingSchema, parseJsonText(mappingText)));
  }
  return json(200, await importPapers(parsed, now(), dryRun));
});

export const config: Config = { path: '/api/admin/papers/import' };
