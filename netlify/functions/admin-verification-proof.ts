/**
 * GET /api/admin/verifications/proof?registrationNumber=… (admin; decision 013): the proof of
 * student status a delegate uploaded, as stored in Netlify Blobs, with the type found in its
 * bytes. The only way to read a proof: the store is never public.
 *  200 the file (Content-Disposition attachment); 400; 401; 404 NO_PROOF; 503.
 */
import type { Config } from '@netlify/functions';
import { registrationNumberSchema } from '../../src/shared/api';
import { requireRole } from '../server/auth';
import { endpoint, validate } from '../server/platform/http';
import { readProof } from '../server/verifications';
import { recordAdmin } from '../server/audit';
import { now } from '../server/platform/clock';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-verification-proof');
  const regNo = validate(registrationNumberSchema, new URL(req.url).searchParams.get('registrationNumber') ?? undefined);
  const proof = await readProof(regNo);
  await recordAdmin(now(), 'verification.proof-viewed', { regNo });
  return new Response(proof.bytes, {
    status: 200,
    headers: {
      'Content-Type': proof.contentType,
      'Content-Disposition': `attachment; filename="${proof.fileName}"`,
      'Cache-Control': 'no-store',
      // A delegate's file is never rendered as part of the site.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
});

export const config: Config = { path: '/api/admin/verifications/proof' };
