/**
 * POST /api/invoices/download {regId, email, number} (issue "Accounts"): one of the registrant's
 * tax documents as PDF (Content-Disposition attachment), rebuilt from the stored record, only
 * when the id and the registered e-mail match. Rate-limited per client address.
 *  200 application/pdf; 400; 404 NO_MATCH / DOCUMENT_NOT_FOUND; 429; 503.
 */
import type { Config } from '@netlify/functions';
import { invoiceDownloadRequest } from '../../src/shared/api';
import { endpoint, readJson, refuse } from '../server/http';
import { documentFileName, documentPdf, documentsOf, pdfBody } from '../server/invoices';
import { limitRequest } from '../server/rate-limit';
import { getRegistrantRegistration } from '../server/registrations';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email, number } = await readJson(req, invoiceDownloadRequest);
    await limitRequest('invoice', req, context);
    const r = await getRegistrantRegistration(regId, email);
    const pdf = await documentPdf(r, number);
    if (!pdf) throw refuse(404, 'DOCUMENT_NOT_FOUND', 'This registration has no document with that number.');
    const kind = documentsOf(r).find((d) => d.summary.number === number)?.summary.kind;
    return new Response(pdfBody(pdf), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${documentFileName(number, kind)}"`, 'Cache-Control': 'no-store' },
    });
  },
  { successFlag: true },
);

export const config: Config = { path: '/api/invoices/download' };
