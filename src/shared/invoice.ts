/**
 * GST tax invoices and credit notes as data (CGST Rules 46 and 53): document
 * numbers, financial years, GSTIN checks, the snapshot a document freezes when its number is taken
 * (its lines, recipient, delegate and tier: IssuedDocument) and the document rendered from that
 * snapshot and the stored charges, identical at any time whatever changed later
 * (docs/decisions/052-tax-documents-frozen-when-issued.md). Pure: no I/O, and the only clock is the
 * instants stored on the record. Rendering to PDF is the
 * server's (netlify/server/invoice-pdf.ts).
 */
// The two locales the documents use, not the package's entry (which loads every locale).
import { ToWords as ToWordsIndia } from 'to-words/en-IN';
import { ToWords as ToWordsUs } from 'to-words/en-US';
import { invoicing } from '../content/invoicing';
import type { DocumentRecipient, InvoiceLine, IssuedDocument, StoredRegistration } from './api';
import { changeKinds, isPaidChange, type PaidChangeRecord } from './change-kinds';
import { tierLabel } from './csv';
import type { Currency } from './money';
import { fullName } from './person-name';
import type { ChangeCharges } from './change-charges';

// The dates of a document live apart from the amount in words (to-words), so the payment and
// cancellation functions that only number documents do not load it at a cold start.
export { financialYear, localDate } from './financial-year';
import { localDate } from './financial-year';

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (GSTN's mod-36 scheme: alternate
 * factors 1 and 2, the product's base-36 digits summed). Written here because no maintained
 * npm library does only this.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i] ?? '');
    if (value < 0) throw new RangeError('not a GSTIN prefix');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** True when `value` (trimmed, any case) is a GSTIN: the 15-character format and a matching check character. */
export function isValidGstin(value: string): boolean {
  const v = value.trim().toUpperCase();
  return GSTIN_FORMAT.test(v) && gstinCheckCharacter(v.slice(0, 14)) === v[14];
}

export type { DocumentRecipient, InvoiceLine, IssuedDocument };

/** One tax row: CGST 9 %, SGST 9 % or IGST 18 %. */
export interface TaxRow {
  label: string;
  ratePercent: number;
  amount: number;
}

/** An invoice or a credit note, ready to render. Money in minor units of `currency`. */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  title: string;
  number: string;
  /** YYYY-MM-DD in the conference's time zone. */
  date: string;
  /** For a credit note: the invoice it reduces. */
  refersTo?: { number: string; date: string };
  currency: Currency;
  supplier: { name: string; addressLines: readonly string[]; gstin: string; state: string; stateCode: string; email: string };
  recipient: DocumentRecipient;
  registrationNumber: string;
  placeOfSupply: string;
  lines: InvoiceLine[];
  taxableValue: number;
  taxes: TaxRow[];
  /** Charged after tax (docs/rules.md#fees-arithmetic-and-timings: the convenience fee is a percentage of the taxed amount). */
  convenienceFee: number;
  total: number;
  totalInWords: string;
  notes: string[];
}

/** What a stored invoice number belongs to: the registration itself, or one paid change in its history. */
export type InvoiceSubject = { kind: 'registration' } | { kind: 'change'; change: PaidChangeRecord & { charges?: ChangeCharges } };

const toWords = { INR: new ToWordsIndia({ converterOptions: { currency: true } }), USD: new ToWordsUs({ converterOptions: { currency: true } }) };

/** "Eight Thousand Ninety Nine Rupees And Fifty Two Paise Only" for 809952 INR (to-words). */
export function amountInWords(minor: number, currency: Currency): string {
  return toWords[currency].convert(minor / 100);
}

/** GST rows for `gstMinor` (18 % of the taxable value): CGST + SGST halves (the odd paisa to SGST) or one IGST row. */
export function taxRows(gstMinor: number, currency: Currency): TaxRow[] {
  if (currency === 'USD' || invoicing.gstPresentation === 'igst') return [{ label: 'IGST', ratePercent: 18, amount: gstMinor }];
  const cgst = Math.floor(gstMinor / 2);
  return [
    { label: 'CGST', ratePercent: 9, amount: cgst },
    { label: 'SGST', ratePercent: 9, amount: gstMinor - cgst },
  ];
}

/**
 * The e-mail addresses a document was issued to, lower-cased: the registrant and the billing
 * e-mail it prints. /invoices finds a document by either, so after a name transfer the original
 * registrant keeps finding theirs and the new person never sees them.
 */
export function issuedTo(doc: Pick<IssuedDocument, 'registrantEmail' | 'recipient'>): string[] {
  return [...new Set([doc.registrantEmail, doc.recipient.email].filter(Boolean).map((e) => e.trim().toLowerCase()))];
}

/** The recipient block of `r` as it stands now (billing details and the delegate's name). */
export function recipientOf(r: StoredRegistration): DocumentRecipient {
  const taxNumber = (r.billingTaxNumber ?? '').trim();
  const gstin = taxNumber && isValidGstin(taxNumber) ? taxNumber.toUpperCase() : null;
  const cityLine = [r.billingCity, r.billingPostcode].filter(Boolean).join(' ');
  return {
    name: r.billingOrganization,
    delegate: fullName(r),
    addressLines: [r.billingAddress, cityLine, [r.billingState, r.billingCountry].filter(Boolean).join(', ')].filter((l) => l && l.trim()),
    state: r.billingState || '-',
    gstin,
    taxNumberAsGiven: gstin ? null : taxNumber || null,
    email: r.billingEmail,
  };
}

/** True when a document in `currency` is an export of services (USD: a foreign delegate; src/content/invoicing.ts foreignDelegates). */
const exported = (currency: Currency): boolean => currency === 'USD' && invoicing.foreignDelegates.exportOfServices;

/**
 * The place of supply printed on a document: the recipient's country with GST code 96 ('Germany
 * (96 – Other Countries)') for an export of services, else the event's state, 'Karnataka (29)'.
 */
export function placeOfSupply(r: Pick<StoredRegistration, 'billingCountry'>, currency: Currency): string {
  const foreign = invoicing.foreignDelegates;
  if (exported(currency)) return `${r.billingCountry} (${foreign.placeOfSupplyCode} – ${foreign.placeOfSupplyLabel})`;
  return `${invoicing.placeOfSupply.state} (${invoicing.placeOfSupply.stateCode})`;
}

/** The snapshot of `r` as it stands now, around `lines` (what every kind of document freezes alike). */
function snapshotNow(r: StoredRegistration, currency: Currency, lines: InvoiceLine[], registrantEmail: string): IssuedDocument {
  return { tier: r.registrationTier, recipient: recipientOf(r), placeOfSupply: placeOfSupply(r, currency), lines, registrantEmail };
}

/**
 * The snapshot of the registration's own invoice, taken from `r` as finalise writes it (before
 * any change): the registration fee by tier (a coupon as a discount line) and the extra reception
 * and dinner tickets, issued to the registrant. Money in minor units of `r.charges.currency`.
 */
export function registrationInvoiceSnapshot(r: StoredRegistration): IssuedDocument {
  const sac = invoicing.sac;
  const c = r.charges;
  const lines: InvoiceLine[] = [{ description: `Registration fee: ${tierLabel(r.registrationTier)}`, sac, quantity: 1, rate: c.baseFee, amount: c.baseFee }];
  if (c.registrationFee !== c.baseFee) lines.push({ description: `Coupon discount (${r.couponCode})`, sac, quantity: 1, rate: c.registrationFee - c.baseFee, amount: c.registrationFee - c.baseFee });
  const tickets = (n: number, fee: number, what: string) => {
    if (n > 0 && fee > 0) lines.push({ description: `${what}: additional tickets`, sac, quantity: n, rate: Math.round(fee / n), amount: fee });
  };
  tickets(r.additionalReceptionTickets, c.welcomeReceptionExtraFee, 'Welcome Reception');
  tickets(r.additionalGalaDinnerTickets, c.galaDinnerExtraFee, 'Gala Dinner');
  return snapshotNow(r, c.currency, lines, r.email);
}

/**
 * The snapshot of paid change `change`'s invoice, taken from `r` with the change just applied
 * (the delegate and tier after it): one line, the kind's own (src/shared/change-kinds.ts
 * invoiceLine). A change that moves the registration to another e-mail (a name transfer) is
 * issued to the registrant who paid for it (`fromEmail`). Throws Error when the change has no
 * charges.
 */
export function changeInvoiceSnapshot(r: StoredRegistration, change: PaidChangeRecord & { charges?: ChangeCharges }): IssuedDocument {
  if (!change.charges) throw new Error(`change ${change.orderId} of ${r.registrationNumber} has no charges to invoice`);
  const ch = change.charges;
  const description = changeKinds[change.kind].invoiceLine(change, r.registrationNumber);
  const registrant = changeKinds[change.kind].changesEmail && change.fromEmail ? change.fromEmail : r.email;
  return snapshotNow(r, ch.currency, [{ description, sac: invoicing.sac, quantity: 1, rate: ch.base, amount: ch.base }], registrant);
}

/**
 * The snapshot of the credit note of `r`'s approved cancellation, taken from `r` as the approval
 * writes it: one line, the refund. It belongs with the registration invoice it reduces, so it is
 * issued to that invoice's registrant. Throws Error when `r` has no cancellation or its invoice no
 * snapshot.
 */
export function creditNoteSnapshot(r: StoredRegistration): IssuedDocument {
  const c = r.cancellation;
  if (!c) throw new Error(`registration ${r.registrationNumber} has no cancellation`);
  const invoice = r.invoiceSnapshot;
  if (!invoice) throw new Error(notFrozen(r.invoiceNumber ?? '(none)', r.registrationNumber));
  const line: InvoiceLine = { description: `Cancellation of registration ${r.registrationNumber}: refund of ${invoicing.refund.percent}% of the registration fee`, sac: invoicing.sac, quantity: 1, rate: c.refundAmount, amount: c.refundAmount };
  return snapshotNow(r, c.currency, [line], invoice.registrantEmail);
}

const notFrozen = (number: string, regNo: string) => `document ${number} of ${regNo} has no stored snapshot: run npm run migrate:invoices (docs/operations.md)`;

/** The snapshot a document of `r` was issued with, or throws Error naming the migration that stores it. */
function issued(snapshot: IssuedDocument | undefined, number: string, regNo: string): IssuedDocument {
  if (!snapshot) throw new Error(notFrozen(number, regNo));
  return snapshot;
}

/** The parts of a document that are the supplier's, the recipient's and the law's, from its snapshot. */
function base(r: StoredRegistration, snapshot: IssuedDocument, currency: Currency) {
  return {
    currency,
    supplier: { ...invoicing.supplier, name: invoicing.supplier.legalName },
    recipient: snapshot.recipient,
    registrationNumber: r.registrationNumber,
    placeOfSupply: snapshot.placeOfSupply,
    notes: [invoicing.reverseChargeLine, ...(exported(currency) ? [invoicing.exportLine] : [])],
  };
}

/**
 * The tax invoice of `subject` on registration `r` (its number stored on the record: the
 * registration's `invoiceNumber`, or the change's), rendered from the snapshot stored with that
 * number (IssuedDocument): its lines, then the taxable value, GST, the convenience fee and the
 * total in figures and words from the stored charges. Throws Error when the record holds no
 * invoice number for `subject`, or no snapshot (a record from before frozen documents that the
 * migration has not reached).
 */
export function buildInvoice(r: StoredRegistration, subject: InvoiceSubject): InvoiceDocument {
  if (subject.kind === 'registration') {
    const c = r.charges;
    if (!r.invoiceNumber) throw new Error(`registration ${r.registrationNumber} has no invoice`);
    const snapshot = issued(r.invoiceSnapshot, r.invoiceNumber, r.registrationNumber);
    return taxInvoice(r, r.invoiceNumber, r.paidAt, snapshot, { taxableValue: c.subtotal, gst: c.gst, convenienceFee: c.convenienceFee, total: c.total, currency: c.currency });
  }
  const { change } = subject;
  if (!change.invoiceNumber || !change.charges) throw new Error(`change ${change.orderId} of ${r.registrationNumber} has no invoice`);
  const ch = change.charges;
  const snapshot = issued(change.invoiceSnapshot, change.invoiceNumber, r.registrationNumber);
  return taxInvoice(r, change.invoiceNumber, change.at, snapshot, { taxableValue: ch.base, gst: ch.gst, convenienceFee: ch.convenienceFee, total: ch.total, currency: ch.currency });
}

/** A tax invoice numbered `number`, issued at the ISO instant `at`, from its frozen snapshot and its charges (minor units). */
function taxInvoice(
  r: StoredRegistration,
  number: string,
  at: string,
  snapshot: IssuedDocument,
  money: { taxableValue: number; gst: Parameters<typeof taxRows>[0]; convenienceFee: number; total: number; currency: Currency },
): InvoiceDocument {
  return {
    kind: 'invoice',
    title: 'Tax Invoice',
    number,
    date: localDate(new Date(at)),
    ...base(r, snapshot, money.currency),
    lines: snapshot.lines,
    taxableValue: money.taxableValue,
    taxes: taxRows(money.gst, money.currency),
    convenienceFee: money.convenienceFee,
    total: money.total,
    totalInWords: amountInWords(money.total, money.currency),
  };
}

/**
 * The credit note of an approved cancellation (CGST Rule 53), rendered from its stored snapshot:
 * it refers to the registration's invoice and reduces its taxable value by the refund. The refund
 * is 50 % of the fee without GST (docs/rules.md#fees-arithmetic-and-timings), so no tax is
 * credited (a tax row of 0 says so). Throws Error when the registration has no approved
 * cancellation with a credit note number, no invoice, or no snapshot.
 */
export function buildCreditNote(r: StoredRegistration): InvoiceDocument {
  const c = r.cancellation;
  if (!c || c.status !== 'approved' || !c.creditNoteNumber || !c.decidedAt) throw new Error(`registration ${r.registrationNumber} has no credit note`);
  if (!r.invoiceNumber) throw new Error(`registration ${r.registrationNumber} has no invoice to credit`);
  const snapshot = issued(c.creditNoteSnapshot, c.creditNoteNumber, r.registrationNumber);
  const currency = c.currency;
  const common = base(r, snapshot, currency);
  return {
    kind: 'credit-note',
    title: 'Credit Note',
    number: c.creditNoteNumber,
    date: localDate(new Date(c.decidedAt)),
    refersTo: { number: r.invoiceNumber, date: localDate(new Date(r.paidAt)) },
    ...common,
    lines: snapshot.lines,
    taxableValue: c.refundAmount,
    taxes: taxRows(0, currency),
    convenienceFee: 0,
    total: c.refundAmount,
    totalInWords: amountInWords(c.refundAmount, currency),
    notes: ['GST and the convenience fee of the original invoice are not refunded (registration refund rule), so no tax is credited.', ...common.notes],
  };
}

/** Every invoice a registration holds, oldest first: the registration's, then each paid change's. */
export function invoicesOf(r: StoredRegistration): { number: string; date: string; subject: InvoiceSubject; total: number; currency: Currency }[] {
  const out: { number: string; date: string; subject: InvoiceSubject; total: number; currency: Currency }[] = [];
  if (r.invoiceNumber) out.push({ number: r.invoiceNumber, date: localDate(new Date(r.paidAt)), subject: { kind: 'registration' }, total: r.charges.total, currency: r.charges.currency });
  for (const change of r.history ?? []) {
    if (isPaidChange(change) && change.invoiceNumber && change.charges) {
      out.push({ number: change.invoiceNumber, date: localDate(new Date(change.at)), subject: { kind: 'change', change }, total: change.charges.total, currency: change.charges.currency });
    }
  }
  return out;
}
