/**
 * What the admin queues share ("Proofs to verify", the visa letters): the list loaded once with
 * the admin token and dropped when the page is left, the page's result message, and the
 * Approve / Reject pair of a row. The decision itself (and the reason a rejection needs) stays
 * with each page: the endpoints differ.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { adminGet } from '../../lib/admin-api';

/** A queue's list: loading, failed (any non-2xx or a body of the wrong shape), or its items. */
export type QueueLoad<T> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: T[] };

/** The page's last result, announced as status (success) or alert (error). */
export type QueueMessage = { kind: 'success' | 'error'; text: string } | null;

/**
 * GETs `path` once with the admin token and keeps the items when `isItems` accepts the body.
 * Returns the load state and its setter (the page updates a row after a decision).
 */
export function useAdminQueue<T>(path: string, isItems: (data: unknown) => data is T[]): [QueueLoad<T>, Dispatch<SetStateAction<QueueLoad<T>>>] {
  const [load, setLoad] = useState<QueueLoad<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void adminGet<unknown>(path, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoad(result.ok && isItems(result.data) ? { status: 'loaded', items: result.data } : { status: 'failed' });
    });
    return () => controller.abort();
  }, [path, isItems]);
  return [load, setLoad];
}

/**
 * The Approve and Reject buttons of the row `id` (a registration number or a letter reference).
 * `busy` is the page's running action, `approve:<id>` or `reject:<id>`; every button waits while
 * any action runs.
 */
export function DecisionButtons({ id, busy, onDecide }: { id: string; busy: string | null; onDecide: (decision: 'approve' | 'reject') => void }) {
  return (
    <>
      <button type="button" className="button admin-table__action" onClick={() => onDecide('approve')} disabled={busy !== null} aria-label={`Approve ${id}`}>
        {busy === `approve:${id}` ? 'Approving...' : 'Approve'}
      </button>{' '}
      <button type="button" className="button button--danger admin-table__action" onClick={() => onDecide('reject')} disabled={busy !== null} aria-label={`Reject ${id}`}>
        {busy === `reject:${id}` ? 'Rejecting...' : 'Reject'}
      </button>
    </>
  );
}
