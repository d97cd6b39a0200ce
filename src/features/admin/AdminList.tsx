/**
 * The one list panel of the admin area: what an organiser sees while a list loads, when its load
 * failed, when it is empty, and the table itself. Used by every admin list (cancellation requests,
 * refunds due, payments needing attention on the accounts page and on the dashboard, proofs to
 * verify, visa letter requests, desk devices, organiser accounts) so the four states read and behave the same everywhere: the loading line is
 * announced (role=status); a failed load never reads as an empty list ("None" only for a list that
 * loaded with no rows); the table sits in a focusable, labelled region so a keyboard can scroll it.
 */
import type { ReactNode } from 'react';

/** A list being loaded: rows only once loaded; 'failed' after any refused or unreachable load. */
export type ListLoad<T> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; rows: readonly T[] };

export interface AdminListProps<T> {
  load: ListLoad<T>;
  /** The loading line, e.g. 'Loading the devices...'. */
  loading: string;
  /** False where another list's loading line already announces the same load (refunds due come with the cancellations). */
  announce?: boolean;
  /** The line of a failed load, e.g. 'Could not load the devices.' ('–' on the dashboard). */
  failed: string;
  /** The line of a list that loaded empty; 'None' unless the page says more. */
  empty?: string;
  /** The accessible name of the table's scrolling region. */
  label: string;
  /** Extra classes of the region (the table's width rules of a page). */
  wrapClassName?: string;
  /** The column headings, left to right. */
  columns: readonly string[];
  /** A stable key of a row (registration number, id). */
  rowKey: (row: T) => string;
  /** The row's cells (<td> elements), in the order of `columns`. */
  cells: (row: T) => ReactNode;
  /** Extra attributes of a row's <tr> (e.g. data-registration, which the tests find rows by). */
  rowProps?: (row: T) => Record<`data-${string}`, string>;
  /** What stands above a non-empty table (a summary line), given the rows. */
  above?: (rows: readonly T[]) => ReactNode;
}

/** The list's current state: the loading line, the failure line, the empty line or the table. */
export function AdminList<T>({ load, loading, announce = true, failed, empty = 'None', label, wrapClassName, columns, rowKey, rowProps, cells, above }: AdminListProps<T>) {
  if (load.status === 'loading') {
    return (
      <p role={announce ? 'status' : undefined} className="admin-muted">
        {loading}
      </p>
    );
  }
  if (load.status === 'failed') return <p className="admin-muted">{failed}</p>;
  if (load.rows.length === 0) return <p>{empty}</p>;
  return (
    <>
      {above?.(load.rows)}
      <div className={wrapClassName ? `admin-table-wrap ${wrapClassName}` : 'admin-table-wrap'} role="region" aria-label={label} tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {load.rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {cells(row)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
