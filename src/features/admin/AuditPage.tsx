/**
 * /admin/audit (owner; docs/security.md, "The audit record"; decision 044): who did what, when,
 * from which address, newest first (GET /api/admin/audit), filtered by who (an organiser, a desk
 * device, the shared password, registrants, the payment webhook...) and by action ('refund' takes
 * every refund action), a page at a time with "Show older entries"; "Download CSV" saves the
 * same selection (GET /api/admin/audit/export), which the server records too.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { failureMessage } from '../../lib/api';
import { adminApiPaths, adminDownload, adminGet, saveBlob } from '../../lib/admin-api';
import type { AuditAnswer, AuditRecordEntry, DeskDevice, TeamAccount } from '../../shared/admin-team';
import { AdminTitleBar } from './AdminTitleBar';
import { QueueMessages, type QueueMessage } from './admin-queue';
import { formatDateTime } from './registration-view';
import { TextOptions } from '../../components/TextOptions';

/** Who acts besides the organisers and devices: the ids the server writes for them. */
const OTHER_ACTORS: readonly (readonly [string, string])[] = [
  ['admin', "Organisers' shared password"],
  ['registrant', 'Registrants (self-service pages)'],
  ['delegate', 'Delegates (registration, visa letters)'],
  ['verify-payment', 'Payment confirmed by the browser'],
  ['coupon', 'Registration paid by a 100 % coupon'],
  ['webhook', 'Razorpay webhook'],
  ['reconcile', 'Reconciliation run'],
  ['mail', 'E-mail delivery'],
  ['system', 'Scheduled clean-up'],
  ['unknown', 'Sign-in with an unknown e-mail'],
];

const PAGE_SIZE = 100;

interface Filter {
  actor: string;
  action: string;
}

function query(filter: Filter, cursor?: string | null): string {
  const q = new URLSearchParams();
  if (filter.actor) q.set('actor', filter.actor);
  if (filter.action.trim()) q.set('action', filter.action.trim());
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

/** The details of an entry, short: "key: value" pairs, nested values as JSON. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details ?? {})
    .map(([k, v]) => `${k}: ${typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)}`)
    .join('; ');
}

/** The page. */
export default function AuditPage() {
  const ids = useId();
  const [actors, setActors] = useState<(readonly [string, string])[]>([...OTHER_ACTORS]);
  const [draft, setDraft] = useState<Filter>({ actor: '', action: '' });
  const [filter, setFilter] = useState<Filter>({ actor: '', action: '' });
  const [entries, setEntries] = useState<AuditRecordEntry[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [message, setMessage] = useState<QueueMessage>(null);

  // The organisers and devices, to pick from by name.
  useEffect(() => {
    const controller = new AbortController();
    void Promise.all([adminGet<{ accounts?: TeamAccount[] }>(adminApiPaths.team, { signal: controller.signal }), adminGet<{ devices?: DeskDevice[] }>(adminApiPaths.devices, { signal: controller.signal })]).then(([team, devices]) => {
      if (controller.signal.aborted) return;
      const people = team.ok ? (team.data.accounts ?? []).map((a) => [a.id, `${a.name} (${a.email})`] as const) : [];
      const desks = devices.ok ? (devices.data.devices ?? []).map((d) => [d.id, `Desk device: ${d.name}`] as const) : [];
      setActors([...people, ...desks, ...OTHER_ACTORS]);
    });
    return () => controller.abort();
  }, []);

  /** Loads the page after `cursor` (null: the newest) of `f`; the caller has set `loading`. */
  const fetchPage = useCallback(
    (f: Filter, cursor: string | null, signal?: AbortSignal) =>
      adminGet<AuditAnswer>(`${adminApiPaths.audit}?${query(f, cursor)}&limit=${PAGE_SIZE}`, { signal }).then((r) => {
        if (signal?.aborted) return;
        setLoading(false);
        if (!r.ok) {
          setMessage({ kind: 'error', text: failureMessage(r, 'Could not load the audit record.') });
          return;
        }
        setEntries((e) => (cursor ? [...e, ...r.data.entries] : r.data.entries));
        setNext(r.data.nextCursor);
        setTotal(r.data.total);
      }),
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchPage(filter, null, controller.signal);
    return () => controller.abort();
  }, [filter, fetchPage]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    setLoading(true);
    setFilter({ ...draft });
  };

  const download = async () => {
    const file = await adminDownload(`${adminApiPaths.auditExport}?${query(filter)}`, 'audit.csv');
    if (!file.ok) {
      setMessage({ kind: 'error', text: file.message });
      return;
    }
    saveBlob(file.blob, file.filename);
    setMessage({ kind: 'success', text: `Downloaded ${file.filename}.` });
  };

  const label = (e: AuditRecordEntry) => e.actorName ?? actors.find(([id]) => id === e.actor)?.[1] ?? e.actor;

  return (
    <div className="admin-page">
      <AdminTitleBar title="Audit record" documentTitle="Audit record" backToDashboard />

      <QueueMessages message={message} />

      <section aria-labelledby={`${ids}-filter`} className="admin-section card">
        <h2 id={`${ids}-filter`}>Filter</h2>
        <form onSubmit={apply} className="admin-form admin-form--inline">
          <div className="admin-field">
            <label htmlFor={`${ids}-actor`}>Who</label>
            <select id={`${ids}-actor`} value={draft.actor} onChange={(e) => setDraft((d) => ({ ...d, actor: e.target.value }))}>
              <TextOptions empty="Anyone" options={actors} />
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor={`${ids}-action`}>Action (e.g. refund, admin.login-failed)</label>
            <input id={`${ids}-action`} value={draft.action} onChange={(e) => setDraft((d) => ({ ...d, action: e.target.value.toLowerCase() }))} pattern="[a-z0-9.\-]*" maxLength={60} />
          </div>
          <button type="submit" className="button">
            Show
          </button>
          <button type="button" className="button button--secondary" onClick={() => void download()}>
            Download CSV
          </button>
        </form>
      </section>

      <section aria-labelledby={`${ids}-entries`} className="admin-section card">
        <h2 id={`${ids}-entries`}>Entries</h2>
        <p className="admin-muted" role="status">
          {loading ? 'Loading...' : `${entries.length} shown${total !== null ? ` of ${total} in the record` : ''}${next ? '; older ones below' : ''}.`}
        </p>
        {entries.length > 0 && (
          <div className="admin-table-wrap" role="region" aria-label="Audit entries" tabIndex={0}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">When (IST)</th>
                  <th scope="col">Who</th>
                  <th scope="col">Roles</th>
                  <th scope="col">Address</th>
                  <th scope="col">Action</th>
                  <th scope="col">What changed</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e, i) => (
                  <tr key={`${e.at}-${i}`}>
                    <td>
                      <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                    </td>
                    <td>{label(e)}</td>
                    <td>{(e.roles ?? []).join(', ')}</td>
                    <td>{e.address ?? ''}</td>
                    <td>
                      <code>{e.action}</code>
                    </td>
                    <td className="audit-details">{detailsText(e.details)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {!loading && entries.length === 0 && !next && <p>No entries match.</p>}
        {next && (
          <p>
            <button type="button" className="button button--secondary" disabled={loading} onClick={() => {
                setLoading(true);
                void fetchPage(filter, next);
              }}>
              Show older entries
            </button>
          </p>
        )}
      </section>
    </div>
  );
}
