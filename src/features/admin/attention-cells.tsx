/**
 * The cells both lists of payments needing attention show first (the dashboard's panel and the
 * accounts page): registration, kind, amount, reason, when and payment, from attention-view.ts's
 * rows. Each list adds its own last column (the order id; the refund and its actions).
 */
import type { AttentionRow } from './attention-view';

/** The headings of the shared cells, in their order. */
export const ATTENTION_COLUMNS = ['Registration Number', 'Kind', 'Amount', 'Reason', 'When', 'Payment ID'] as const;

/** The shared cells of `row`, in the order of ATTENTION_COLUMNS. */
export function AttentionCells({ row }: { row: AttentionRow }) {
  return (
    <>
      <td>{row.registrationNumber}</td>
      <td>{row.kind}</td>
      <td>{row.amount}</td>
      <td className="admin-attention__reason">{row.reason}</td>
      <td>{row.whenIso ? <time dateTime={row.whenIso}>{row.when}</time> : row.when}</td>
      <td>{row.paymentId}</td>
    </>
  );
}
