/**
 * Tax documents frozen when issued (docs/decisions/052-tax-documents-frozen-when-issued.md) as
 * pure logic: the snapshot each document takes when its number is taken (lines, recipient,
 * delegate, tier, the registrant it was issued to), rendering from that snapshot alone, the
 * refusal to render a document without one, and the one-off migration's reconstruction
 * (scripts/migrate-frozen-invoices.ts freezeDocuments): equal to the issue-time snapshots, and
 * idempotent.
 */
import { describe, expect, it } from 'vitest';
import type { StoredRegistration } from '../../src/shared/api';
import { buildCreditNote, buildInvoice, changeInvoiceSnapshot, creditNoteSnapshot, issuedTo, registrationInvoiceSnapshot } from '../../src/shared/invoice';
import type { PaidChangeRecord } from '../../src/shared/change-kinds';
import { tierLabel } from '../../src/shared/csv';
import { freezeDocuments } from '../../scripts/migrate-frozen-invoices';
import { storedRegistration, withCreditNote, withPaidChange } from './stored-registration';
import { specPricing } from './spec-edition';

const registration = (overrides: Parameters<typeof storedRegistration>[0] = {}) => storedRegistration(overrides, null, specPricing);
const upgrade: PaidChangeRecord = { kind: 'tier-upgrade', from: 'stud_non_indian_std', to: 'prof_non_indian_std', amount: 8099.52, currency: 'INR', orderId: 'order_UPG0000001', paymentId: 'pay_UPG0000001', at: '2025-11-01T10:00:00.000Z', invoiceNumber: 'PG25/2526/00009', charges: { currency: 'INR', fromFee: 840000, toFee: 1500000, base: 660000, gst: 118800, convenienceFee: 31152, total: 809952 } };
const transfer: PaidChangeRecord = { kind: 'name-transfer', from: 'Dr Asha Kulkarni', to: 'Ms Meera Shankar', fromEmail: 'asha@example.org', toEmail: 'meera@example.org', amount: 2454.4, currency: 'INR', orderId: 'order_TRF0000001', paymentId: 'pay_TRF0000001', at: '2025-11-03T10:00:00.000Z', invoiceNumber: 'PG25/2526/00011', charges: { currency: 'INR', fromFee: 0, toFee: 0, base: 200000, gst: 36000, convenienceFee: 9440, total: 245440 } };
const cancellation = { status: 'approved' as const, requestedAt: '2025-11-10T04:30:00.000Z', decidedAt: '2025-11-12T04:30:00.000Z', refundAmount: 420000, currency: 'INR' as const, creditNoteNumber: 'PG25C/2526/00001' };

/** A student registration upgraded, renamed, transferred, renamed again and cancelled, each document frozen when issued. */
function fullHistory(): StoredRegistration {
  const r = registration({ registrationTier: 'stud_non_indian_std', noPaper: true, paperId: '', billingTaxNumber: '27AAPFU0939F1ZV' });
  const upgraded = withPaidChange({ ...r, registrationTier: 'prof_non_indian_std' }, upgrade);
  const renamed: StoredRegistration = { ...upgraded, lastName: 'Kulkarni-Rao', history: [...upgraded.history!, { kind: 'name-change', from: 'Dr Asha Kulkarni', to: 'Dr Asha Kulkarni-Rao', at: '2025-11-02T10:00:00.000Z' }] };
  const transferred = withPaidChange({ ...renamed, title: 'Ms' as const, firstName: 'Meera', lastName: 'Shankar', email: 'meera@example.org' }, { ...transfer, from: 'Dr Asha Kulkarni-Rao' });
  const cancelled = withCreditNote(transferred, cancellation);
  return { ...cancelled, lastName: 'Shankar-Iyer', history: [...cancelled.history!, { kind: 'name-change', from: 'Ms Meera Shankar', to: 'Ms Meera Shankar-Iyer', at: '2025-11-20T10:00:00.000Z' }] };
}

/** `r` as stored before documents were frozen: no snapshots anywhere. */
function legacy(r: StoredRegistration): StoredRegistration {
  const { invoiceSnapshot: _i, ...rest } = r;
  const history = r.history?.map((c) => ('invoiceSnapshot' in c ? (({ invoiceSnapshot: _s, ...change }) => change)(c) : c));
  const cancellation = r.cancellation && (({ creditNoteSnapshot: _c, ...c }) => c)(r.cancellation);
  return { ...rest, ...(history ? { history } : {}), ...(cancellation ? { cancellation } : {}) };
}

describe('the snapshot a document takes when its number is taken', () => {
  it("the registration's invoice: tier, delegate, billing details, lines and the registrant", () => {
    const r = registration({ registrationTier: 'stud_non_indian_std', noPaper: true, paperId: '', welcomeReception: 'yes', additionalReceptionTickets: 2, billingTaxNumber: '27AAPFU0939F1ZV' });
    const s = registrationInvoiceSnapshot(r);
    expect(s.tier).toBe('stud_non_indian_std');
    expect(s.recipient).toMatchObject({ name: r.billingOrganization, delegate: 'Dr Asha Kulkarni', gstin: '27AAPFU0939F1ZV', taxNumberAsGiven: null, email: r.billingEmail });
    expect(s.placeOfSupply).toBe('Karnataka (29)');
    expect(s.lines.map((l) => l.description)).toEqual([`Registration fee: ${tierLabel('stud_non_indian_std')}`, 'Welcome Reception: additional tickets']);
    expect(s.lines[0]).toMatchObject({ quantity: 1, rate: r.charges.baseFee, amount: r.charges.baseFee });
    expect(s.registrantEmail).toBe(r.email);
    expect(issuedTo(s)).toEqual([r.email.toLowerCase(), r.billingEmail.toLowerCase()]);
  });

  it("a name transfer's invoice is the payer's: issued to `fromEmail`, naming the new delegate, one line", () => {
    const after: StoredRegistration = { ...registration(), title: 'Ms', firstName: 'Meera', lastName: 'Shankar', email: 'meera@example.org' };
    const s = changeInvoiceSnapshot(after, transfer);
    expect(s).toMatchObject({ registrantEmail: 'asha@example.org', recipient: { delegate: 'Ms Meera Shankar' } });
    expect(s.lines).toEqual([{ description: `Name transfer processing fee: registration ${after.registrationNumber} from Dr Asha Kulkarni to Ms Meera Shankar`, sac: '998596', quantity: 1, rate: 200000, amount: 200000 }]);
    expect(() => changeInvoiceSnapshot(after, { ...transfer, charges: undefined })).toThrow(/no charges/);
  });

  it("a credit note goes to the registrant of the invoice it reduces, and needs that invoice's snapshot", () => {
    const r = fullHistory();
    expect(r.cancellation!.creditNoteSnapshot).toMatchObject({ registrantEmail: 'asha@example.org', tier: 'prof_non_indian_std', recipient: { delegate: 'Ms Meera Shankar' } });
    expect(r.cancellation!.creditNoteSnapshot!.lines.map((l) => l.amount)).toEqual([420000]);
    expect(() => creditNoteSnapshot(legacy(r))).toThrow(/migrate:invoices/);
  });
});

describe('rendering reads the snapshot alone', () => {
  it('every document of a record renders what it was issued with, whatever the record says now', () => {
    const r = fullHistory();
    const registrationInvoice = buildInvoice(r, { kind: 'registration' });
    expect(registrationInvoice.recipient.delegate).toBe('Dr Asha Kulkarni');
    expect(registrationInvoice.lines[0]!.description).toBe(`Registration fee: ${tierLabel('stud_non_indian_std')}`);
    const [up, , moved] = r.history! as PaidChangeRecord[];
    expect(buildInvoice(r, { kind: 'change', change: up! }).recipient.delegate).toBe('Dr Asha Kulkarni');
    expect(buildInvoice(r, { kind: 'change', change: moved! }).recipient.delegate).toBe('Ms Meera Shankar');
    expect(buildCreditNote(r).recipient.delegate).toBe('Ms Meera Shankar');
    // Editing the record's billing details (or anything else) after issue changes nothing printed.
    const edited = { ...r, billingOrganization: 'Another Lab', billingCountry: 'Germany' };
    expect(buildInvoice(edited, { kind: 'registration' })).toEqual(registrationInvoice);
  });

  it('a document without a snapshot is refused, naming the migration, never rebuilt from history', () => {
    const r = legacy(fullHistory());
    expect(() => buildInvoice(r, { kind: 'registration' })).toThrow(/no stored snapshot: run npm run migrate:invoices/);
    expect(() => buildInvoice(r, { kind: 'change', change: r.history![0] as PaidChangeRecord })).toThrow(/PG25\/2526\/00009 .* no stored snapshot/);
    expect(() => buildCreditNote(r)).toThrow(/PG25C\/2526\/00001 .* no stored snapshot/);
  });
});

describe('the migration (scripts/migrate-frozen-invoices.ts): the old reconstruction, one last time', () => {
  it('gives a record stored without snapshots exactly the snapshots its documents took when issued', () => {
    const issued = fullHistory();
    const { record, froze } = freezeDocuments(legacy(issued));
    expect(froze).toEqual(['PG25/2526/00007', 'PG25/2526/00009', 'PG25/2526/00011', 'PG25C/2526/00001']);
    expect(record).toEqual(issued);
  });

  it('is idempotent: a frozen record (or one with nothing issued) is left as it is', () => {
    const issued = fullHistory();
    expect(freezeDocuments(issued)).toEqual({ record: issued, froze: [] });
    const once = freezeDocuments(legacy(issued)).record;
    expect(freezeDocuments(once)).toEqual({ record: once, froze: [] });
    const free = legacy({ ...registration(), invoiceNumber: undefined });
    expect(freezeDocuments(free).froze).toEqual([]);
  });

  it('freezes only what is missing: a record half migrated keeps the snapshots it has', () => {
    const issued = fullHistory();
    const half = { ...legacy(issued), invoiceSnapshot: { ...issued.invoiceSnapshot!, tier: 'kept as stored' } };
    const { record, froze } = freezeDocuments(half);
    expect(froze).toEqual(['PG25/2526/00009', 'PG25/2526/00011', 'PG25C/2526/00001']);
    expect(record.invoiceSnapshot!.tier).toBe('kept as stored');
  });
});
