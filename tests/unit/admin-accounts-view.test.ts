/**
 * The admin pages' view of the accounts (src/features/admin/accounts-view.ts, the 'Status' column
 * of src/shared/csv.ts, the invoice paths of src/lib/admin-api.ts): a registration's documents
 * for download, cancellation rows, refunds due and their payout, payments needing attention with
 * their refund, and tolerance of malformed records read from the network.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeRecord } from '../../src/shared/api';
import { registrationCsvRow, registrationStatus } from '../../src/shared/csv';
import { invoicePath, invoicesOfDayPath } from '../../src/lib/admin-api';
import {
  cancellationStatusLabel,
  conferenceToday,
  dayFallbackName,
  documentFallbackName,
  formatMinor,
  refundsDue,
  registrationDocuments,
  toAccountsAttentionRows,
  toCancellationRows,
} from '../../src/features/admin/accounts-view';
import type { AdminRegistration } from '../../src/features/admin/registration-view';
import { studentToFullUpgrade } from './change-records';

const charges = { currency: 'INR', registrationFee: 1500000, total: 1840800 };
const upgrade = {
  ...studentToFullUpgrade(),
  invoiceNumber: 'PG25/2526/00007',
  charges: { currency: 'INR', base: 350000, gst: 63000, convenienceFee: 0, total: 413000 },
} as unknown as ChangeRecord;
const base = {
  registrationNumber: 'PESGRE25-ACCT2345',
  title: 'Dr',
  firstName: 'Asha',
  lastName: 'Kulkarni',
  paidAt: '2025-10-20T06:00:00.000Z',
  invoiceNumber: 'PG25/2526/00003',
  charges,
} as unknown as AdminRegistration;

describe("a registration's cancellation (the CSV's 29th column, 'Cancellation', and the table's)", () => {
  it('reads the cancellation: Active, Cancellation requested, Cancelled, Cancellation declined', () => {
    expect(registrationStatus({})).toBe('Active');
    expect(registrationStatus({ cancellation: { status: 'requested' } })).toBe('Cancellation requested');
    expect(registrationStatus({ cancellation: { status: 'approved' } })).toBe('Cancelled');
    expect(registrationStatus({ cancellation: { status: 'declined' } })).toBe('Cancellation declined');
    // A state this build does not know is shown as stored, never as Active.
    expect(registrationStatus({ cancellation: { status: 'reopened' } })).toBe('reopened');
    expect(registrationCsvRow({ ...base, cancellation: { status: 'approved' } }).at(-2)).toBe('Cancelled');
    // Decision 013: the last column is the registration's status, cancelled after an approved cancellation.
    expect(registrationCsvRow({ ...base, cancellation: { status: 'approved' } }).at(-1)).toBe('cancelled');
    expect(cancellationStatusLabel(undefined)).toBe('Active');
  });
});

describe("a registration's tax documents", () => {
  it('lists the invoice, each paid change invoice, then the credit note of an approved cancellation', () => {
    expect(registrationDocuments(base)).toEqual([{ number: 'PG25/2526/00003', kind: 'invoice', label: 'Invoice' }]);
    const changed = { ...base, history: [upgrade, { kind: 'name-change', from: 'A', to: 'B', at: '2025-10-22T00:00:00.000Z' }] } as AdminRegistration;
    expect(registrationDocuments(changed).map((d) => [d.number, d.label])).toEqual([
      ['PG25/2526/00003', 'Invoice'],
      ['PG25/2526/00007', 'Change invoice'],
    ]);
    const cancelled = { ...base, cancellation: { status: 'approved', creditNoteNumber: 'PG25C/2526/00001' } } as AdminRegistration;
    expect(registrationDocuments(cancelled).at(-1)).toEqual({ number: 'PG25C/2526/00001', kind: 'credit-note', label: 'Credit note' });
    // A request not (yet) approved has no credit note.
    expect(registrationDocuments({ ...base, cancellation: { status: 'requested' } } as AdminRegistration)).toHaveLength(1);
  });

  it('gives nothing for a record without an invoice, and tolerates a malformed one', () => {
    expect(registrationDocuments({ registrationNumber: 'PESGRE25-FREE2345' })).toEqual([]);
    // No charges and an unreadable date: the stored number is still offered.
    expect(registrationDocuments({ invoiceNumber: 'PG25/2526/00009', paidAt: 'not a date' } as AdminRegistration)).toEqual([{ number: 'PG25/2526/00009', kind: 'invoice', label: 'Invoice' }]);
  });

  it("names files as the server does and builds the download paths with the number encoded", () => {
    expect(documentFallbackName('PG25/2526/00001')).toBe('invoice-PG25-2526-00001.pdf');
    expect(documentFallbackName('PG25C/2526/00001', 'credit-note')).toBe('credit-note-PG25C-2526-00001.pdf');
    expect(dayFallbackName('2025-11-10')).toBe('tax-documents-2025-11-10.pdf');
    expect(invoicePath('PG25/2526/00001')).toBe('/api/admin/invoices?number=PG25%2F2526%2F00001');
    expect(invoicesOfDayPath('2025-11-10')).toBe('/api/admin/invoices?day=2025-11-10');
  });

  it("starts the day picker on today's date in IST", () => {
    // 20:00 UTC on 10 Nov is 01:30 on 11 Nov in India.
    expect(conferenceToday(new Date('2025-11-10T20:00:00Z'))).toBe('2025-11-11');
    expect(conferenceToday(new Date('2025-11-10T18:00:00Z'))).toBe('2025-11-10');
  });
});

describe('cancellation requests and refunds due', () => {
  const requested = { ...base, registrationNumber: 'PESGRE25-REQU2345', cancellation: { status: 'requested', requestedAt: '2025-11-10T04:30:00.000Z', refundAmount: 750000, currency: 'INR' } };
  const approved = {
    ...base,
    registrationNumber: 'PESGRE25-APPR2345',
    cancellation: { status: 'approved', requestedAt: '2025-11-09T04:30:00.000Z', decidedAt: '2025-11-09T06:00:00.000Z', refundAmount: 750000, currency: 'INR', creditNoteNumber: 'PG25C/2526/00001' },
  };
  const late = { ...base, registrationNumber: 'PESGRE25-LATE2345', cancellation: { status: 'approved', requestedAt: '2025-11-25T04:30:00.000Z', refundAmount: 0, currency: 'INR' } };
  const paying = {
    ...approved,
    registrationNumber: 'PESGRE25-PAYI2345',
    cancellation: {
      ...approved.cancellation,
      currency: 'USD',
      refundAmount: 9950,
      refund: {
        status: 'failed',
        idempotencyKey: 'refund-x',
        updatedAt: '2025-12-22T00:00:00.000Z',
        parts: [
          { paymentId: 'pay_A1', amount: 5000, refundId: 'rfnd_A1', status: 'processed' },
          { paymentId: 'pay_B2', amount: 4950, refundId: 'rfnd_B2', status: 'failed', failureReason: 'The id provided does not exist' },
        ],
      },
    },
  };

  it('shows each request with its name, time in IST, refund with the symbol and status; only open ones take a decision', () => {
    const rows = toCancellationRows([requested, approved, late, paying])!;
    expect(rows.map((r) => [r.registrationNumber, r.name, r.requestedAt, r.refundDue, r.statusLabel, r.open])).toEqual([
      ['PESGRE25-REQU2345', 'Dr Asha Kulkarni', '10 Nov 2025, 10:00 IST', '₹7,500.00', 'Cancellation requested', true],
      ['PESGRE25-APPR2345', 'Dr Asha Kulkarni', '9 Nov 2025, 10:00 IST', '₹7,500.00', 'Cancelled', false],
      ['PESGRE25-LATE2345', 'Dr Asha Kulkarni', '25 Nov 2025, 10:00 IST', '₹0.00', 'Cancelled', false],
      ['PESGRE25-PAYI2345', 'Dr Asha Kulkarni', '9 Nov 2025, 10:00 IST', '$99.50', 'Cancelled', false],
    ]);
  });

  it('lists as due only approved cancellations with a refund above 0; payable until paid, again after a failure', () => {
    const due = refundsDue(toCancellationRows([requested, approved, late, paying])!);
    expect(due.map((r) => [r.registrationNumber, r.payoutStatus, r.payable])).toEqual([
      ['PESGRE25-APPR2345', 'Not paid', true],
      ['PESGRE25-PAYI2345', 'Failed', true],
    ]);
    expect(due[1]!.payoutParts).toEqual([
      { paymentId: 'pay_A1', amount: '$50.00', refundId: 'rfnd_A1', status: 'Refunded', failureReason: '', reference: '' },
      { paymentId: 'pay_B2', amount: '$49.50', refundId: 'rfnd_B2', status: 'Failed', failureReason: 'The id provided does not exist', reference: '' },
    ]);
    // Paid outside Razorpay after the failure: settled, with the transfer's reference.
    const outside = { ...paying, cancellation: { ...paying.cancellation, refund: { ...paying.cancellation.refund, status: 'processed', parts: [paying.cancellation.refund.parts[0], { paymentId: 'pay_B2', amount: 4950, status: 'paid-outside', reference: 'NEFT-UTR-42', failureReason: 'The id provided does not exist' }] } } };
    expect(toCancellationRows([outside])![0]).toMatchObject({ payoutStatus: 'Refunded', payable: false, payoutParts: [{ status: 'Refunded' }, { status: 'Paid outside Razorpay', reference: 'NEFT-UTR-42' }] });
    const processing = { ...paying, cancellation: { ...paying.cancellation, refund: { ...paying.cancellation.refund, status: 'processing' } } };
    expect(toCancellationRows([processing])![0]).toMatchObject({ payoutStatus: 'Processing', payable: false });
  });

  it('answers null for anything but a list and drops entries without a number or a cancellation', () => {
    expect(toCancellationRows({ error: 'x' })).toBeNull();
    expect(toCancellationRows([null, 'x', base, { cancellation: { status: 'requested' } }])).toEqual([]);
    expect(formatMinor(1234, 'EUR')).toBe('');
    expect(formatMinor(123456, 'INR')).toBe('₹1,234.56');
  });
});

describe('payments needing attention on the accounts page', () => {
  it("adds each record's refund to the dashboard's rows, keeping the order and the raw payment id", () => {
    const rows = toAccountsAttentionRows([
      { paymentId: 'pay_NEW123456', orderId: 'order_N', kind: 'ieee-change', registrationNumber: 'PESGRE25-X1234567', amount: 2360, currency: 'INR', reason: 'r', at: '2025-11-10T05:45:00.000Z', refund: { id: 'rfnd_1', status: 'processed', at: 'x', byRazorpay: true } },
      'junk',
      { paymentId: 'pay_OLD123456', orderId: 'order_O', kind: 'tier-upgrade', registrationNumber: 'PESGRE25-Y1234567', amount: 99.5, currency: 'USD', reason: 'r', at: '2025-11-09T05:45:00.000Z' },
      // Razorpay refused the refund: no refund id, its reason kept.
      { paymentId: 'pay_REF123456', orderId: 'order_R', kind: 'tier-upgrade', registrationNumber: 'PESGRE25-Z1234567', amount: 100, currency: 'INR', reason: 'r', at: '2025-11-08T05:45:00.000Z', refund: { id: '', status: 'failed', at: 'x', attempt: 0, reason: 'The id provided does not exist' } },
    ])!;
    expect(rows.map((r) => [r.rawPaymentId, r.amount, r.refund])).toEqual([
      ['pay_NEW123456', '₹2,360.00', { id: 'rfnd_1', status: 'processed', reason: '', reference: '', byRazorpay: true }],
      ['pay_OLD123456', '$99.50', null],
      ['pay_REF123456', '₹100.00', { id: '', status: 'failed', reason: 'The id provided does not exist', reference: '', byRazorpay: false }],
    ]);
    // Refunded: nothing more to do; not refunded yet or refused: refund it, or record a payment outside Razorpay.
    expect(rows.map((r) => [r.refundable, r.payableOutside])).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
    expect(toAccountsAttentionRows(null)).toBeNull();
  });

  it('reads a payment outside Razorpay, a pending refund and one Razorpay never answered, and offers what each allows', () => {
    const record = (paymentId: string, refund: unknown, applied = false) => ({ paymentId, orderId: 'order_X', kind: 'tier-upgrade', registrationNumber: 'PESGRE25-X1234567', amount: 100, currency: 'INR', reason: 'r', at: '2025-11-10T05:45:00.000Z', refund, ...(applied ? { applied } : {}) });
    const rows = toAccountsAttentionRows([
      record('pay_OUT123456', { id: '', status: 'paid-outside', at: 'x', attempt: 0, reason: 'The id provided does not exist', reference: 'NEFT UTR SBIN425123456' }),
      record('pay_PEN123456', { id: 'rfnd_2', status: 'pending', at: 'x', attempt: 0 }),
      // Asked for, Razorpay unreachable: asked again with the same key, never paid another way meanwhile.
      record('pay_ASK123456', { id: '', status: 'pending', at: 'x', attempt: 1 }),
      record('pay_APP123456', undefined, true),
    ])!;
    expect(rows[0]!.refund).toEqual({ id: '', status: 'paid-outside', reason: 'The id provided does not exist', reference: 'NEFT UTR SBIN425123456', byRazorpay: false });
    expect(rows.map((r) => [r.rawPaymentId, r.refundable, r.payableOutside])).toEqual([
      ['pay_OUT123456', false, false],
      ['pay_PEN123456', false, false],
      ['pay_ASK123456', true, false],
      ['pay_APP123456', false, false],
    ]);
  });
});
