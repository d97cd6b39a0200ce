/**
 * POST /api/invoices/download {regId, email, number} (docs/payments.md#gst-tax-invoices-and-credit-notes): one of the registrant's
 * tax documents as PDF (Content-Disposition attachment), rebuilt from the stored record, only
 * when it was issued to the e-mail given (documentsFor). Rate-limited per client address.
 *  200 application/pdf; 400; 404 NO_MATCH / DOCUMENT_NOT_FOUND; 429; 503.
 */
import type { Config } from '@netlify/functions';
import { invoiceDownloadRequest } from '../../src/shared/api';
import { endpoint, readJson, refuse } from '../server/platform/http';
import { documentFileName, documentPdf, documentsFor, pdfBody } from '../server/invoices';
import { limitRequest } from '../server/platform/rate-limit';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email, number } = await readJson(req, invoiceDownloadRequest);
    await limitRequest('invoice', req, context);
    const { documents } = await documentsFor(regId, email);
    const pdf = await documentPdf(documents, number);
    if (!pdf) throw refuse(404, 'DOCUMENT_NOT_FOUND', 'This registration has no document with that number issued to this e-mail.');
    const kind = documents.find((d) => d.summary.number === number)?.summary.kind;
    return new Response(pdfBody(pdf), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${documentFileName(number, kind)}"`, 'Cache-Control': 'no-store' },
    });
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/invoices/download', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
