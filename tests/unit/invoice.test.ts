/**
 * GST invoices and refunds as pure logic: financial years and document numbers,
 * GSTIN check characters, the tax split and amounts in words, the invoice built from a stored
 * registration (and unchanged by later changes: it reads the snapshot frozen when it was issued), and the refund rule around 20 Nov 2025 IST.
 */
import { describe, expect, it } from 'vitest';
import { invoicing } from '../../src/content/invoicing';
import type { StoredRegistration } from '../../src/shared/api';
import { amountInWords, buildCreditNote, buildInvoice, financialYear, gstinCheckCharacter, invoicesOf, isValidGstin, taxRows } from '../../src/shared/invoice';
import { conferenceEnded, refundParts, refundQuote } from '../../src/shared/refunds';
import { conference } from '../../src/content/conference';
import { dayBefore } from '../../src/shared/dates';
import { storedRegistration, withCreditNote, withPaidChange } from './stored-registration';
import { specPricing } from './spec-edition';
import { at as edition } from '../setup/edition-clock';

/**
 * The registrations of these tests are charged by the 2025 fee table (tests/unit/spec-edition.ts), so the
 * amounts below are its worked figures whatever src/content's fees are.
 */
const registration = (overrides: Parameters<typeof storedRegistration>[0] = {}, coupon: 'half' | null = null) => storedRegistration(overrides, coupon, specPricing);
const refundLastDay = dayBefore(invoicing.refund.requestBefore);

describe('financial year (April to March, IST)', () => {
  it.each([
    ['2025-04-01T00:00:00+05:30', '2526'],
    ['2025-12-18T10:00:00+05:30', '2526'],
    ['2026-03-31T23:59:59+05:30', '2526'],
    ['2026-04-01T00:00:00+05:30', '2627'],
    // 31 March 19:00 UTC is already 1 April in India.
    ['2026-03-31T19:00:00Z', '2627'],
    ['2025-03-31T18:29:59Z', '2425'],
    ['2099-06-01T00:00:00+05:30', '9900'],
  ])('%s is in %s', (at, fy) => {
    expect(financialYear(new Date(at))).toBe(fy);
  });
});

describe('GSTIN', () => {
  it('accepts GSTINs whose check character matches (any case, trimmed)', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin(' 27aapfu0939f1zv ')).toBe(true);
    expect(isValidGstin(invoicing.supplier.gstin)).toBe(true);
  });

  it('refuses a wrong check character, a wrong shape, and anything else', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1XV')).toBe(false);
    expect(isValidGstin('VAT GB 123 4567 89')).toBe(false);
    expect(isValidGstin('')).toBe(false);
  });
});

describe('tax rows and words', () => {
  it('splits 18 % into CGST 9 % + SGST 9 % (the odd paisa to SGST), IGST for USD', () => {
    expect(taxRows(189000, 'INR')).toEqual([
      { label: 'CGST', ratePercent: 9, amount: 94500 },
      { label: 'SGST', ratePercent: 9, amount: 94500 },
    ]);
    expect(taxRows(101, 'INR').map((t) => t.amount)).toEqual([50, 51]);
    expect(taxRows(2160, 'USD')).toEqual([{ label: 'IGST', ratePercent: 18, amount: 2160 }]);
  });

  it('writes totals in words in the Indian system for INR and in dollars for USD', () => {
    expect(amountInWords(809952, 'INR')).toBe('Eight Thousand Ninety Nine Rupees And Fifty Two Paise Only');
    expect(amountInWords(2024880_00, 'INR')).toBe('Twenty Lakh Twenty Four Thousand Eight Hundred Eighty Rupees Only');
    expect(amountInWords(14726, 'USD')).toBe('One Hundred Forty Seven Dollars And Twenty Six Cents Only');
  });
});

describe('buildInvoice', () => {
  it('prints the registration fee by tier, extra tickets, taxable value, GST, the convenience fee and the total', () => {
    const r = registration({ welcomeReception: 'yes', additionalReceptionTickets: 1, billingTaxNumber: '27AAPFU0939F1ZV' });
    const doc = buildInvoice(r, { kind: 'registration' });
    expect(doc).toMatchObject({ kind: 'invoice', number: 'PG25/2526/00007', date: '2025-10-15', currency: 'INR', placeOfSupply: 'Karnataka (29)' });
    expect(doc.lines.map((l) => [l.description, l.sac, l.quantity, l.amount])).toEqual([
      ['Registration fee: Full Registration – Non-IEEE Member (Indian, Standard)', '998596', 1, 1500000],
      ['Welcome Reception: additional tickets', '998596', 1, 150000],
    ]);
    expect(doc.taxableValue).toBe(1650000);
    expect(doc.taxes.map((t) => t.amount)).toEqual([148500, 148500]);
    expect(doc.convenienceFee).toBe(77880);
    expect(doc.total).toBe(2024880);
    expect(doc.recipient.gstin).toBe('27AAPFU0939F1ZV');
    expect(doc.notes).toContain('Tax is not payable on reverse charge basis');
  });

  it('prints a tax number that is not a GSTIN as given, and a coupon as a discount line', () => {
    const doc = buildInvoice(registration({ billingTaxNumber: 'PAN ABCDE1234F' }, 'half'), { kind: 'registration' });
    expect(doc.recipient).toMatchObject({ gstin: null, taxNumberAsGiven: 'PAN ABCDE1234F' });
    expect(doc.lines[1]).toMatchObject({ description: 'Coupon discount (HALF)', amount: -750000 });
    expect(doc.taxableValue).toBe(750000);
  });

  it('marks USD invoices as export of services with IGST only', () => {
    const doc = buildInvoice(registration({ registrationTier: 'prof_non_foreign_std', registrationCurrency: 'USD', country: 'Germany', billingCountry: 'Germany' }), { kind: 'registration' });
    expect(doc.currency).toBe('USD');
    expect(doc.taxes).toEqual([{ label: 'IGST', ratePercent: 18, amount: 9720 }]);
    expect(doc.notes).toContain(invoicing.exportLine);
  });

  it('prints what the registration was when the invoice was issued, whatever changed later', () => {
    const r = registration({ registrationTier: 'stud_non_indian_std', noPaper: true, paperId: '' });
    const before = buildInvoice(r, { kind: 'registration' });
    // The upgrade's invoice is frozen when it is issued (as finalise does), then the name changes.
    const upgraded = withPaidChange({ ...r, registrationTier: 'prof_non_indian_std' }, { kind: 'tier-upgrade', from: 'stud_non_indian_std', to: 'prof_non_indian_std', amount: 8099.52, currency: 'INR', orderId: 'order_UPG0000001', paymentId: 'pay_UPG0000001', at: '2025-11-01T10:00:00.000Z', invoiceNumber: 'PG25/2526/00009', charges: { currency: 'INR', fromFee: 840000, toFee: 1500000, base: 660000, gst: 118800, convenienceFee: 31152, total: 809952 } });
    const later: StoredRegistration = {
      ...upgraded,
      title: 'Prof',
      lastName: 'Rao',
      history: [...upgraded.history!, { kind: 'name-change', from: 'Dr Asha Kulkarni', to: 'Prof Asha Rao', at: '2025-11-02T10:00:00.000Z' }],
    };
    expect(buildInvoice(later, { kind: 'registration' })).toEqual(before);
    const frozen = later.history![0]!.kind === 'tier-upgrade' ? later.history![0]!.invoiceSnapshot! : undefined;
    expect({ delegate: frozen?.recipient.delegate, tier: frozen?.tier }).toEqual({ delegate: 'Dr Asha Kulkarni', tier: 'prof_non_indian_std' });
    const docs = invoicesOf(later);
    expect(docs.map((d) => d.number)).toEqual(['PG25/2526/00007', 'PG25/2526/00009']);
    const upgrade = buildInvoice(later, docs[1]!.subject);
    expect(upgrade).toMatchObject({ number: 'PG25/2526/00009', taxableValue: 660000, convenienceFee: 31152, total: 809952 });
    expect(upgrade.recipient.delegate).toBe('Dr Asha Kulkarni');
  });

  it('builds the credit note of an approved cancellation against the registration invoice', () => {
    const r = withCreditNote(registration(), { status: 'approved', requestedAt: '2025-11-10T04:30:00.000Z', decidedAt: '2025-11-12T04:30:00.000Z', refundAmount: 750000, currency: 'INR', creditNoteNumber: 'PG25C/2526/00001' });
    const note = buildCreditNote(r);
    expect(note).toMatchObject({ kind: 'credit-note', number: 'PG25C/2526/00001', date: '2025-11-12', refersTo: { number: 'PG25/2526/00007', date: '2025-10-15' }, total: 750000 });
    expect(() => buildCreditNote(registration())).toThrow(/no credit note/);
  });
});

describe(`refund rule (${invoicing.refund.percent} % of the fee before ${invoicing.refund.requestBefore} in the conference's zone)`, () => {
  const r = registration();
  const utc = (iso: string) => new Date(iso).toISOString();
  it.each([
    [edition(refundLastDay, 0, '23:59:59'), true, 750000],
    [utc(edition(refundLastDay, 0, '23:59:59')), true, 750000],
    [utc(edition(invoicing.refund.requestBefore, 0, '00:00:00')), false, 0],
    [edition(invoicing.refund.requestBefore, 0, '00:00:00'), false, 0],
    [edition(invoicing.refund.requestBefore, 11), false, 0],
  ])('requested at %s: before the deadline %s, refund %i paise (2025 fee table)', (at, before, amount) => {
    expect(refundQuote(r, new Date(at))).toEqual({ beforeDeadline: before, amount, fee: 1500000, currency: 'INR' });
  });

  it('counts a coupon-reduced fee and paid upgrades, never GST, the convenience fee or extra tickets', () => {
    const withExtras = registration({ welcomeReception: 'yes', additionalReceptionTickets: 2 }, 'half');
    expect(refundQuote(withExtras, new Date(edition(refundLastDay, -18))).amount).toBe(375000);
    const upgraded: StoredRegistration = { ...withExtras, history: [{ kind: 'ieee-change', from: 'a', to: 'b', amount: 1, currency: 'INR', orderId: 'o', paymentId: 'pay_X', at: '2025-10-20T00:00:00Z', charges: { currency: 'INR', fromFee: 0, toFee: 0, base: 250001, gst: 0, convenienceFee: 0, total: 300000 } }] };
    // (750000 + 250001) x 50 % = 500000.5 -> 500001 (half up).
    expect(refundQuote(upgraded, new Date(edition(refundLastDay, -18))).amount).toBe(500001);
  });

  it('splits a refund over the registration payment first, then the changes', () => {
    const r2: StoredRegistration = { ...registration(), history: [{ kind: 'tier-upgrade', from: 'a', to: 'b', amount: 1, currency: 'INR', orderId: 'o', paymentId: 'pay_UPG', at: '2025-10-20T00:00:00Z', charges: { currency: 'INR', fromFee: 0, toFee: 0, base: 0, gst: 0, convenienceFee: 0, total: 500000 } }] };
    expect(refundParts(r2, 750000)).toEqual([{ paymentId: 'pay_REG000001', amount: 750000 }]);
    expect(refundParts(r2, 2000000)).toEqual([
      { paymentId: 'pay_REG000001', amount: r2.charges.total },
      { paymentId: 'pay_UPG', amount: 2000000 - r2.charges.total },
    ]);
    expect(() => refundParts(r2, 99_000_000)).toThrow(RangeError);
  });

  it(`pays refunds only once the conference is over (after ${conference.endDate} in its zone)`, () => {
    expect(conferenceEnded(new Date(edition(conference.endDate, 0, '23:59:59')))).toBe(false);
    expect(conferenceEnded(new Date(edition(conference.endDate, 1, '00:00:00')))).toBe(true);
  });
});
