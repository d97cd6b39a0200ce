/**
 * Names in the scripts an international conference in India meets print exactly in the PDFs the
 * server draws (docs/payments.md#gst-tax-invoices-and-credit-notes): the glyphs drawn (read back by MuPDF,
 * tests/setup/pdf-glyphs.ts) carry each name's characters, none is .notdef or a '?' put in for a
 * missing one, and the text pdftotext reads (the /ActualText) holds each name as written; the
 * fonts are embedded and subset, and the bytes stay deterministic. The `/ActualText` is written
 * from the input, so it alone would not show a glyph the font lacks: the last test proves the
 * glyph check does.
 */
import fontkit from '@pdf-lib/fontkit';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { PDFDocument, PDFHexString, PDFName, PDFOperator, PDFOperatorNames } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../netlify/server/invoice-pdf';
import { scriptRuns } from '../../netlify/server/platform/pdf-text';
import { buildCreditNote, buildInvoice } from '../../src/shared/invoice';
import { glyphProblems } from '../setup/pdf-glyphs';
import { pdftotext } from '../setup/pdftotext';
import { storedRegistration, withCreditNote } from './stored-registration';

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
  it.each(names)('%s: the invoice draws the glyphs of the name, and its text holds the name exactly', async (_script, name) => {
    const doc = buildInvoice(storedRegistration({ ...name, billingOrganization: `${name.lastName} Lab`, billingAddress: `${name.firstName} Bhavan, 12 Station Road` }), { kind: 'registration' });
    const bytes = await renderInvoicePdf(doc);
    expect(glyphProblems(bytes, [`${name.firstName} ${name.lastName}`, `${name.lastName} Lab`, `${name.firstName} Bhavan`])).toEqual([]);
    const text = flat(await pdftotext(bytes));
    expect(text).toContain(`${name.firstName} ${name.lastName}`);
    expect(text).toContain(`${name.lastName} Lab`);
    expect(text).toContain(`${name.firstName} Bhavan`);
  });

  it('a credit note draws a Devanagari and a Tamil name with real glyphs, and its text holds them exactly', async () => {
    for (const name of [names[0]![1], names[2]![1]]) {
      const r = withCreditNote(storedRegistration(name), { status: 'approved' as const, requestedAt: '2025-11-10T04:30:00.000Z', decidedAt: '2025-11-12T04:30:00.000Z', refundAmount: 750000, currency: 'INR' as const, creditNoteNumber: 'PG25C/2526/00001' });
      const bytes = await renderInvoicePdf(buildCreditNote(r));
      expect(glyphProblems(bytes, [`${name.firstName} ${name.lastName}`])).toEqual([]);
      expect(flat(await pdftotext(bytes))).toContain(`${name.firstName} ${name.lastName}`);
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

describe('the glyph check', () => {
  it('fails a name drawn with a font that lacks its glyphs, though its ActualText reads right', async () => {
    // What a font gap looks like: the Devanagari name drawn with the Latin font only (pdf-lib
    // draws each missing character as .notdef), inside the same ActualText span the server writes.
    const name = 'अनन्या शर्मा';
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    const font = await pdf.embedFont(readFileSync(createRequire(import.meta.url).resolve('notosans-fontface/fonts/NotoSans-Regular.ttf')), { subset: true });
    const page = pdf.addPage([595.28, 841.89]);
    const props = pdf.context.obj({ ActualText: PDFHexString.fromText(name) });
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), props as unknown as PDFName]));
    page.drawText(name, { x: 60, y: 700, size: 12, font });
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    const bytes = await pdf.save();
    expect(flat(await pdftotext(bytes))).toContain(name);
    const problems = glyphProblems(bytes, [name]);
    expect(problems.some((p) => p.includes('.notdef'))).toBe(true);
  });

  it("fails a character the server's fonts lack, drawn as '?'", async () => {
    const bytes = await renderInvoicePdf(buildInvoice(storedRegistration({ firstName: '王', lastName: '小明' }), { kind: 'registration' }));
    expect(glyphProblems(bytes, ['王 小明'])).toEqual(['no line draws the glyphs of "王 小明"']);
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
