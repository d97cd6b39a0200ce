/**
 * POST /api/admin/certificates/send (admin; docs/operations.md#name-badges-and-certificates): e-mails every certificate of attendance not
 * e-mailed before, with the PDF attached, and logs the run; a second press sends nothing twice.
 * GET answers the log of the runs, newest first.
 *  200 CertificateSendLog (POST) or CertificateSendLog[] (GET); 401; 403 before certificates open; 503.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { assertOpen, certificateSendLog, sendAllCertificates } from '../server/certificates';
import { now } from '../server/platform/clock';
import { endpoint, json } from '../server/platform/http';

export default endpoint(['GET', 'POST'], async (req) => {
  await requireRole(req, 'admin-certificates-send');
  if (req.method === 'GET') return json(200, await certificateSendLog());
  const at = now();
  assertOpen(at);
  return json(200, await sendAllCertificates(at));
});

export const config: Config = { path: '/api/admin/certificates/send' };
