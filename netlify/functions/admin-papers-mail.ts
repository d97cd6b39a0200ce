/**
 * /api/admin/papers/mail (admin; docs/operations.md#accepted-papers-publication-chair: e-mail the authors of uncovered papers): the authors
 * of every paper without a full registration, uncovered or student-only (a student registration
 * never covers a paper for IEEE Xplore); the message gives the registration page and its deadline.
 *  GET  200 {batchId, papers, recipients, sample: {subject, text}|null, log: [...]}: the preview
 *       (what a send would do now) and the log of earlier sends, newest first.
 *  POST {batchId} 200 {alreadySent, entry}: sends the previewed batch once through the mail
 *       module (each message tried up to three times); a second press answers alreadySent: true
 *       and sends nothing. 409 those papers changed since the preview; 404 nothing to send.
 *  401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { paperMailRequest } from '../../src/shared/papers-schema';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { previewUncoveredMail, sendUncoveredMail } from '../server/papers';

export default endpoint(['GET', 'POST'], async (req) => {
  await requireRole(req, 'admin-papers-mail');
  if (req.method === 'GET') return json(200, await previewUncoveredMail(now()));
  const { batchId } = await readJson(req, paperMailRequest);
  return json(200, await sendUncoveredMail(batchId, now()));
});

export const config: Config = { path: '/api/admin/papers/mail' };
