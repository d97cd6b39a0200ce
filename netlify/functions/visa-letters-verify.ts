/**
 * GET /api/visa-letters/verify?ref=... (public; decision 016): `{reference, name, valid}` and nothing
 * else, for the page a letter's QR opens. `valid` is false once the registration is cancelled.
 * Rate-limited per client address.
 *  200 {reference, name, valid}; 400 ref missing or malformed; 404 unknown or never approved; 429; 503.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { HttpError, endpoint, json, validate } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { verifyVisaLetter } from '../server/visa-letters';

const query = z.object({ ref: z.string({ error: 'ref is required.' }).check(z.regex(/^[A-Z0-9-]{6,40}$/, 'ref is not a letter reference.')) });

export default endpoint(['GET'], async (req, context) => {
  await limitRequest('visa-letter-verify', req, context);
  const { ref } = validate(query, Object.fromEntries(new URL(req.url).searchParams));
  const found = await verifyVisaLetter(ref);
  if (!found) throw new HttpError(404, 'LETTER_NOT_FOUND', 'No issued letter has this reference.');
  return json(200, { reference: found.reference, name: found.name, valid: found.valid });
});

export const config: Config = { path: '/api/visa-letters/verify' };
