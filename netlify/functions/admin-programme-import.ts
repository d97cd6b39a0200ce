/**
 * POST /api/admin/programme/import[?dryRun=1] (admin; docs/operations.md, "The programme";
 * decision 037). multipart/form-data: `file`, the programme CSV with the header
 * `session_id,title,kind,track,room,date,start,end,chair,paper_ids`. At most 5 MB.
 *  200 {sessions, papers, warnings, dryRun, unplaced, notices, programme}: with dryRun=1 (or
 *      dryRun=true) what the import would give, nothing stored and nobody e-mailed. Otherwise
 *      the programme is replaced, and the authors it places or moves are e-mailed right after the
 *      answer (within the function's time; the scheduled programme-notices sends the rest
 *      within a minute).
 *  400 an unreadable file, a missing column, or rows refused: `refused: [{row, reason}]` names
 *      each (a Paper ID that is not accepted, a day outside the conference, a room holding two
 *      sessions at once, a paper in two sessions, a bad cell); 413 over 5 MB; 401 without a
 *      valid admin token; 409 another import published meanwhile; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { MAX_IMPORT_BYTES, endpoint, isDryRun, json, readUploadForm, uploadedFile, type RequestContext } from '../server/platform/http';
import { importProgramme } from '../server/programme-import';
import { sendDueProgrammeNotices } from '../server/programme-notices';

/** The part of Netlify's context that keeps the invocation alive after the answer (absent when a test calls the handler). */
type WithWaitUntil = RequestContext & { waitUntil?: (promise: Promise<unknown>) => void };

export default endpoint(['POST'], async (req, context?: WithWaitUntil) => {
  await requireRole(req, 'admin-programme-import');
  const dryRun = isDryRun(new URL(req.url));
  const form = await readUploadForm(req, MAX_IMPORT_BYTES);
  const at = now();
  const result = await importProgramme(await uploadedFile(form, 'file'), at, dryRun);
  if (!dryRun && result.notices) {
    // The authors' e-mails go out after the answer where the platform allows it, else before it;
    // a send left unfinished is the scheduled function's, a minute later at most.
    const send = sendDueProgrammeNotices(at, { budgetMs: 20_000 }).catch((err: unknown) => console.error('[programme-import] notices not sent now; the scheduled run sends them:', err));
    if (context?.waitUntil) context.waitUntil(send);
    else await send;
  }
  return json(200, result);
});

export const config: Config = { path: '/api/admin/programme/import' };
