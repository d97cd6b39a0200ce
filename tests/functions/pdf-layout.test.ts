/**
 * Every document the server draws fits its page (docs/decisions/033-documents-fit-the-printable-area.md):
 * the tax invoice, an upgrade's and a name transfer's invoice, the credit note, the badge sheet,
 * the certificate and the visa letter, filled with the longest values their forms accept (the
 * lengths are read from the shared zod schemas, so a schema that accepts more makes this test ask
 * for more), once as many wide words and once as one unbroken word. MuPDF reads back where each
 * word is drawn (tests/setup/pdf-glyphs.ts): every word must lie inside the printable area
 * (pdf-text.ts PRINT_MARGIN), a badge's words inside their badge and off its QR, and no word on
 * the certificate or the letter over the QR. The text must not say a phrase twice in a row, and
 * no glyph may be .notdef.
 */
import { PDFDocument } from 'pdf-lib';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { badgeLayout, renderBadgesPdf, type BadgeInput } from '../../netlify/server/badges-pdf';
import { renderCertificatePdf } from '../../netlify/server/certificates';
import { renderInvoicePdf } from '../../netlify/server/invoice-pdf';
import { PRINT_MARGIN, createPdfText } from '../../netlify/server/platform/pdf-text';
import { ticketText } from '../../netlify/server/tickets';
import { renderVisaLetterPdf } from '../../netlify/server/visa-letters';
import { conference } from '../../src/content/conference';
import { COUNTRIES } from '../../src/shared/countries';
import { buildCreditNote, buildInvoice } from '../../src/shared/invoice';
import { PAPER_TITLE_MAX_LENGTH } from '../../src/shared/papers';
import { billingFields, participantFields, paperFields } from '../../src/shared/registration-schema';
import { couponCodeSchema, transfereeSchema } from '../../src/shared/api';
import { visaLetterRequest } from '../../src/shared/visa-letters';
import { drawnGlyphs, drawnWords, inset, pageSizes, repeatedPhrase, wordsOutside, type Box, type DrawnWord } from '../setup/pdf-glyphs';
import { pdftotext } from '../setup/pdftotext';
import { storedRegistration, withCreditNote, withPaidChange } from '../unit/stored-registration';
import type { PaidChangeRecord } from '../../src/shared/change-kinds';

type Schema = z.core.$ZodType;

/** The longest string `make(n)` that `schema` accepts (bisection over n up to 5,000). */
function longest(schema: Schema, make: (n: number) => string): string {
  let lo = 0;
  let hi = 5000;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (z.safeParse(schema, make(mid)).success) lo = mid;
    else hi = mid - 1;
  }
  const value = make(lo);
  expect(z.safeParse(schema, value).success, `no value of ${schema.constructor.name} accepted`).toBe(true);
  return value;
}

/** `n` of the widest capitals W and M, drawn from a sequence seeded by `seed` (no two fields, words or lines alike). */
function capitals(n: number, seed: number): string {
  let state = seed * 7919 + 17;
  let out = '';
  for (let i = 0; i < n; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += state & 0x10000 ? 'M' : 'W';
  }
  return out;
}
/** `n` characters of wide capitals as words of 9 letters ('WMMWMWWMW MWWM...'). */
const wide = (n: number, seed: number) => [...capitals(n, seed)].map((c, i) => ((i + 1) % 10 === 0 ? ' ' : c)).join('').trimEnd();
/** `n` wide capitals, one word. */
const unbroken = (n: number, seed: number) => capitals(n, seed);
/** Words of 9 letters, a capital W or M then lower case: more words to a line, so more lines. */
const mixed = (n: number, seed: number) => [...wide(n, seed)].map((c, i) => (i % 10 === 0 || c === ' ' ? c : c.toLowerCase())).join('');
/** An e-mail address of `n` characters (a 64-character local part and labels of up to 63), or one too short to be valid. */
function emailOf(n: number): string {
  const local = 'w'.repeat(Math.min(64, Math.max(1, n - 10)));
  let domain = '';
  let left = n - local.length - 1 - 4;
  while (left > 0) {
    const label = Math.min(63, left);
    domain += `${'m'.repeat(label)}.`;
    left -= label + 1;
  }
  return `${local}@${domain}org`;
}

/** Every variant of the longest values the forms accept. */
const variants = [
  ['wide words', wide],
  ['mixed-case words', mixed],
  ['unbroken words', unbroken],
] as const;

type Make = (n: number, seed: number) => string;
let seeds = 0;
/** `make` with a seed of its own: each field gets other words. */
const fresh = (make: Make) => {
  const seed = ++seeds;
  return (n: number) => make(n, seed);
};

function longestForm(make: Make) {
  const f = (schema: Schema) => longest(schema, fresh(make));
  return {
    title: 'Prof' as const,
    firstName: f(participantFields.firstName),
    lastName: f(participantFields.lastName),
    organization: f(participantFields.organization),
    billingOrganization: f(billingFields.billingOrganization),
    billingAddress: f(billingFields.billingAddress),
    billingCity: f(billingFields.billingCity),
    billingState: f(billingFields.billingState),
    billingCountry: f(billingFields.billingCountry),
    billingPostcode: f(billingFields.billingPostcode),
    billingTaxNumber: f(billingFields.billingTaxNumber),
    billingEmail: longest(billingFields.billingEmail, emailOf),
    paperId: f(paperFields.paperId),
  };
}

/** The words of `bytes` outside the page less PRINT_MARGIN, or in `avoid` (a QR). */
function misplaced(bytes: Uint8Array, avoid: Box[] = []): DrawnWord[] {
  const sizes = pageSizes(bytes);
  const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  return [...wordsOutside(drawnWords(bytes), (page) => [inset(sizes[page]!, PRINT_MARGIN)]), ...drawnWords(bytes).filter((w) => avoid.some((q) => overlaps(w.box, q)))];
}

/**
 * Fails with the words that left the area, a .notdef glyph, or (`prose`: a document that reads
 * as sentences, not a sheet of badges side by side) a phrase said twice in a row.
 */
async function expectFits(bytes: Uint8Array, avoid: Box[] = [], prose = true) {
  const out = misplaced(bytes, avoid).map((w) => `page ${w.page + 1}: "${w.text.slice(0, 30)}" at x ${w.box.x0.toFixed(1)}-${w.box.x1.toFixed(1)}, y ${w.box.y0.toFixed(1)}-${w.box.y1.toFixed(1)}`);
  expect(out, 'words outside the printable area').toEqual([]);
  if (prose) expect(repeatedPhrase((await pdftotext(bytes)).replace(/\s+/g, ' '))).toBeNull();
  expect(drawnGlyphs(bytes).filter((g) => g.gid === 0)).toEqual([]);
}

/** The QR images' boxes (the certificate and the letter draw theirs as a PNG). */
async function imageBoxes(bytes: Uint8Array): Promise<Box[]> {
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const boxes: Box[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const device = new mupdf.Device({
      fillImage(_image, m) {
        const xs = [m[4], m[4] + m[0], m[4] + m[2], m[4] + m[0] + m[2]];
        const ys = [m[5], m[5] + m[1], m[5] + m[3], m[5] + m[1] + m[3]];
        boxes.push({ x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
      },
    });
    doc.loadPage(i).run(device, mupdf.Matrix.identity);
    device.close();
  }
  expect(boxes.length).toBeGreaterThan(0);
  return boxes;
}

describe.each(variants)('documents filled with the longest values the forms accept (%s)', (_label, make) => {
  const form = longestForm(make);

  it('the tax invoice of a registration billed abroad: every word inside the printable area', async () => {
    const r = { ...storedRegistration({ ...form, registrationTier: 'prof_non_foreign_std', registrationCurrency: 'USD', country: form.billingCountry }), couponCode: longest(couponCodeSchema, fresh(unbroken)) };
    await expectFits(await renderInvoicePdf(buildInvoice(r, { kind: 'registration' })));
  });

  it("a name transfer's invoice and the credit note", async () => {
    const r = storedRegistration(form);
    const transferee = longest(transfereeSchema.def.shape.firstName, fresh(make));
    const change = {
      kind: 'name-transfer' as const,
      from: `Prof ${form.firstName} ${form.lastName}`,
      to: `Prof ${transferee} ${longest(transfereeSchema.def.shape.lastName, fresh(make))}`,
      amount: 1180,
      currency: 'INR' as const,
      orderId: 'order_T1',
      paymentId: 'pay_T1',
      at: '2025-11-12T04:30:00.000Z',
      invoiceNumber: 'PG25/2526/00042',
      charges: { currency: 'INR' as const, fromFee: 0, toFee: 0, base: 100000, gst: 18000, convenienceFee: 4720, total: 122720 },
    };
    const transferred = withPaidChange(r, change);
    await expectFits(await renderInvoicePdf(buildInvoice(transferred, { kind: 'change', change: transferred.history![0] as PaidChangeRecord })));
    const cancelled = withCreditNote(r, { status: 'approved' as const, requestedAt: '2025-11-10T04:30:00.000Z', decidedAt: '2025-11-12T04:30:00.000Z', refundAmount: 750000, currency: 'INR' as const, creditNoteNumber: 'PG25C/2526/00001' });
    await expectFits(await renderInvoicePdf(buildCreditNote(cancelled)));
  });

  it('a badge sheet: every word inside its badge, off its QR, and inside the printable area', async () => {
    const r = storedRegistration(form);
    const ticket = await ticketText(r.registrationNumber);
    const badges: BadgeInput[] = ['prof_non_indian_std', 'stud_non_indian_std'].flatMap((tier, i) => [
      { ...r, registrationTier: tier, registrationNumber: `PESGRE25-ABCD234${i}`, ticket },
      { ...r, registrationTier: tier, firstName: 'Asha', lastName: 'Rao', organization: 'IIT Dharwad', registrationNumber: `PESGRE25-ABCD235${i}`, ticket },
    ]);
    const bytes = await renderBadgesPdf([...badges, ...badges], new Date('2025-12-01T00:00:00Z'));
    const layouts = Array.from({ length: 8 }, (_, i) => badgeLayout(i));
    await expectFits(bytes, layouts.map((l) => l.qr), false);
    const stray = wordsOutside(drawnWords(bytes), () => layouts.map((l) => l.text));
    expect(stray.map((w) => w.text)).toEqual([]);
  });

  it('a certificate with the longest paper title an import keeps: every word inside the printable area and off the QR', async () => {
    const bytes = await renderCertificatePdf({
      number: 'PESGRE25-CERT-ABCDEFGHJK',
      registrationNumber: 'PESGRE25-ABCD2345',
      name: `Prof ${form.firstName} ${form.lastName}`,
      organization: form.organization,
      days: [conference.startDate, '2025-12-19', '2025-12-20', conference.endDate],
      presentedPaper: fresh(make)(PAPER_TITLE_MAX_LENGTH),
    });
    await expectFits(bytes, await imageBoxes(bytes));
  });

  it('a visa letter with the longest passport name, nationality and paper title: every word inside the printable area and off the QR', async () => {
    const shape = visaLetterRequest.def.shape;
    const nationality = [...COUNTRIES].sort((a, b) => b.length - a.length)[0]!;
    const bytes = await renderVisaLetterPdf(
      { reference: 'PESGRE25-VL-ABCDEFGHJK', registrationNumber: 'PESGRE25-ABCD2345', status: 'approved', requestedAt: '2025-10-01T00:00:00.000Z', name: 'x', paper: { id: form.paperId, title: longest(shape.paperTitle, fresh(make)) }, sealed: null },
      {
        passportName: longest(shape.passportName, fresh(make)),
        nationality,
        passportNumber: longest(shape.passportNumber, (n) => 'W'.repeat(n)),
        passportIssueDate: '2020-12-30',
        passportExpiryDate: '2030-12-30',
        dateOfBirth: '1988-09-30',
      },
      new Date('2025-10-02T00:00:00Z'),
    );
    await expectFits(bytes, await imageBoxes(bytes));
  });
});

describe('the layout checks themselves', () => {
  it('a word drawn past the right edge, a phrase said twice and a .notdef glyph are each caught', async () => {
    const pdf = await PDFDocument.create();
    const text = await createPdfText(pdf, ['Power Electronics, Smart Grid', '(PESGRE 2025) (PESGRE 2025)']);
    const page = pdf.addPage([595.28, 841.89]);
    text.draw(page, 'Power Electronics, Smart Grid', 500, 400, { size: 10 });
    text.draw(page, '(PESGRE 2025) (PESGRE 2025)', 60, 300, { size: 10 });
    const bytes = await pdf.save();
    expect(misplaced(bytes).map((w) => w.text)).toEqual(['Electronics,', 'Smart', 'Grid']);
    expect(repeatedPhrase((await pdftotext(bytes)).replace(/\s+/g, ' '))).toBe('(PESGRE 2025)');
  });
});
