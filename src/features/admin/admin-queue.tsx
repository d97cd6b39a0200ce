/**
 * What the admin queues share ("Proofs to verify", the visa letters): the list loaded once with
 * the admin token and dropped when the page is left, the page's result message, and the
 * Approve / Reject pair of a row. The decision itself (and the reason a rejection needs) stays
 * with each page: the endpoints differ.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { adminGet } from '../../lib/admin-api';
import type { ListLoad } from './AdminList';

/** A queue's list: loading, failed (any non-2xx or a body of the wrong shape), or its rows (AdminList shows it). */
export type QueueLoad<T> = ListLoad<T>;

/** The page's last result, announced as status (success) or alert (error). */
export type QueueMessage = { kind: 'success' | 'error'; text: string } | null;

/** A queue page's state: its list, last message, running action (`approve:<id>` / `reject:<id>`), and typed reasons by row id. */
export interface AdminQueue<T> {
  load: QueueLoad<T>;
  setLoad: Dispatch<SetStateAction<QueueLoad<T>>>;
  message: QueueMessage;
  setMessage: Dispatch<SetStateAction<QueueMessage>>;
  busy: string | null;
  setBusy: Dispatch<SetStateAction<string | null>>;
  reasons: Record<string, string>;
  setReasons: Dispatch<SetStateAction<Record<string, string>>>;
}

/**
 * GETs `path` once with the admin token and keeps the items when `isItems` accepts the body
 * (`isItems` must be a stable function: a module-level one). Returns the page's queue state.
 */
export function useAdminQueue<T>(path: string, isItems: (data: unknown) => data is T[]): AdminQueue<T> {
  const [load, setLoad] = useState<QueueLoad<T>>({ status: 'loading' });
  const [message, setMessage] = useState<QueueMessage>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  useEffect(() => {
    const controller = new AbortController();
    void adminGet<unknown>(path, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoad(result.ok && isItems(result.data) ? { status: 'loaded', rows: result.data } : { status: 'failed' });
    });
    return () => controller.abort();
  }, [path, isItems]);
  return { load, setLoad, message, setMessage, busy, setBusy, reasons, setReasons };
}

/**
 * The Approve and Reject buttons of the row `id` (a registration number or a letter reference).
 * `busy` is the page's running action, `approve:<id>` or `reject:<id>`; every button waits while
 * any action runs.
 */
export function DecisionButtons({ id, busy, onDecide }: { id: string; busy: string | null; onDecide: (decision: 'approve' | 'reject') => void }) {
  return (
    <>
      <DecisionButton decision="approve" id={id} busy={busy} label="Approve" running="Approving..." ariaLabel={`Approve ${id}`} onClick={() => onDecide('approve')} />{' '}
      <DecisionButton decision="reject" id={id} busy={busy} label="Reject" running="Rejecting..." ariaLabel={`Reject ${id}`} onClick={() => onDecide('reject')} />
    </>
  );
}

/**
 * One decision's button in the row `id`: `running` while the page's running action `busy` is
 * `<decision>:<id>`, disabled while any action runs; a refusing decision (anything but 'approve')
 * in the danger colour.
 */
export function DecisionButton({
  decision,
  id,
  busy,
  label,
  running,
  ariaLabel,
  onClick,
}: {
  decision: string;
  id: string;
  busy: string | null;
  label: string;
  running: string;
  ariaLabel: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className={decision === 'approve' ? 'button admin-table__action' : 'button button--danger admin-table__action'} onClick={onClick} disabled={busy !== null} aria-label={ariaLabel}>
      {busy === `${decision}:${id}` ? running : label}
    </button>
  );
}

/**
 * The page's last result: a success announced as status, an error as alert (both regions stay in
 * the page). `results` gives the papers and programme pages' look (a plain notice for a success,
 * under .verify-results).
 */
export function QueueMessages({ message, results = false }: { message: QueueMessage; results?: boolean }) {
  return (
    <div className={results ? 'verify-results' : 'admin-messages'}>
      <div role="status">{message?.kind === 'success' && <p className={results ? 'notice' : 'notice notice--success'}>{message.text}</p>}</div>
      <div role="alert">{message?.kind === 'error' && <p className="notice notice--error">{message.text}</p>}</div>
    </div>
  );
}
