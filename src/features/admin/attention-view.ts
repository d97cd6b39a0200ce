/**
 * How the dashboard's "Payments needing attention" panel shows the AttentionPayment records of
 * GET /api/payments/attention (src/shared/api.ts): payments taken but not applied to a
 * registration, which an organiser refunds or applies by hand, and payments applied with a coupon
 * past its limit (`applied`), which an organiser lets stand or cancels. Pure: no React, no I/O.
 */
import { changeKindLabel, displayValue, formatAmount, formatDateTime } from './registration-view';

/** One record as shown; every field is display text ('NA' when absent, as in the table). */
export interface AttentionRow {
  /** A stable React key: the payment id, else the position. */
  key: string;
  registrationNumber: string;
  /** 'Tier upgrade', 'IEEE status change', or the stored kind when unknown. */
  kind: string;
  /** With the currency symbol, e.g. '₹2,360.00' (the record's amount is in whole units). */
  amount: string;
  reason: string;
  /** In the conference's zone, e.g. '10 Nov 2025, 11:15 IST'. */
  when: string;
  /** The stored ISO instant, '' when absent (for <time dateTime>). */
  whenIso: string;
  paymentId: string;
  orderId: string;
  /** True when the payment was applied and is listed for a decision only (a coupon over its limit): nothing to refund here. */
  applied: boolean;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The panel's rows from the endpoint's JSON, in the order received (the server sends newest
 * first). Returns null when `data` is not a list (the caller treats it as a failed load);
 * entries that are not objects are dropped.
 */
export function toAttentionRows(data: unknown): AttentionRow[] | null {
  if (!Array.isArray(data)) return null;
  return data
    .filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x))
    .map((p, i) => {
      const whenIso = text(p.at);
      const kind = text(p.kind);
      return {
        key: text(p.paymentId) || `attention-${i}`,
        registrationNumber: displayValue(p.registrationNumber),
        kind: displayValue(kind ? changeKindLabel(kind) : ''),
        amount: displayValue(formatAmount(p.amount, p.currency)),
        reason: displayValue(p.reason),
        when: displayValue(formatDateTime(whenIso)),
        whenIso,
        paymentId: displayValue(p.paymentId),
        orderId: displayValue(p.orderId),
        applied: p.applied === true,
      };
    });
}
