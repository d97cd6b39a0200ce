/**
 * Names in the scripts an international conference in India meets print exactly in the PDFs the
 * server draws (issue 25, "Every name printed right"): the text pdftotext reads back holds each
 * name as written, the fonts are embedded and subset, and the bytes stay deterministic.
 */
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../netlify/server/invoice-pdf';
import { scriptRuns } from '../../netlify/server/pdf-text';
import { buildCreditNote, buildInvoice } from '../../src/shared/invoice';
import { pdftotext } from '../setup/pdftotext';
import { storedRegistration } from './stored-registration';

const names: Array<[string, { firstName: string; lastName: string }]> = [
  ['Devanagari (Hindi)', { firstName: 'अनन्या', lastName: 'शर्मा' }],
  ['Devanagari with a pre-base vowel sign', { firstName: 'किरण', lastName: 'क्षत्रिय' }],
  ['Tamil', { firstName: 'கார்த்திக்', lastName: 'சுப்பிரமணியன்' }],
  ['Kannada', { firstName: 'ಶ್ರೀನಿವಾಸ', lastName: 'ಕೃಷ್ಣಮೂರ್ತಿ' }],
  ['Polish', { firstName: 'Zofia', lastName: 'Łukasiewicz-Świętochowska' }],
  ['Vietnamese', { firstName: 'Nguyễn Thị', lastName: 'Hương' }],
  ['Czech', { firstName: 'Jiří', lastName: 'Dvořák' }],
  ['Turkish', { firstName: 'Şükrü', lastName: 'Çelik' }],
];

/** Collapses runs of white space, as a line break between wrapped words is one space to a reader. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('Unicode names in invoices and credit notes', () => {
  it.each(names)('%s: the invoice text holds the name exactly', async (_script, name) => {
    const doc = buildInvoice(storedRegistration({ ...name, billingOrganization: `${name.lastName} Lab`, billingAddress: `${name.firstName} Bhavan, 12 Station Road` }), { kind: 'registration' });
    const text = flat(await pdftotext(await renderInvoicePdf(doc)));
    expect(text).toContain(`${name.firstName} ${name.lastName}`);
    expect(text).toContain(`${name.lastName} Lab`);
    expect(text).toContain(`${name.firstName} Bhavan`);
    expect(text).not.toContain('?');
  });

  it('a credit note prints a Devanagari and a Tamil name exactly', async () => {
    for (const name of [names[0]![1], names[2]![1]]) {
      const r = { ...storedRegistration(name), cancellation: { status: 'approved' as const, requestedAt: '2025-11-10T04:30:00.000Z', decidedAt: '2025-11-12T04:30:00.000Z', refundAmount: 750000, currency: 'INR' as const, creditNoteNumber: 'PG25C/2526/00001' } };
      expect(flat(await pdftotext(await renderInvoicePdf(buildCreditNote(r))))).toContain(`${name.firstName} ${name.lastName}`);
    }
  });

  it('embeds subset fonts only for the scripts a document uses, and gives the same bytes every time', async () => {
    const latin = await renderInvoicePdf(buildInvoice(storedRegistration(), { kind: 'registration' }));
    const hindi = buildInvoice(storedRegistration(names[0]![1]), { kind: 'registration' });
    const first = await renderInvoicePdf(hindi);
    expect(Buffer.from(await renderInvoicePdf(hindi)).equals(Buffer.from(first))).toBe(true);
    const fontNames = async (bytes: Uint8Array) => {
      const pdf = await PDFDocument.load(bytes);
      const fonts = pdf.getPage(0).node.Resources()!.lookup(PDFName.of('Font'))!;
      return (fonts as unknown as { values(): unknown[] }).values().map((ref) => String(pdf.context.lookup(ref as never)?.toString().match(/BaseFont \/(\S+)/)?.[1]));
    };
    const latinFonts = await fontNames(latin);
    const hindiFonts = await fontNames(first);
    // Embedded Noto fonts only (no standard font that would print '?'); that they are subsets,
    // not whole files (Noto Sans alone is 560 KB), the sizes below show.
    for (const f of [...latinFonts, ...hindiFonts]) expect(f).toMatch(/^NotoSans/);
    expect(latinFonts.some((f) => f.includes('Devanagari'))).toBe(false);
    expect(hindiFonts.some((f) => f.includes('Devanagari'))).toBe(true);
    // Subset fonts keep an invoice small: under 100 KB with a second script, under 60 KB without.
    expect(latin.length).toBeLessThan(60_000);
    expect(first.length).toBeLessThan(100_000);
  });
});

describe('script runs', () => {
  it('keeps spaces, digits and punctuation inside the run they stand in, and splits where the script changes', () => {
    expect(scriptRuns('अनन्या शर्मा (Delhi)')).toEqual([
      { script: 'devanagari', text: 'अनन्या शर्मा (' },
      { script: 'latin', text: 'Delhi)' },
    ]);
    expect(scriptRuns('Dr. கார்த்திக்')).toEqual([
      { script: 'latin', text: 'Dr. ' },
      { script: 'tamil', text: 'கார்த்திக்' },
    ]);
    expect(scriptRuns('12 ')).toEqual([{ script: 'latin', text: '12 ' }]);
  });
});
