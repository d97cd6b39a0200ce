/**
 * /admin/papers: the accepted papers and the IEEE
 * author rule.
 *  - Import: CMT (.xlsx or .csv), EasyChair (submission.csv + author.csv) or any CSV with a header
 *    mapping; "Preview" shows the counts and the refused rows before "Import" stores anything.
 *  - Every paper with title, track, authors, the registrations naming it (number, tier, paid date,
 *    status, "not a listed author") and its coverage; filters by coverage and track; the CSV
 *    export and the IEEE Xplore report.
 *  - The chair marks a paper presented / no-show / excused by hand; a no-show needs a reason.
 *  - "E-mail the authors of papers without a full registration" (uncovered or student-only): a
 *    preview (message, recipient count), a send that a second press does not repeat, and the log.
 *  - The table fits a laptop's width: long cells wrap, the mark's controls stack in their cell
 *    (admin.css, .papers-table); on a phone it scrolls sideways inside its region.
 *  - Special sessions: papers per session, the complimentary registrations earned and their
 *    coupons, generated once.
 * Every result is announced (role=status, errors role=alert); buttons are disabled while a call runs.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { failureMessage, type ApiResult } from '../../lib/api';
import { adminApiPaths, adminDownload, adminGet, adminPost, adminPostForm, saveBlob } from '../../lib/admin-api';
import { formatDateTime } from '../../shared/csv';
import { NO_SHOW_REASON_REQUIRED, type PaperCoverage, type PaperImportResult, type PapersResponse, type PaperView, type PresentedMark } from '../../shared/papers';
import { AdminTitleBar } from './AdminTitleBar';
import { QueueMessages } from './admin-queue';
import { tierLabel } from './registration-view';
import { TextOptions } from '../../components/TextOptions';

const SERVER_ERROR = 'Server error. Try again later.';
type Format = 'cmt' | 'easychair' | 'csv';
type Message = { kind: 'success' | 'error'; text: string } | null;

interface MailPreview {
  batchId: string;
  papers: number;
  recipients: number;
  sample: { subject: string; text: string } | null;
  log: { at: string; batchId: string; papers: number; recipients: number; sent: number; failed: { paperId: string; reason: string }[] }[];
}

const COVERAGE_LABELS: Record<PaperCoverage, string> = { covered: 'Covered', 'student-only': 'Student only', uncovered: 'Uncovered', withdrawn: 'Withdrawn' };
const DEFAULT_MAPPING = JSON.stringify({ paperId: 'Paper ID', title: 'Title', authorNames: 'Authors', authorEmails: 'Emails', track: 'Track', status: 'Status' }, null, 1);

/** The import form's files and mapping as the multipart body the import function reads. */
function importForm(format: Format, files: Record<string, File | undefined>, mapping: string): FormData | string {
  const form = new FormData();
  const need = format === 'easychair' ? ['submissions', 'authors'] : ['file'];
  for (const field of need) {
    const file = files[field];
    if (!file) return `Choose the ${field === 'file' ? '' : `${field} `}file first.`;
    form.append(field, file, file.name);
  }
  if (format === 'csv') form.append('mapping', mapping);
  return form;
}

type Loaded = PapersResponse | 'failed' | 'unauthorized';

/** GET /api/admin/papers; a 401 has ended the session (the guard redirects). */
async function fetchPapers(signal?: AbortSignal): Promise<Loaded> {
  const result = await adminGet<PapersResponse>(adminApiPaths.papers, { signal });
  if (result.ok && result.data && Array.isArray(result.data.papers)) return result.data;
  return result.status === 401 ? 'unauthorized' : 'failed';
}

/** The papers page. */
export default function PapersPage() {
  const ids = useId();
  const [data, setData] = useState<PapersResponse | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [format, setFormat] = useState<Format>('cmt');
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [mapping, setMapping] = useState(DEFAULT_MAPPING);
  const [preview, setPreview] = useState<PaperImportResult | null>(null);
  const [coverage, setCoverage] = useState<'' | PaperCoverage>('');
  const [track, setTrack] = useState('');
  const [mail, setMail] = useState<MailPreview | null>(null);

  const apply = (r: Loaded) => {
    if (r === 'unauthorized') return;
    setLoadFailed(r === 'failed');
    if (r !== 'failed') setData(r);
  };
  const load = async () => apply(await fetchPapers());
  useEffect(() => {
    const controller = new AbortController();
    void fetchPapers(controller.signal).then((r) => !controller.signal.aborted && apply(r));
    return () => controller.abort();
  }, []);

  /** Runs one call with the page busy and announces its outcome. */
  const act = async <T,>(key: string, call: () => Promise<ApiResult<T>>, done: (data: T) => string | void): Promise<void> => {
    if (busy) return;
    setBusy(key);
    setMessage(null);
    const result = await call();
    setBusy(null);
    if (result.ok) {
      const text = done(result.data);
      if (text) setMessage({ kind: 'success', text });
    } else if (result.status !== 401) setMessage({ kind: 'error', text: failureMessage(result, SERVER_ERROR) });
  };

  const runImport = (dryRun: boolean) => {
    const form = importForm(format, files, mapping);
    if (typeof form === 'string') return setMessage({ kind: 'error', text: form });
    void act(dryRun ? 'preview' : 'import', () => adminPostForm<PaperImportResult>(`${adminApiPaths.papersImport}?format=${format}${dryRun ? '&dryRun=1' : ''}`, form), (r) => {
      setPreview(r);
      if (dryRun) return `Preview: ${r.imported} new, ${r.updated} updated, ${r.withdrawn} withdrawn, ${r.refused.length} refused. Nothing is stored yet.`;
      setPreview(null);
      void load();
      return `Imported: ${r.imported} new, ${r.updated} updated, ${r.withdrawn} withdrawn, ${r.refused.length} refused.`;
    });
  };

  const download = (path: string, name: string) =>
    void (async () => {
      const r = await adminDownload(path, name);
      if (r.ok) saveBlob(r.blob, r.filename);
      else if (r.status !== 401) setMessage({ kind: 'error', text: r.message });
    })();

  const tracks = useMemo(() => [...new Set((data?.papers ?? []).map((p) => p.track).filter(Boolean))].sort(), [data]);
  const shown = (data?.papers ?? []).filter((p) => (!coverage || p.status === coverage) && (!track || p.track === track));

  return (
    <div className="admin-page papers-page">
      <AdminTitleBar title="Papers" documentTitle="Papers" backToDashboard />
      <QueueMessages message={message} results />

      <section className="card" aria-labelledby={`${ids}-import`}>
        <h2 id={`${ids}-import`}>Import accepted papers</h2>
        <div className="admin-field">
          <label htmlFor={`${ids}-format`}>Export from</label>
          <select id={`${ids}-format`} value={format} onChange={(e) => { setFormat(e.target.value as Format); setPreview(null); }}>
            <option value="cmt">Microsoft CMT (Excel or CSV)</option>
            <option value="easychair">EasyChair (submission.csv and author.csv)</option>
            <option value="csv">Other CSV (with a header mapping)</option>
          </select>
        </div>
        {(format === 'easychair' ? [['submissions', 'submission.csv'], ['authors', 'author.csv']] : [['file', format === 'cmt' ? 'CMT export (.xlsx or .csv)' : 'CSV file']]).map(([field, label]) => (
          <div className="admin-field" key={`${format}-${field}`}>
            <label htmlFor={`${ids}-${field}`}>{label}</label>
            <input id={`${ids}-${field}`} type="file" accept=".csv,.xlsx,text/csv" onChange={(e) => { setFiles((f) => ({ ...f, [field!]: e.target.files?.[0] })); setPreview(null); }} />
          </div>
        ))}
        {format === 'csv' && (
          <div className="admin-field">
            <label htmlFor={`${ids}-mapping`}>Header mapping (JSON: paperId, title, authorNames, authorEmails, track, status, specialSession, organiser)</label>
            <textarea id={`${ids}-mapping`} rows={4} value={mapping} onChange={(e) => setMapping(e.target.value)} />
          </div>
        )}
        <div className="button-row">
          <button type="button" className="button button--secondary" disabled={!!busy} onClick={() => runImport(true)}>
            Preview
          </button>
          <button type="button" className="button" disabled={!!busy || !preview} onClick={() => runImport(false)}>
            Import
          </button>
        </div>
        {preview && (
          <div className="papers-preview">
            <p>
              {preview.imported} new, {preview.updated} updated, {preview.withdrawn} to be withdrawn, {preview.notAccepted} not accepted (skipped), {preview.refused.length} refused.
            </p>
            {preview.refused.length > 0 && (
              <ul aria-label="Refused rows">
                {preview.refused.map((r, i) => (
                  <li key={i}>
                    Row {r.row}: {r.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>

      <section className="card" aria-labelledby={`${ids}-papers`}>
        <h2 id={`${ids}-papers`}>Accepted papers</h2>
        <div className="admin-table__filters">
          <label>
            Coverage{' '}
            <select value={coverage} onChange={(e) => setCoverage(e.target.value as '' | PaperCoverage)}>
              <option value="">All</option>
              {Object.entries(COVERAGE_LABELS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            Track{' '}
            <select value={track} onChange={(e) => setTrack(e.target.value)}>
              <TextOptions empty="All" options={tracks} />
            </select>
          </label>{' '}
          <button type="button" className="button button--secondary" onClick={() => download(adminApiPaths.papersExport, 'papers.csv')}>
            Download CSV
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => download(adminApiPaths.papersXplore, 'xplore.csv')}>
            IEEE Xplore report
          </button>
        </div>
        {loadFailed && <p role="alert">The papers could not be loaded. {SERVER_ERROR}</p>}
        {data && data.papers.length === 0 && <p>No papers imported yet: the Paper ID is free text on the registration form until the first import.</p>}
        {shown.length > 0 && (
          <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Table of accepted papers">
            <table className="admin-table papers-table">
              <thead>
                <tr>
                  <th scope="col">Paper ID</th>
                  <th scope="col">Title</th>
                  <th scope="col">Track</th>
                  <th scope="col">Authors</th>
                  <th scope="col">Registrations</th>
                  <th scope="col">Coverage</th>
                  <th scope="col">Presented</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => (
                  <PaperRow key={p.paperId} paper={p} busy={busy} act={act} reload={() => void load()} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="admin-muted">{data ? `${shown.length} of ${data.papers.length} papers shown.` : 'Loading...'}</p>
      </section>

      <section className="card" aria-labelledby={`${ids}-mail`}>
        <h2 id={`${ids}-mail`}>E-mail the authors of papers without a full registration</h2>
        <p className="admin-muted">Uncovered papers and papers named only by student registrations: the message gives the registration page and its deadline.</p>
        <div className="button-row">
          <button type="button" className="button button--secondary" disabled={!!busy} onClick={() => void act('mail-preview', () => adminGet<MailPreview>(adminApiPaths.papersMail), (m) => void setMail(m))}>
            Preview the e-mail
          </button>
          <button
            type="button"
            className="button"
            disabled={!!busy || !mail?.sample}
            onClick={() =>
              void act('mail-send', () => adminPost<{ alreadySent: boolean; entry: MailPreview['log'][number] | null }>(adminApiPaths.papersMail, { batchId: mail?.batchId }), (r) => {
                void adminGet<MailPreview>(adminApiPaths.papersMail).then((m) => m.ok && setMail(m.data));
                return r.alreadySent ? 'These e-mails were already sent: nothing was sent again.' : `Sent ${r.entry?.sent ?? 0} e-mails${r.entry?.failed.length ? `; ${r.entry.failed.length} failed` : ''}.`;
              })
            }
          >
            Send to {mail ? `${mail.recipients} recipients` : 'the authors'}
          </button>
        </div>
        {mail && (
          <div className="papers-mail">
            <p>
              {mail.papers} papers without a full registration, {mail.recipients} recipients.
            </p>
            {mail.sample && (
              <pre className="papers-mail__sample" aria-label="Message preview">
                {`Subject: ${mail.sample.subject}\n\n${mail.sample.text}`}
              </pre>
            )}
            <h3>Sent</h3>
            {mail.log.length === 0 ? (
              <p>Nothing sent yet.</p>
            ) : (
              <ul aria-label="Send log">
                {mail.log.map((e) => (
                  <li key={e.batchId + e.at}>
                    {formatDateTime(e.at)} IST: {e.sent} of {e.papers} papers' e-mails sent to {e.recipients} recipients
                    {e.failed.length ? `; failed: ${e.failed.map((f) => `${f.paperId} (${f.reason})`).join(', ')}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>

      <section className="card" aria-labelledby={`${ids}-sessions`}>
        <h2 id={`${ids}-sessions`}>Special sessions</h2>
        <p className="admin-muted">One complimentary full registration per 8 non-organiser papers, as single-use 100 % coupons for the session organiser.</p>
        {!data?.specialSessions.length ? (
          <p>No special session among the accepted papers.</p>
        ) : (
          <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Table of special sessions">
            <table className="admin-table papers-table">
              <thead>
                <tr>
                  <th scope="col">Session</th>
                  <th scope="col">Papers (organiser)</th>
                  <th scope="col">Complimentary</th>
                  <th scope="col">Coupons</th>
                </tr>
              </thead>
              <tbody>
                {data.specialSessions.map((s) => (
                  <tr key={s.session}>
                    <td>
                      {s.session}
                      <br />
                      <span className="admin-muted">{s.organisers.map((o) => `${o.name} <${o.email}>`).join(', ')}</span>
                    </td>
                    <td>
                      {s.papers} ({s.organiserPapers})
                    </td>
                    <td>{s.complimentary}</td>
                    <td>
                      {s.coupons ? (
                        <span data-testid="session-coupons">{s.coupons.join(', ')}</span>
                      ) : (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={!!busy || s.complimentary < 1}
                          onClick={() => void act(`coupons:${s.session}`, () => adminPost<{ coupons: string[] }>(adminApiPaths.papersSessionCoupons, { session: s.session }), (r) => { void load(); return `Generated ${r.coupons.length} coupon(s) for ${s.session}.`; })}
                        >
                          Generate {s.complimentary} coupon{s.complimentary === 1 ? '' : 's'}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

type Act = <T>(key: string, call: () => Promise<ApiResult<T>>, done: (data: T) => string | void) => Promise<void>;

/** One paper's row, with the chair's presented / no-show / excused mark and its reason (needed for a no-show only). */
function PaperRow({ paper: p, busy, act, reload }: { paper: PaperView; busy: string | null; act: Act; reload: () => void }) {
  const [mark, setMark] = useState<PresentedMark | ''>(p.presented ?? '');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const id = useId();
  const save = () => {
    // The shared rule (papers-schema.ts): only a no-show needs a reason. Said beside the field; the server refuses alike.
    if (mark === 'no-show' && !reason.trim()) return setReasonError(NO_SHOW_REASON_REQUIRED);
    setReasonError('');
    void act(`mark:${p.paperId}`, () => adminPost(adminApiPaths.papersMark, { paperId: p.paperId, mark: mark || null, reason }), () => {
      reload();
      return `Paper ${p.paperId}: ${mark || 'mark cleared'}.`;
    });
  };
  return (
    <tr data-paper={p.paperId}>
      <th scope="row">{p.paperId}</th>
      <td className="papers-table__title">{p.title}</td>
      <td>{p.track}</td>
      <td className="papers-table__authors">
        {p.authors.map((a) => (
          <div key={a.email}>
            {a.name} &lt;{a.email}&gt;
          </div>
        ))}
      </td>
      <td className="papers-table__registrations">
        {p.registrations.length === 0
          ? '–'
          : p.registrations.map((r) => (
              <div key={r.registrationNumber}>
                {r.registrationNumber} · {tierLabel(r.registrationTier)} · {formatDateTime(r.paidAt)} · {r.status}
                {r.notListedAuthor && <strong className="papers-flag"> · not a listed author</strong>}
              </div>
            ))}
      </td>
      <td className={`papers-coverage papers-coverage--${p.status}`}>{COVERAGE_LABELS[p.status]}</td>
      <td className="papers-table__mark">
        <div>{p.presented ? `${p.presented}${p.presentedRecord ? ` (${p.presentedRecord.by}, ${formatDateTime(p.presentedRecord.at)})` : ''}` : 'not marked'}</div>
        <div className="papers-mark">
          <label htmlFor={`${id}-mark`} className="visually-hidden">
            Mark for paper {p.paperId}
          </label>
          <select id={`${id}-mark`} value={mark} onChange={(e) => { setMark(e.target.value as PresentedMark | ''); setReasonError(''); }}>
            <option value="">–</option>
            <option value="presented">presented</option>
            <option value="no-show">no-show</option>
            <option value="excused">excused</option>
          </select>
          <input
            aria-label={`Reason for paper ${p.paperId}`}
            placeholder={mark === 'no-show' ? 'Reason (needed for a no-show)' : 'Reason (optional)'}
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            onChange={(e) => { setReason(e.target.value); setReasonError(''); }}
          />
          <div role="alert" id={`${id}-reason-error`}>
            {reasonError && <p className="papers-mark__error">{reasonError}</p>}
          </div>
          <button type="button" className="button button--secondary" disabled={!!busy} onClick={save}>
            Save mark
          </button>
        </div>
      </td>
    </tr>
  );
}
