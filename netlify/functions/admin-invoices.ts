/**
 * GET /api/admin/invoices?number={document number} (admin; docs/payments.md#gst-tax-invoices-and-credit-notes): one tax document as
 * PDF; GET /api/admin/invoices?day=YYYY-MM-DD: every invoice and credit note dated that day (IST)
 * merged into one PDF, in number order. Rebuilt from the stored records.
 *  200 application/pdf; 400 neither or a malformed query; 401; 404 nothing found; 503.
 */
import type { Config } from '@netlify/functions';
import { adminInvoicesQuery } from '../../src/shared/api';
import { requireRole } from '../server/auth';
import { HttpError, endpoint, validate } from '../server/platform/http';
import { documentFileName, documentPdf, documentsOf, documentsOfDayPdf, pdfBody } from '../server/invoices';
import { allRegistrations } from '../server/registrations';
import { recordAdmin } from '../server/audit';
import { now } from '../server/platform/clock';

const pdf = (bytes: Uint8Array, name: string) =>
  new Response(pdfBody(bytes), { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' } });

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-invoices');
  const query = validate(adminInvoicesQuery, Object.fromEntries(new URL(req.url).searchParams));
  if ('day' in query) {
    const merged = await documentsOfDayPdf(query.day);
    if (!merged) throw new HttpError(404, 'NO_DOCUMENTS', `No invoices or credit notes are dated ${query.day}.`);
    await recordAdmin(now(), 'invoices.downloaded', { day: query.day });
    return pdf(merged.pdf, `tax-documents-${query.day}.pdf`);
  }
  // The number says nothing about the registration; look through all of them (two store requests).
  for (const r of await allRegistrations()) {
    const doc = documentsOf(r).find((d) => d.summary.number === query.number);
    if (!doc) continue;
    const bytes = (await documentPdf([doc], query.number))!;
    await recordAdmin(now(), 'invoices.downloaded', { number: query.number, regNo: r.registrationNumber });
    return pdf(bytes, documentFileName(query.number, doc.summary.kind));
  }
  throw new HttpError(404, 'DOCUMENT_NOT_FOUND', 'No document has this number.');
});

export const config: Config = { path: '/api/admin/invoices' };
