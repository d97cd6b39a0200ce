/**
 * /admin/registrations (docs/rules.md#the-admin-area): every registration in a
 * scrollable table (at most 70% of the screen tall) with a search box across all fields,
 * per-column filters behind a 'Filters' toggle, 'No results found.' when nothing matches,
 * a 'Download CSV' button that saves exactly what GET /api/registrations/export returns, and a
 * 'Resend ticket' button per row (none for a cancelled registration). A 'Changes' column (table only, not in the CSV) counts a
 * registration's changes after payment; its button opens a detail row listing them. A 'Status' column (cancelled rows stay in the table), per-row downloads of each
 * tax document (invoices and the credit note, GET /api/admin/invoices?number=…) and a
 * "Download invoices of a day" control (?day=…, one merged PDF). A failed load is only logged
 * (docs/rules.md#messages).
 */
import { Fragment, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { failureMessage } from '../../lib/api';
import { adminApiPaths, adminDownload, adminGet, adminPost, invoicePath, invoicesOfDayPath, saveBlob } from '../../lib/admin-api';
import { AdminTitleBar } from './AdminTitleBar';
import { QueueMessages } from './admin-queue';
import { conferenceToday, dayFallbackName, documentFallbackName, registrationDocuments, type DocumentLink } from './accounts-view';
import { changeCount, changesColumn, changesOf, EMPTY, filterRows, isCancelled, tableColumns, toRows, type AdminRegistration, type ChangeView } from './registration-view';
import { can, useAdminIdentity } from './access';

const columns = tableColumns;
const changesIndex = columns.indexOf(changesColumn);

/** The expanded detail of a registration's changes: one list item per change, oldest first. */
function ChangeList({ changes, regNo }: { changes: readonly ChangeView[]; regNo: string }) {
  return (
    <ol className="change-list" aria-label={`Changes to ${regNo}`}>
      {changes.map((c, i) => (
        <li key={`${c.atIso}-${i}`}>
          <strong>{c.label}</strong>
          {c.at && (
            <>
              {' '}
              <time dateTime={c.atIso}>{c.at}</time>
            </>
          )}
          {(c.from || c.to) && (
            <>
              : {c.from || EMPTY} → {c.to || EMPTY}
            </>
          )}
          {c.amount && <>, {c.amount}</>}
          {(c.orderId || c.paymentId) && (
            <span className="change-list__ids">
              {' '}
              (order {c.orderId || EMPTY}, payment {c.paymentId || EMPTY})
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

type Message = { kind: 'success' | 'error'; text: string } | null;

/** The export's name when the response carries no Content-Disposition: registrations_{YYYY-MM-DD}.csv (local date). */
export function defaultCsvName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `registrations_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** The registrations table page. */
export default function RegistrationsPage() {
  // Tax documents are finance's (decision 044): shown to the roles that may download them.
  const invoices = can(useAdminIdentity(), 'admin-invoices');
  const ids = useId();
  const [records, setRecords] = useState<AdminRegistration[]>([]);
  const [loading, setLoading] = useState(true);
  const [search, setSearch] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filters, setFilters] = useState<Record<number, string>>({});
  const [downloading, setDownloading] = useState(false);
  const [resending, setResending] = useState<string | null>(null);
  /** The document being fetched (its number, or 'day'), or null. */
  const [fetchingDoc, setFetchingDoc] = useState<string | null>(null);
  const [day, setDay] = useState(() => conferenceToday());
  const [message, setMessage] = useState<Message>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    const controller = new AbortController();
    void adminGet<unknown>(adminApiPaths.registrations, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok && Array.isArray(result.data)) setRecords(result.data as AdminRegistration[]);
      // docs/rules.md#messages: table load failures are only logged.
      // A 401 has ended the session (the guard redirects): nothing to log.
      else if (result.status !== 401) console.error('Failed to load the registrations', result);
      setLoading(false);
    });
    return () => controller.abort();
  }, []);

  const rows = useMemo(() => toRows(records, columns), [records]);
  const deferredSearch = useDeferredValue(search);
  const deferredFilters = useDeferredValue(filters);
  const visible = useMemo(() => filterRows(rows, deferredSearch, deferredFilters), [rows, deferredSearch, deferredFilters]);
  const activeFilters = Object.values(filters).filter((v) => v.trim()).length;

  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    setMessage(null);
    const result = await adminDownload(adminApiPaths.exportCsv, defaultCsvName());
    setDownloading(false);
    if (result.ok) saveBlob(result.blob, result.filename);
    else if (result.status !== 401) setMessage({ kind: 'error', text: `Download failed: ${result.message}` });
  };

  /** Fetches a PDF with the token and saves it; the server's refusal (e.g. nothing dated that day) is shown. */
  const downloadPdf = async (key: string, path: string, fallback: string, what: string) => {
    if (fetchingDoc) return;
    setFetchingDoc(key);
    setMessage(null);
    const result = await adminDownload(path, fallback);
    setFetchingDoc(null);
    if (result.ok) {
      saveBlob(result.blob, result.filename);
      setMessage({ kind: 'success', text: `Downloaded ${what}.` });
    } else if (result.status !== 401) setMessage({ kind: 'error', text: `Download of ${what} failed: ${result.message}` });
  };
  const downloadDocument = (doc: DocumentLink) =>
    void downloadPdf(doc.number, invoicePath(doc.number), documentFallbackName(doc.number, doc.kind), `${doc.kind === 'credit-note' ? 'credit note' : 'invoice'} ${doc.number}`);
  const downloadDay = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setMessage({ kind: 'error', text: 'Choose a day to download its invoices.' });
      return;
    }
    void downloadPdf('day', invoicesOfDayPath(day), dayFallbackName(day), `the invoices and credit notes of ${day}`);
  };

  const resend = async (r: AdminRegistration) => {
    const regNo = r.registrationNumber;
    if (!regNo || resending) return;
    if (!window.confirm(`Resend the ticket e-mail for ${regNo} to ${r.email ?? 'the registered address'}?`)) return;
    setResending(regNo);
    setMessage(null);
    const result = await adminPost<{ sent?: boolean }>(adminApiPaths.resendTicket, { registrationNumber: regNo });
    setResending(null);
    if (result.ok && result.data?.sent) setMessage({ kind: 'success', text: `Ticket for ${regNo} re-sent to ${r.email ?? 'the registered address'}.` });
    else if (!result.ok && result.status === 401) return;
    else setMessage({ kind: 'error', text: `Could not resend the ticket for ${regNo}: ${result.ok ? 'the server did not confirm it.' : failureMessage(result, 'Server error. Try again later.')}` });
  };

  const setFilter = (index: number, value: string) => setFilters((f) => ({ ...f, [index]: value }));
  const toggle = (key: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <div className="admin-page">
      <AdminTitleBar title="Registration Data" documentTitle="Registration Data" backToDashboard />

      <div className="admin-toolbar">
        <div className="admin-field admin-toolbar__search">
          <label htmlFor={`${ids}-search`}>Search</label>
          <input id={`${ids}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        </div>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={filtersOpen}
          aria-controls={`${ids}-filters`}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          Filters{activeFilters ? ` (${activeFilters})` : ''}
        </button>
        {activeFilters > 0 && (
          <button type="button" className="button button--secondary" onClick={() => setFilters({})}>
            Clear filters
          </button>
        )}
        <button type="button" className="button" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
          Download CSV
        </button>
        {invoices && (
          <>
            <div className="admin-field admin-toolbar__day">
              <label htmlFor={`${ids}-day`}>Invoice day</label>
              <input id={`${ids}-day`} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
            </div>
            <button type="button" className="button button--secondary" onClick={downloadDay} disabled={fetchingDoc !== null} aria-busy={fetchingDoc === 'day' || undefined}>
              Download invoices of a day
            </button>
          </>
        )}
      </div>

      <QueueMessages message={message} />

      {loading ? (
        <div role="status" className="admin-spinner">
          <span className="admin-spinner__wheel" aria-hidden="true" />
          Loading registrations...
        </div>
      ) : (
        <>
          <p className="admin-muted" aria-live="polite">
            Showing {visible.length} of {rows.length} registrations
          </p>
          <div className="admin-table-wrap" role="region" aria-label="Registrations" tabIndex={0}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Actions</th>
                  {columns.map((c) => (
                    <th scope="col" key={c.key}>
                      {c.label}
                    </th>
                  ))}
                </tr>
                {filtersOpen && (
                  <tr className="admin-table__filters" id={`${ids}-filters`}>
                    <td />
                    {columns.map((c, i) => (
                      <td key={c.key}>
                        <input
                          type="search"
                          aria-label={`Filter ${c.label}`}
                          placeholder="Filter"
                          value={filters[i] ?? ''}
                          onChange={(e) => setFilter(i, e.target.value)}
                          autoComplete="off"
                        />
                      </td>
                    ))}
                  </tr>
                )}
              </thead>
              <tbody>
                {visible.length === 0 ? (
                  <tr>
                    <td colSpan={columns.length + 1} className="admin-table__empty">
                      No results found.
                    </td>
                  </tr>
                ) : (
                  visible.map((row, i) => {
                    const regNo = row.record.registrationNumber;
                    const rowKey = regNo ?? row.record._id ?? String(i);
                    const changes = changesOf(row.record);
                    const open = changes.length > 0 && expanded.has(rowKey);
                    const detailId = `${ids}-changes-${i}`;
                    return (
                      <Fragment key={rowKey}>
                        <tr>
                          <td>
                            <div className="invoice-actions">
                              {/* A cancelled registration's ticket admits no one: nothing to resend. */}
                              {!isCancelled(row.record) && (
                                <button
                                  type="button"
                                  className="button button--secondary admin-table__action"
                                  onClick={() => void resend(row.record)}
                                  disabled={!regNo || resending !== null}
                                  aria-label={regNo ? `Resend ticket for ${regNo}` : 'Resend ticket'}
                                >
                                  {resending === regNo ? 'Sending...' : 'Resend ticket'}
                                </button>
                              )}
                              {(invoices ? registrationDocuments(row.record) : []).map((doc) => (
                                <button
                                  key={doc.number}
                                  type="button"
                                  className="button button--secondary admin-table__action"
                                  onClick={() => downloadDocument(doc)}
                                  disabled={fetchingDoc !== null}
                                  aria-label={`${doc.label} ${doc.number} of ${regNo ?? 'this registration'} (PDF)`}
                                >
                                  {fetchingDoc === doc.number ? 'Downloading...' : doc.label}
                                </button>
                              ))}
                            </div>
                          </td>
                          {row.cells.map((cell, j) =>
                            j === changesIndex && changes.length > 0 ? (
                              <td key={columns[j]!.key}>
                                <button
                                  type="button"
                                  className="admin-table__toggle"
                                  aria-expanded={open}
                                  // Only while open: the detail row exists only then.
                                  aria-controls={open ? detailId : undefined}
                                  aria-label={`${changeCount(changes.length)} for ${regNo ?? 'this registration'}`}
                                  onClick={() => toggle(rowKey)}
                                >
                                  <span aria-hidden="true" className="admin-table__toggle-icon">
                                    {open ? '▾' : '▸'}
                                  </span>
                                  {changeCount(changes.length)}
                                </button>
                              </td>
                            ) : (
                              <td key={columns[j]!.key}>{cell}</td>
                            ),
                          )}
                        </tr>
                        {open && (
                          <tr className="admin-table__detail" id={detailId}>
                            <td colSpan={columns.length + 1}>
                              <div className="admin-table__detail-inner">
                                <ChangeList changes={changes} regNo={regNo ?? 'this registration'} />
                              </div>
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
