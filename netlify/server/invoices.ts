/**
 * A registration's tax documents (issue "Accounts"): its invoices (the registration, each paid
 * change) and the credit note of an approved cancellation, rebuilt from the stored record on
 * demand (src/shared/invoice.ts) and rendered to PDF (invoice-pdf.ts). Nothing but the record is
 * stored, and the same record always gives the same bytes.
 */
import { buildCreditNote, buildInvoice, invoicesOf, localDate, type InvoiceDocument } from '../../src/shared/invoice';
import type { DocumentSummary } from '../../src/shared/api';
import { mergePdfs, renderInvoicePdf } from './invoice-pdf';
import { allRegistrations, type Registration } from './registrations';


/** Every tax document of `r`, oldest first: invoices, then the credit note if any. */
export function documentsOf(r: Registration): { summary: DocumentSummary; build: () => InvoiceDocument }[] {
  const out: { summary: DocumentSummary; build: () => InvoiceDocument }[] = invoicesOf(r).map((inv) => ({
    summary: { number: inv.number, kind: 'invoice', title: 'Tax Invoice', date: inv.date, total: inv.total, currency: inv.currency },
    build: () => buildInvoice(r, inv.subject),
  }));
  const c = r.cancellation;
  if (c?.status === 'approved' && c.creditNoteNumber && c.decidedAt && r.invoiceNumber) {
    out.push({
      summary: { number: c.creditNoteNumber, kind: 'credit-note', title: 'Credit Note', date: localDate(new Date(c.decidedAt)), total: c.refundAmount, currency: c.currency },
      build: () => buildCreditNote(r),
    });
  }
  return out;
}

/** The PDF of document `number` of `r`, or null when `r` holds no such document. */
export async function documentPdf(r: Registration, number: string): Promise<Uint8Array | null> {
  const doc = documentsOf(r).find((d) => d.summary.number === number);
  return doc ? renderInvoicePdf(doc.build()) : null;
}

/** A file name for document `number`: 'PG25/2526/00001' -> 'invoice-PG25-2526-00001.pdf'. */
export function documentFileName(number: string, kind: DocumentSummary['kind'] = 'invoice'): string {
  return `${kind}-${number.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
}

/**
 * Every document dated `day` (YYYY-MM-DD, IST) across all registrations, ordered by number, as
 * one merged PDF, or null when there is none. Reads every registration (two store requests).
 */
export async function documentsOfDayPdf(day: string): Promise<{ pdf: Uint8Array; count: number } | null> {
  const docs = (await allRegistrations())
    .flatMap((r) => documentsOf(r))
    .filter((d) => d.summary.date === day)
    .sort((a, b) => a.summary.number.localeCompare(b.summary.number));
  if (!docs.length) return null;
  const pdfs = await Promise.all(docs.map((d) => renderInvoicePdf(d.build())));
  return { pdf: await mergePdfs(pdfs, `Tax documents of ${day}`, day), count: docs.length };
}

/** A PDF response body (an ArrayBuffer copy, as the Response constructor wants). */
export function pdfBody(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
