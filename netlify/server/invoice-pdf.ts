/**
 * GST tax invoices and credit notes as PDF (docs/payments.md#gst-tax-invoices-and-credit-notes; CGST Rules 46 and 53), drawn with
 * pdf-lib from an InvoiceDocument (src/shared/invoice.ts). Names and addresses in any script the
 * committee expects print as written (pdf-text.ts: embedded Noto Sans fonts).
 * Deterministic: fonts subset from the same files, fixed metadata whose dates are the document's
 * own date, and pdf-lib's seeded font tags, so the same stored record always gives the same bytes
 * and nothing but the record has to be kept.
 */
import type { Color, PDFDocument, PDFPage } from 'pdf-lib';
import { conference } from '../../src/content/conference';
import type { InvoiceDocument } from '../../src/shared/invoice';
import { createPdfText, stringsOf, type PdfText } from './platform/pdf-text';

const A4 = { width: 595.28, height: 841.89 } as const;
/** The page margin: every word stays inside it, well inside the printable area (pdf-text.ts PRINT_MARGIN). */
const M = 48;
const BAND = 84;
/** The lowest baseline of the body: below it the document goes on on a new page (the footer sits under it). */
const BODY_BOTTOM = M + 24;
// pdf-lib is loaded by the first document, not at import: the payment functions attach an invoice
// to the confirmation, but most of their requests draw none (docs/performance.md, "Cold starts").
let INK: Color;
let GREY: Color;
let LINE: Color;
let BLUE: Color;
/** pdf-lib, loaded once; sets the colours on first use. */
async function pdfLib(): Promise<typeof import('pdf-lib')> {
  const lib = await import('pdf-lib');
  INK ??= lib.rgb(0.07, 0.14, 0.25);
  GREY ??= lib.rgb(0.36, 0.42, 0.51);
  LINE ??= lib.rgb(0.82, 0.86, 0.91);
  BLUE ??= lib.rgb(0.04, 0.24, 0.57);
  return lib;
}

/** "8,099.52" (en-IN grouping for INR, en-US for USD), from minor units. */
export function formatAmount(minor: number, currency: 'INR' | 'USD'): string {
  return (minor / 100).toLocaleString(currency === 'INR' ? 'en-IN' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

type TextOpts = { size?: number; bold?: boolean; color?: Color; align?: 'left' | 'right' | 'centre'; leading?: number };

/** The pages of one document: text is wrapped into its column, and a body that reaches BODY_BOTTOM goes on on a new page. */
class Canvas {
  page: PDFPage;
  readonly pages: PDFPage[] = [];
  constructor(
    private readonly pdf: PDFDocument,
    readonly type: PdfText,
  ) {
    this.page = this.addPage();
  }
  addPage(): PDFPage {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    return this.page;
  }
  /** `text` wrapped into [x, x + width] from baseline y down; returns the baseline below the last line. Never leaves the page's margins. */
  para(text: string, x: number, y: number, width: number, opts: TextOpts = {}): number {
    const size = opts.size ?? 9;
    const leading = opts.leading ?? size * 1.35;
    for (const line of this.type.lines(text, width, size, opts.bold)) {
      const w = this.type.width(line, size, opts.bold);
      const at = opts.align === 'right' ? x + width - w : opts.align === 'centre' ? x + (width - w) / 2 : x;
      this.type.draw(this.page, line, at, y, { size, bold: opts.bold, color: opts.color ?? INK });
      y -= leading;
    }
    return y;
  }
  /** Like para, for the flowing body: a line that would fall below BODY_BOTTOM starts a new page. Returns the baseline below. */
  flow(text: string, x: number, y: number, width: number, opts: TextOpts = {}): number {
    const size = opts.size ?? 9;
    const leading = opts.leading ?? size * 1.35;
    for (const line of this.type.lines(text, width, size, opts.bold)) {
      y = this.room(y, leading);
      y = this.para(line, x, y, width, { ...opts, size, leading });
    }
    return y;
  }
  /** `y`, or the top of a new page when what is drawn from baseline `y` down (`height` points below it) would reach below BODY_BOTTOM. */
  room(y: number, height = 0): number {
    if (y - height >= BODY_BOTTOM) return y;
    this.addPage();
    return A4.height - M - 10;
  }
  rule(y: number, x1 = M, x2 = A4.width - M, thickness = 0.6): void {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color: LINE });
  }
}

/**
 * Renders `doc` as an A4 PDF: one page for a usual invoice; a long recipient or description
 * goes on on a second page rather than past the footer. Every word wraps inside the page's
 * margins, whatever the lengths the registration form accepts
 * (docs/decisions/033-documents-fit-the-printable-area.md). Returns the bytes.
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await pdfLib();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const issued = new Date(`${doc.date}T12:00:00+05:30`);
  pdf.setTitle(`${doc.title} ${doc.number}`);
  pdf.setSubject(`${conference.name} registration ${doc.registrationNumber}`);
  pdf.setAuthor(doc.supplier.name);
  pdf.setCreator(`${conference.name} registration system`);
  pdf.setProducer('pdf-lib');
  pdf.setLanguage('en');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const c = new Canvas(pdf, await createPdfText(pdf, stringsOf(doc)));
  const page = c.page;
  const right = A4.width - M;
  const full = right - M;
  const cur = doc.currency;

  // Heading band (to the page's edge); its text sits inside the margins.
  page.drawRectangle({ x: 0, y: A4.height - BAND, width: A4.width, height: BAND, color: BLUE });
  const white = rgb(1, 1, 1);
  c.para(doc.title.toUpperCase(), M, A4.height - 58, 300, { size: 18, bold: true, color: white });
  c.para(conference.name, right - 180, A4.height - 58, 180, { size: 12, bold: true, color: white, align: 'right' });

  // Supplier (left) and document facts (right).
  const y = A4.height - BAND - 26;
  let ly = c.para(doc.supplier.name, M, y, 230, { size: 10, bold: true, leading: 13 });
  for (const l of doc.supplier.addressLines) ly = c.para(l, M, ly, 230, { leading: 12 });
  ly = c.para(`GSTIN: ${doc.supplier.gstin}`, M, ly, 230, { bold: true, leading: 12 });
  ly = c.para(`State: ${doc.supplier.state} (code ${doc.supplier.stateCode})`, M, ly, 230, { leading: 12 });
  ly = c.para(`E-mail: ${doc.supplier.email}`, M, ly, 230, { leading: 12 });
  const facts: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
    ['Date', doc.date],
    ...(doc.refersTo ? ([['Against invoice', `${doc.refersTo.number} of ${doc.refersTo.date}`]] as [string, string][]) : []),
    ['Registration number', doc.registrationNumber],
    ['Place of supply', doc.placeOfSupply],
    ['Reverse charge', 'No'],
    ['Currency', cur],
  ];
  let ry = y;
  const labelX = right - 250;
  for (const [label, value] of facts) {
    const below = c.para(label, labelX, ry, 92, { color: GREY, leading: 11 });
    ry = Math.min(below, c.para(value, right - 150, ry, 150, { bold: true, align: 'right', leading: 11 })) - 2;
  }

  // Recipient: the full width, every line wrapped (an organisation, address or e-mail may be long).
  let by = Math.min(ly, ry) - 4;
  c.rule(by);
  by -= 16;
  by = c.flow('Billed to', M, by, full, { color: GREY, leading: 13 });
  by = c.flow(doc.recipient.name, M, by, full, { size: 10, bold: true, leading: 13 });
  by = c.flow(`Delegate: ${doc.recipient.delegate}`, M, by, full, { leading: 12 });
  for (const l of doc.recipient.addressLines) by = c.flow(l, M, by, full, { leading: 12 });
  by = c.flow(`State: ${doc.recipient.state}`, M, by, full, { leading: 12 });
  by = doc.recipient.gstin
    ? c.flow(`GSTIN: ${doc.recipient.gstin}`, M, by, full, { bold: true, leading: 12 })
    : c.flow(`Tax number (as given, not a GSTIN): ${doc.recipient.taxNumberAsGiven ?? 'none'}`, M, by, full, { leading: 12 });
  by = c.flow(`E-mail: ${doc.recipient.email}`, M, by, full, { leading: 12 }) - 8;

  // Lines.
  const col = { no: M, desc: M + 22, sac: M + 292, qty: M + 342, rate: M + 372, amount: right - 80 };
  const header = () => {
    c.page.drawRectangle({ x: M, y: by - 5, width: right - M, height: 18, color: rgb(0.91, 0.95, 0.98) });
    c.para('#', col.no, by, 20, { bold: true });
    c.para('Description', col.desc, by, 200, { bold: true });
    c.para('SAC', col.sac, by, 48, { bold: true });
    c.para('Qty', col.qty, by, 28, { bold: true });
    c.para('Rate', col.rate, by, 70, { bold: true, align: 'right' });
    c.para('Amount', col.amount, by, 80, { bold: true, align: 'right' });
    by -= 18;
  };
  by = c.room(by, 40);
  header();
  doc.lines.forEach((line, i) => {
    const before = c.page;
    by = c.room(by, 12);
    if (c.page !== before) header();
    c.para(String(i + 1), col.no, by, 20);
    c.para(line.sac, col.sac, by, 48);
    c.para(String(line.quantity), col.qty, by, 28);
    c.para(formatAmount(line.rate, cur), col.rate, by, 70, { align: 'right' });
    c.para(formatAmount(line.amount, cur), col.amount, by, 80, { align: 'right' });
    by = c.flow(line.description, col.desc, by, col.sac - col.desc - 10) - 4;
  });
  c.rule(by + 6);

  // Totals, kept together on one page.
  const totals: [string, number, boolean][] = [
    ['Taxable value', doc.taxableValue, false],
    ...doc.taxes.map((t): [string, number, boolean] => [`${t.label} @ ${t.ratePercent}%`, t.amount, false]),
    ['Convenience fee (not taxed)', doc.convenienceFee, false],
    [`Total (${cur})`, doc.total, true],
  ];
  by -= 12;
  by = c.room(by, totals.length * 14);
  for (const [label, amount, strong] of totals) {
    c.para(label, right - 260, by, 170, { bold: strong, size: strong ? 11 : 9 });
    c.para(formatAmount(amount, cur), col.amount, by, 80, { bold: strong, size: strong ? 11 : 9, align: 'right' });
    by -= strong ? 16 : 13;
  }
  c.rule(by + 6);
  by -= 10;
  by = c.flow(`Amount in words: ${doc.totalInWords}`, M, by, full, { bold: true });
  by -= 8;
  for (const note of doc.notes) by = c.flow(note, M, by, full) - 2;

  // The footer of every page.
  const pages = c.pages;
  pages.forEach((p, i) => {
    c.page = p;
    const pageNumber = pages.length > 1 ? `Page ${i + 1} of ${pages.length} · ` : '';
    c.para('This is a computer-generated document and needs no signature.', M, M, 260, { color: GREY, size: 8 });
    c.para(`${pageNumber}${conference.name} · ${doc.supplier.email}`, right - 230, M, 230, { color: GREY, size: 8, align: 'right' });
  });
  return pdf.save({ useObjectStreams: false });
}

/**
 * One PDF holding every page of `documents`, in order (an admin's "all invoices of a day").
 * Deterministic for the same input. Returns the bytes.
 */
export async function mergePdfs(documents: Uint8Array[], title: string, date: string): Promise<Uint8Array> {
  const { PDFDocument } = await pdfLib();
  const merged = await PDFDocument.create({ updateMetadata: false });
  const at = new Date(`${date}T12:00:00+05:30`);
  merged.setTitle(title);
  merged.setProducer('pdf-lib');
  merged.setCreator(`${conference.name} registration system`);
  merged.setCreationDate(at);
  merged.setModificationDate(at);
  for (const bytes of documents) {
    const src = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const p of await merged.copyPages(src, src.getPageIndices())) merged.addPage(p);
  }
  return merged.save({ useObjectStreams: false });
}
