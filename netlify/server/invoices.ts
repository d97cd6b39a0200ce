/**
 * A registration's tax documents (docs/payments.md#gst-tax-invoices-and-credit-notes): its invoices (the registration, each paid
 * change) and the credit note of an approved cancellation, each rendered from the snapshot stored
 * with its number when it was issued (src/shared/invoice.ts, IssuedDocument) and the stored
 * charges, to PDF (invoice-pdf.ts). Later changes of the record never alter an issued document
 * (docs/decisions/052-tax-documents-frozen-when-issued.md).
 */
import { buildCreditNote, buildInvoice, invoicesOf, issuedTo, localDate, type InvoiceDocument } from '../../src/shared/invoice';
import type { DocumentSummary, IssuedDocument } from '../../src/shared/api';
import { mergePdfs, renderInvoicePdf } from './invoice-pdf';
import { NO_MATCH_MESSAGE } from '../../src/shared/messages';
import { allRegistrations, getRegistration, type Registration } from './registrations';
import { refuse } from './platform/http';

/**
 * One tax document of a registration: what lists show, how to build it, and who it was issued to
 * (lower-cased e-mails, from its snapshot; none for a document the migration has not reached yet).
 */
export interface RegistrationDocument {
  summary: DocumentSummary;
  build: () => InvoiceDocument;
  issuedTo: string[];
}

const frozenOwners = (snapshot: IssuedDocument | undefined): string[] => (snapshot ? issuedTo(snapshot) : []);

/** Every tax document of `r`, oldest first: invoices, then the credit note if any. */
export function documentsOf(r: Registration): RegistrationDocument[] {
  const out: RegistrationDocument[] = invoicesOf(r).map((inv) => ({
    summary: { number: inv.number, kind: 'invoice', title: 'Tax Invoice', date: inv.date, total: inv.total, currency: inv.currency },
    build: () => buildInvoice(r, inv.subject),
    issuedTo: frozenOwners(inv.subject.kind === 'registration' ? r.invoiceSnapshot : inv.subject.change.invoiceSnapshot),
  }));
  const c = r.cancellation;
  if (c?.status === 'approved' && c.creditNoteNumber && c.decidedAt && r.invoiceNumber) {
    out.push({
      summary: { number: c.creditNoteNumber, kind: 'credit-note', title: 'Credit Note', date: localDate(new Date(c.decidedAt)), total: c.refundAmount, currency: c.currency },
      build: () => buildCreditNote(r),
      issuedTo: frozenOwners(c.creditNoteSnapshot),
    });
  }
  return out;
}

/** The documents of `r` issued to `email` (any case, trimmed). */
export function documentsIssuedTo(r: Registration, email: string): RegistrationDocument[] {
  const wanted = email.trim().toLowerCase();
  return documentsOf(r).filter((d) => d.issuedTo.includes(wanted));
}

/**
 * The documents of registration `regNo` that were issued to `email` (/invoices finds a
 * document by the registration and the address it was issued to, so after a name transfer the
 * original payer keeps finding theirs and the new person never sees them). The registrant of
 * today is answered too, with the documents issued to them (none, for a 100 % coupon). Throws 404
 * NO_MATCH, the same for an unknown number and for an address with nothing issued to it.
 */
export async function documentsFor(regNo: string, email: string): Promise<{ registration: Registration; documents: RegistrationDocument[] }> {
  const r = await getRegistration(regNo);
  if (!r) throw refuse(404, 'NO_MATCH', NO_MATCH_MESSAGE);
  const documents = documentsIssuedTo(r, email);
  if (!documents.length && r.email.trim().toLowerCase() !== email.trim().toLowerCase()) throw refuse(404, 'NO_MATCH', NO_MATCH_MESSAGE);
  return { registration: r, documents };
}

/** The PDF of document `number` among `docs`, or null when there is no such document. */
export async function documentPdf(docs: RegistrationDocument[], number: string): Promise<Uint8Array | null> {
  const doc = docs.find((d) => d.summary.number === number);
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
