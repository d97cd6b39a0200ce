/**
 * GET /api/certificates/verify?no=... (public; docs/operations.md#name-badges-and-certificates): `{number, name, valid}` and nothing
 * else, for the page a certificate's QR opens. `valid` is false once the registration is cancelled.
 * Rate-limited per client address.
 *  200 {number, name, valid}; 400 no or a malformed number; 404 unknown number; 429; 503.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { verifyCertificate } from '../server/certificates';
import { HttpError, endpoint, json, validate } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';

const query = z.object({ no: z.string({ error: 'no is required.' }).check(z.regex(/^[A-Z0-9-]{6,40}$/, 'no is not a certificate number.')) });

export default endpoint(['GET'], async (req, context) => {
  await limitRequest('certificate-verify', req, context);
  const { no } = validate(query, Object.fromEntries(new URL(req.url).searchParams));
  const found = await verifyCertificate(no);
  if (!found) throw new HttpError(404, 'CERTIFICATE_NOT_FOUND', 'No certificate has this number.');
  return json(200, { number: found.number, name: found.name, valid: found.valid });
});

export const config: Config = { path: '/api/certificates/verify' };
