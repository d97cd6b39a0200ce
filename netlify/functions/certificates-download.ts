/**
 * POST /api/certificates/download {regId, email} (docs/operations.md#name-badges-and-certificates): the registrant's
 * certificate of attendance as a PDF, from the date in src/content/certificates.ts on. The same
 * 404 NO_MATCH for a wrong e-mail as for an unknown registration ID; rate-limited per client address.
 *  200 application/pdf; 400; 403 CERTIFICATES_NOT_OPEN; 404 NO_MATCH / NOT_CHECKED_IN;
 *  410 CERTIFICATE_REVOKED (cancelled); 429; 503. Failures carry {success: false, message}.
 */
import type { Config } from '@netlify/functions';
import { registrantRequest } from '../../src/shared/api';
import { assertOpen, certificateForRegistrant, renderCertificatePdf } from '../server/certificates';
import { now } from '../server/platform/clock';
import { endpoint, readJson } from '../server/platform/http';
import { pdfBody } from '../server/invoices';
import { limitRequest } from '../server/platform/rate-limit';
import { getRegistrantRegistration } from '../server/registrations';

export default endpoint(
  ['POST'],
  async (req, context) => {
    await limitRequest('certificate', req, context);
    const { regId, email } = await readJson(req, registrantRequest);
    assertOpen(now());
    const certificate = await certificateForRegistrant(await getRegistrantRegistration(regId, email));
    return new Response(pdfBody(await renderCertificatePdf(certificate)), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="certificate-${certificate.number}.pdf"`, 'Cache-Control': 'no-store' },
    });
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/certificates/download', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
