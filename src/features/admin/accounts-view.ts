/**
 * How the admin pages show the accounts side of a registration: its tax
 * documents (invoices and the credit note) for download, the cancellation requests, the refunds
 * due and the payments needing attention with their refunds. Pure: no React, no I/O; the only
 * clock is the one passed in.
 */
// Type-only: the admin pages must not pull zod (src/shared/api.ts's schemas) into their bundle.
import type { StoredRegistration } from '../../shared/api';
import { registrationStatus } from '../../shared/csv';
import { fullName } from '../../shared/person-name';
import { invoicesOf, localDate } from '../../shared/invoice';
import { currencySymbol, formatMoney, type Currency } from '../../shared/money';
import { toAttentionRows, type AttentionRow } from './attention-view';
import { displayValue, formatDateTime, type AdminRegistration } from './registration-view';

/** One downloadable tax document of a registration. */
export interface DocumentLink {
  /** The document number, e.g. PG25/2526/00001 or PG25C/2526/00001. */
  number: string;
  kind: 'invoice' | 'credit-note';
  /** The button text: 'Invoice', 'Change invoice' (a paid change's) or 'Credit note'. */
  label: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const isCurrency = (c: unknown): c is Currency => typeof c === 'string' && Object.hasOwn(currencySymbol, c);

/**
 * A registration's tax documents, oldest first: its invoices (src/shared/invoice.ts invoicesOf:
 * the registration's, then each paid change's), then the credit note of an approved
 * cancellation. [] for a record without any (e.g. a 100 % coupon) or one too malformed to read,
 * so one odd record never breaks the table.
 */
export function registrationDocuments(r: AdminRegistration): DocumentLink[] {
  const out: DocumentLink[] = [];
  try {
    // invoicesOf reads charges and dates only for the numbers it returns; a record from the
    // network may lack them, hence the guard.
    for (const inv of invoicesOf(r as unknown as StoredRegistration)) {
      out.push({ number: inv.number, kind: 'invoice', label: inv.subject.kind === 'registration' ? 'Invoice' : 'Change invoice' });
    }
  } catch {
    if (typeof r.invoiceNumber === 'string' && r.invoiceNumber) out.push({ number: r.invoiceNumber, kind: 'invoice', label: 'Invoice' });
  }
  const c: unknown = r.cancellation;
  if (isRecord(c) && c.status === 'approved' && str(c.creditNoteNumber)) out.push({ number: str(c.creditNoteNumber), kind: 'credit-note', label: 'Credit note' });
  return out;
}

/**
 * The file name a document is saved under when the server's answer names none; the server's own
 * scheme (netlify/server/invoices.ts documentFileName): 'invoice-PG25-2526-00001.pdf'.
 */
export function documentFallbackName(number: string, kind: DocumentLink['kind'] = 'invoice'): string {
  return `${kind}-${number.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
}

/** The file name of a day's merged documents when the server names none: 'tax-documents-2025-11-10.pdf'. */
export function dayFallbackName(day: string): string {
  return `tax-documents-${day}.pdf`;
}

/** Today's date (YYYY-MM-DD) in the conference's time zone at `now`: the day the invoice-day picker starts on. */
export function conferenceToday(now: Date = new Date()): string {
  return localDate(now);
}

/** A cancellation's status as the accounts page shows it ('Cancellation requested', 'Cancelled', ...). */
export function cancellationStatusLabel(status: unknown): string {
  return registrationStatus({ cancellation: { status: typeof status === 'string' ? status : undefined } });
}

/** Money in minor units with its symbol ('₹10,030.50', '$99.50'); '' when unreadable. */
export function formatMinor(amount: unknown, currency: unknown): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || !isCurrency(currency)) return '';
  return formatMoney(amount, currency);
}

/** One part of a refund payout as shown: the payment, the amount, the Razorpay refund id and state. */
export interface PayoutPartView {
  paymentId: string;
  amount: string;
  refundId: string;
  status: string;
  /** Why it failed (Razorpay's reason), '' when it did not. */
  failureReason: string;
  /** The reference of a payment made outside Razorpay, '' when none. */
  reference: string;
}

/** One registration of the cancellation list, as shown. Display text unless noted. */
export interface CancellationRow {
  registrationNumber: string;
  name: string;
  /** In the conference's zone, e.g. '10 Nov 2025, 10:00 IST'. */
  requestedAt: string;
  requestedAtIso: string;
  /** Minor units turned into '₹4,250.00'; '₹0.00' when nothing is due. */
  refundDue: string;
  /** The stored state: 'requested' | 'approved' | 'declined' (or whatever was stored). */
  status: string;
  statusLabel: string;
  /** True while the request awaits a decision (Approve / Decline apply). */
  open: boolean;
  /** Minor units, 0 when none. */
  refundAmount: number;
  creditNoteNumber: string;
  /** 'Not paid', 'Processing', 'Refunded' or 'Failed'. */
  payoutStatus: string;
  payoutParts: PayoutPartView[];
  /**
   * True when "Pay refund" (or "Retry refund") and "Paid outside Razorpay" apply: an approved
   * cancellation with a refund due that is unpaid or failed.
   */
  payable: boolean;
}

/** How each payout state reads; 'Not paid' before the first attempt. */
export const PAYOUT_STATUS_LABELS: Readonly<Record<string, string>> = {
  processing: 'Processing',
  processed: 'Refunded',
  failed: 'Failed',
};

const PART_STATUS_LABELS: Readonly<Record<string, string>> = { pending: 'Pending', processed: 'Refunded', failed: 'Failed', 'paid-outside': 'Paid outside Razorpay' };

/**
 * The rows of GET /api/admin/cancellations (registrations with a cancellation request, newest
 * request first), in the order received. Returns null when `data` is not a list (the caller
 * treats it as a failed load); entries without a registration number or a cancellation are dropped.
 */
export function toCancellationRows(data: unknown): CancellationRow[] | null {
  if (!Array.isArray(data)) return null;
  const rows: CancellationRow[] = [];
  for (const r of data) {
    if (!isRecord(r) || !isRecord(r.cancellation) || !str(r.registrationNumber)) continue;
    const c = r.cancellation;
    const status = str(c.status);
    const refundAmount = typeof c.refundAmount === 'number' && Number.isFinite(c.refundAmount) ? c.refundAmount : 0;
    const currency = c.currency ?? r.currency;
    const refund = isRecord(c.refund) ? c.refund : null;
    const parts = refund && Array.isArray(refund.parts) ? refund.parts.filter(isRecord) : [];
    const payoutState = refund ? str(refund.status) : '';
    rows.push({
      registrationNumber: str(r.registrationNumber),
      // The list is read defensively (unknown JSON): each part is taken only when it is text, trimmed.
      name: displayValue(fullName({ title: str(r.title), firstName: str(r.firstName), lastName: str(r.lastName) })),
      requestedAt: displayValue(formatDateTime(str(c.requestedAt))),
      requestedAtIso: str(c.requestedAt),
      refundDue: displayValue(formatMinor(refundAmount, currency)),
      status,
      statusLabel: cancellationStatusLabel(status),
      open: status === 'requested',
      refundAmount,
      creditNoteNumber: str(c.creditNoteNumber),
      payoutStatus: refund ? (PAYOUT_STATUS_LABELS[payoutState] ?? displayValue(payoutState)) : 'Not paid',
      payoutParts: parts.map((p) => ({
        paymentId: displayValue(p.paymentId),
        amount: displayValue(formatMinor(p.amount, currency)),
        refundId: str(p.refundId),
        status: PART_STATUS_LABELS[str(p.status)] ?? displayValue(p.status),
        failureReason: str(p.failureReason),
        reference: str(p.reference),
      })),
      payable: status === 'approved' && refundAmount > 0 && (!refund || payoutState === 'failed'),
    });
  }
  return rows;
}

/** The refunds due: approved cancellations with a refund above 0, in the list's order. */
export function refundsDue(rows: readonly CancellationRow[]): CancellationRow[] {
  return rows.filter((r) => r.status === 'approved' && r.refundAmount > 0);
}

/** A payment needing attention as the accounts page shows it: the dashboard's row plus its refund, once made. */
export interface AccountsAttentionRow extends AttentionRow {
  /** The raw payment id ('' when absent): what the refund call sends. */
  rawPaymentId: string;
  /**
   * The refund, once asked for: its Razorpay id ('' when Razorpay refused it or has not answered
   * yet), state ('pending', 'processed', 'failed', 'paid-outside'), why it failed (Razorpay's
   * words), the reference of a payment outside Razorpay, and whether Razorpay had refunded it
   * itself (its refusal of the site's refund found that refund).
   */
  refund: { id: string; status: string; reason: string; reference: string; byRazorpay: boolean } | null;
  /**
   * "Refund in full" applies: nothing refunded yet, the last refund failed, or one was asked for
   * and Razorpay never answered (asked again with the same key, it refunds once). Not for an
   * applied payment.
   */
  refundable: boolean;
  /**
   * "Paid outside Razorpay" applies: no Razorpay refund was made, or the last one failed (never
   * while one is pending: it could pay twice). Not for an applied payment.
   */
  payableOutside: boolean;
}

/**
 * The rows of GET /api/payments/attention for the accounts page (toAttentionRows, plus each
 * record's `refund` as POST /api/admin/attention/refund stores it, and what may be done next).
 * Null when `data` is not a list.
 */
export function toAccountsAttentionRows(data: unknown): AccountsAttentionRow[] | null {
  const rows = toAttentionRows(data);
  if (!rows || !Array.isArray(data)) return null;
  const records = data.filter(isRecord);
  return rows.map((row, i) => {
    const record = records[i] ?? {};
    const r = isRecord(record.refund) ? record.refund : null;
    const status = r ? str(r.status) || 'pending' : '';
    const refund = r ? { id: str(r.id), status, reason: str(r.reason), reference: str(r.reference), byRazorpay: r.byRazorpay === true } : null;
    const open = !row.applied && (!refund || refund.status === 'failed');
    return { ...row, rawPaymentId: str(record.paymentId), refund, refundable: open || (!row.applied && refund?.status === 'pending' && !refund.id), payableOutside: open };
  });
}
