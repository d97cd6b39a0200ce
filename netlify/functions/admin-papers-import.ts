/**
 * POST /api/admin/papers/import?format=cmt|easychair|csv[&dryRun=1] (admin; issue 23, "Accepted
 * papers"). multipart/form-data: `file` (cmt: the .xlsx or .csv export; csv: the file), for
 * EasyChair `submissions` (submission.csv) and `authors` (author.csv), for csv also `mapping`
 * (JSON, src/shared/papers-schema.ts paperMappingSchema). At most 5 MB.
 *  200 {imported, updated, withdrawn, refused: [{row, reason}], notAccepted, dryRun}: with
 *      dryRun=1 the counts the import would give, nothing stored (the page's preview).
 *  400 unknown format, a missing file, an unreadable file or a missing column; 413 over 5 MB;
 *  401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { paperMappingSchema } from '../../src/shared/papers-schema';
import { requireRole } from '../server/auth';
import { now } from '../server/clock';
import { HttpError, endpoint, json, parseJsonText, validate } from '../server/http';
import { parseCmt, parseEasyChair, parseMappedCsv } from '../server/paper-import';
import { importPapers } from '../server/papers';

/** Largest upload: 2,000 papers with 6,000 authors is about 1 MB as CSV. */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

async function fileField(form: FormData, name: string): Promise<Uint8Array> {
  const value = form.get(name);
  if (!value || typeof value === 'string') throw new HttpError(400, 'MISSING_FILE', `The form has no "${name}" file.`, { [name]: 'A file is required.' });
  return new Uint8Array(await value.arrayBuffer());
}

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-papers-import');
  const url = new URL(req.url);
  const format = url.searchParams.get('format');
  if (format !== 'cmt' && format !== 'easychair' && format !== 'csv') {
    throw new HttpError(400, 'UNKNOWN_FORMAT', "format must be 'cmt', 'easychair' or 'csv'.", { format: "format must be 'cmt', 'easychair' or 'csv'." });
  }
  const dryRun = url.searchParams.get('dryRun') === '1';
  if (Number(req.headers.get('content-length') ?? '0') > MAX_IMPORT_BYTES) throw new HttpError(413, 'BODY_TOO_LARGE', 'The upload must be at most 5 MB.');
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new HttpError(400, 'INVALID_FORM', 'Send the file as multipart/form-data.');
  }
  let parsed;
  if (format === 'cmt') parsed = await parseCmt(await fileField(form, 'file'));
  else if (format === 'easychair') parsed = parseEasyChair(await fileField(form, 'submissions'), await fileField(form, 'authors'));
  else {
    const mappingText = form.get('mapping');
    if (typeof mappingText !== 'string') throw new HttpError(400, 'MISSING_MAPPING', 'A csv import needs a "mapping" field (JSON).', { mapping: 'Required.' });
    parsed = parseMappedCsv(await fileField(form, 'file'), validate(paperMappingSchema, parseJsonText(mappingText)));
  }
  return json(200, await importPapers(parsed, now(), dryRun));
});

export const config: Config = { path: '/api/admin/papers/import' };
