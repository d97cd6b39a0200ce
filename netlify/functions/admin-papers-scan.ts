/**
 * POST /api/admin/papers/scan {ticket: {rid, sig, v?}, paperId?} (admin; docs/operations.md#accepted-papers-publication-chair: the ticket
 * verifier's session mode). The ticket is checked as at the door.
 *  200 without paperId: {registrationNumber, papers: [{paperId, title}], marked: null}: the
 *      accepted papers its registrant names, to pick from.
 *  200 with paperId the registrant names: the paper is marked presented (who scanned, when):
 *      {registrationNumber, papers, marked: PresentedRecord}.
 *  409 the registrant does not name that paper (nothing written), a cancelled registration or a
 *      replaced ticket; 400 a bad body or signature; 404 unknown registration. Refusals carry
 *      {valid: false, message} beside the error shape, as verify-qr's do.
 *  401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { MAX_QR_BODY_BYTES } from '../../src/shared/api-paths';
import { paperScanRequest } from '../../src/shared/papers-schema';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { endpoint, json, parseJsonText, readRawBody, validate } from '../server/platform/http';
import { scanForPaper } from '../server/papers';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-papers-scan');
  const { ticket, paperId } = validate(paperScanRequest, parseJsonText(await readRawBody(req, MAX_QR_BODY_BYTES)));
  return json(200, await scanForPaper(ticket, paperId, now()));
});

export const config: Config = { path: '/api/admin/papers/scan' };
