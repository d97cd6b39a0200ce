/**
 * POST /api/registration/proof (decision 013): a student's proof of status, as multipart/form-data
 * with the fields `regId`, `email` and `file`. The file is a PDF, JPEG or PNG of at most 5 MB,
 * its type read from its bytes (never its name); it is stored in Netlify Blobs, readable only by
 * an admin (admin-verification-proof). Rate-limited per client address ('proof-upload').
 *  200 {success: true, registrationNumber, message}
 *  400 VALIDATION_FAILED / NOT_MULTIPART / FILE_MISSING; 404 NO_MATCH (an unknown ID and a wrong
 *  e-mail alike); 409 NOT_AWAITING_PROOF; 413 FILE_TOO_LARGE; 415 UNSUPPORTED_FILE_TYPE; 429; 503.
 * Nothing is written on a refused request.
 */
import type { Config } from '@netlify/functions';
import { proofUploadFields, type ProofUploadResponse } from '../../src/shared/api';
import { MAX_PROOF_BYTES, proofMessages } from '../../src/shared/proof-rules';
import { now } from '../server/platform/clock';
import { HttpError, endpoint, json, readMultipartForm, validate } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { uploadProof } from '../server/verifications';

/** Room for the form's boundaries, headers and the two text fields around a file of the largest size. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

const tooLarge = () => new HttpError(413, 'FILE_TOO_LARGE', proofMessages.tooLarge, { file: proofMessages.tooLarge });

/**
 * Reads the multipart body, refusing one that cannot hold a file of at most MAX_PROOF_BYTES
 * before parsing it: by its declared length, and by the bytes actually read (a chunked upload
 * declares none).
 */
function readForm(req: Request): Promise<FormData> {
  return readMultipartForm(req, MAX_PROOF_BYTES + FORM_OVERHEAD_BYTES, {
    tooLarge,
    notMultipart: () => new HttpError(400, 'NOT_MULTIPART', 'Send the proof as multipart/form-data with the fields regId, email and file.'),
  });
}

export default endpoint(
  ['POST'],
  async (req, context) => {
    const form = await readForm(req);
    const { regId, email } = validate(proofUploadFields, { regId: form.get('regId') ?? undefined, email: form.get('email') ?? undefined });
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) throw new HttpError(400, 'FILE_MISSING', proofMessages.missing, { file: proofMessages.missing });
    if (file.size > MAX_PROOF_BYTES) throw tooLarge();
    // Counted once the request is well-formed, before the registration is read.
    await limitRequest('proof-upload', req, context);
    const fileName = file instanceof File ? file.name : 'proof';
    await uploadProof(regId, email, new Uint8Array(await file.arrayBuffer()), fileName, now());
    const body: ProofUploadResponse = { success: true, registrationNumber: regId, message: proofMessages.received };
    return json(200, body);
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/registration/proof', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
