/**
 * GST tax invoices and credit notes as PDF (issue "Accounts"; CGST Rules 46 and 53), drawn with
 * pdf-lib from an InvoiceDocument (src/shared/invoice.ts). Names and addresses in any script the
 * committee expects print as written (pdf-text.ts: embedded Noto Sans fonts, issue 25).
 * Deterministic: fonts subset from the same files, fixed metadata whose dates are the document's
 * own date, and pdf-lib's seeded font tags, so the same stored record always gives the same bytes
 * and nothing but the record has to be kept.
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { conference } from '../../src/content/conference';
import type { InvoiceDocument } from '../../src/shared/invoice';
import { wrapWords } from '../../src/shared/wrap';
import { createPdfText, stringsOf, type PdfText } from './pdf-text';

const A4 = { width: 595.28, height: 841.89 } as const;
const M = 48;
const INK = rgb(0.07, 0.14, 0.25);
const GREY = rgb(0.36, 0.42, 0.51);
const LINE = rgb(0.82, 0.86, 0.91);
const BLUE = rgb(0.04, 0.24, 0.57);

/** "8,099.52" (en-IN grouping for INR, en-US for USD), from minor units. */
export function formatAmount(minor: number, currency: 'INR' | 'USD'): string {
  return (minor / 100).toLocaleString(currency === 'INR' ? 'en-IN' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

class Canvas {
  constructor(
    readonly page: PDFPage,
    readonly type: PdfText,
  ) {}
  text(text: string, x: number, y: number, opts: { size?: number; bold?: boolean; color?: typeof INK; align?: 'left' | 'right'; width?: number } = {}): void {
    const size = opts.size ?? 9;
    const w = this.type.width(text, size, opts.bold);
    const at = opts.align === 'right' ? x + (opts.width ?? 0) - w : x;
    this.type.draw(this.page, text, at, y, { size, bold: opts.bold, color: opts.color ?? INK });
  }
  /** Wrapped text from (x, y) down; returns the y below the last line. */
  para(text: string, x: number, y: number, width: number, opts: { size?: number; bold?: boolean; color?: typeof INK; leading?: number } = {}): number {
    const size = opts.size ?? 9;
    const leading = opts.leading ?? size * 1.35;
    for (const line of wrapWords(text, (l) => this.type.width(l, size, opts.bold) <= width)) {
      this.type.draw(this.page, line, x, y, { size, bold: opts.bold, color: opts.color ?? INK });
      y -= leading;
    }
    return y;
  }
  rule(y: number, x1 = M, x2 = A4.width - M, thickness = 0.6): void {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color: LINE });
  }
}

/**
 * Renders `doc` as a one-page A4 PDF (long descriptions wrap; an invoice has a few lines).
 * Returns the bytes.
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
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
  const page = pdf.addPage([A4.width, A4.height]);
  const c = new Canvas(page, await createPdfText(pdf, stringsOf(doc)));
  const right = A4.width - M;
  const cur = doc.currency;

  // Heading band.
  page.drawRectangle({ x: 0, y: A4.height - 70, width: A4.width, height: 70, color: BLUE });
  c.text(doc.title.toUpperCase(), M, A4.height - 42, { size: 18, bold: true, color: rgb(1, 1, 1) });
  c.text(conference.name, right - 200, A4.height - 42, { size: 12, bold: true, color: rgb(1, 1, 1), align: 'right', width: 200 });

  // Supplier (left) and document facts (right).
  let y = A4.height - 96;
  let ly = c.para(doc.supplier.name, M, y, 240, { size: 10, bold: true, leading: 13 });
  for (const l of doc.supplier.addressLines) {
    c.text(l, M, ly);
    ly -= 12;
  }
  c.text(`GSTIN: ${doc.supplier.gstin}`, M, ly, { bold: true });
  ly -= 12;
  c.text(`State: ${doc.supplier.state} (code ${doc.supplier.stateCode})`, M, ly);
  ly -= 12;
  c.text(`E-mail: ${doc.supplier.email}`, M, ly);
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
  for (const [label, value] of facts) {
    c.text(label, right - 250, ry, { color: GREY });
    c.text(value, right - 150, ry, { bold: true, width: 150, align: 'right' });
    ry -= 13;
  }
  y = Math.min(ly, ry) - 14;
  c.rule(y);

  // Recipient.
  y -= 16;
  c.text('Billed to', M, y, { color: GREY });
  y -= 13;
  c.text(doc.recipient.name, M, y, { size: 10, bold: true });
  y -= 13;
  c.text(`Delegate: ${doc.recipient.delegate}`, M, y);
  y -= 12;
  for (const l of doc.recipient.addressLines) y = c.para(l, M, y, 320);
  c.text(`State: ${doc.recipient.state}`, M, y);
  y -= 12;
  if (doc.recipient.gstin) c.text(`GSTIN: ${doc.recipient.gstin}`, M, y, { bold: true });
  else c.text(`Tax number (as given, not a GSTIN): ${doc.recipient.taxNumberAsGiven ?? 'none'}`, M, y);
  y -= 12;
  c.text(`E-mail: ${doc.recipient.email}`, M, y);
  y -= 20;

  // Lines.
  const col = { no: M, desc: M + 22, sac: M + 292, qty: M + 342, rate: M + 372, amount: right - 80 };
  page.drawRectangle({ x: M, y: y - 5, width: right - M, height: 18, color: rgb(0.91, 0.95, 0.98) });
  c.text('#', col.no, y, { bold: true });
  c.text('Description', col.desc, y, { bold: true });
  c.text('SAC', col.sac, y, { bold: true });
  c.text('Qty', col.qty, y, { bold: true });
  c.text('Rate', col.rate, y, { bold: true, width: 70, align: 'right' });
  c.text('Amount', col.amount, y, { bold: true, width: 80, align: 'right' });
  y -= 18;
  doc.lines.forEach((line, i) => {
    c.text(String(i + 1), col.no, y);
    c.text(line.sac, col.sac, y);
    c.text(String(line.quantity), col.qty, y);
    c.text(formatAmount(line.rate, cur), col.rate, y, { width: 70, align: 'right' });
    c.text(formatAmount(line.amount, cur), col.amount, y, { width: 80, align: 'right' });
    y = c.para(line.description, col.desc, y, col.sac - col.desc - 10) - 4;
  });
  c.rule(y + 6);

  // Totals.
  const totals: [string, number, boolean][] = [
    ['Taxable value', doc.taxableValue, false],
    ...doc.taxes.map((t): [string, number, boolean] => [`${t.label} @ ${t.ratePercent}%`, t.amount, false]),
    ['Convenience fee (not taxed)', doc.convenienceFee, false],
    [`Total (${cur})`, doc.total, true],
  ];
  y -= 12;
  for (const [label, amount, strong] of totals) {
    c.text(label, right - 260, y, { bold: strong, size: strong ? 11 : 9 });
    c.text(formatAmount(amount, cur), col.amount, y, { bold: strong, size: strong ? 11 : 9, width: 80, align: 'right' });
    y -= strong ? 16 : 13;
  }
  c.rule(y + 6);
  y -= 10;
  y = c.para(`Amount in words: ${doc.totalInWords}`, M, y, right - M, { bold: true });
  y -= 8;
  for (const note of doc.notes) y = c.para(note, M, y, right - M) - 2;

  c.text('This is a computer-generated document and needs no signature.', M, M, { color: GREY, size: 8 });
  c.text(`${conference.name} · ${doc.supplier.email}`, right - 250, M, { color: GREY, size: 8, width: 250, align: 'right' });
  return pdf.save({ useObjectStreams: false });
}

/**
 * One PDF holding every page of `documents`, in order (an admin's "all invoices of a day").
 * Deterministic for the same input. Returns the bytes.
 */
export async function mergePdfs(documents: Uint8Array[], title: string, date: string): Promise<Uint8Array> {
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
