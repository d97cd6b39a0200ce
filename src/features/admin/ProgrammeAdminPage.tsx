/**
 * /admin/programme (docs/operations.md, "The programme"; decision 037): the programme chair's page.
 *  - Import: the CSV (`session_id,title,kind,track,room,date,start,end,chair,paper_ids`); "Check"
 *    is the dry run (nothing stored, nobody e-mailed) and shows the timetable it would publish;
 *    "Publish" stores it and e-mails the authors it places or moves. A refusal lists every row
 *    with its reason.
 *  - The timetable as delegates will see it, drawn by the same code as the /program page
 *    (src/lib/timetable.ts), the warnings, the accepted papers in no session, and the author
 *    e-mails still waiting to be sent.
 * Every result is announced (role=status, errors role=alert); buttons are disabled while a call runs.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { conference } from '../../content/conference';
import { failureMessage, type ApiResult } from '../../lib/api';
import { adminApiPaths, adminGet, adminPostForm } from '../../lib/admin-api';
import { renderTimetable } from '../../lib/timetable';
import { PROGRAMME_COLUMNS, type AdminProgrammeResponse, type ProgrammeImportResult, type ProgrammeResponse, type ProgrammeWarning, type UnplacedPaper } from '../../shared/programme';
import { formatDateTime } from '../../shared/csv';
import { AdminTitleBar } from './AdminTitleBar';
import { QueueMessages } from './admin-queue';
import '../../components/timetable.css';

const SERVER_ERROR = 'Server error. Try again later.';
type Message = { kind: 'success' | 'error'; text: string } | null;
type Refused = { row: number; reason: string }[];

/** The timetable of `programme`, drawn by the /program page's own renderer. */
function Timetable({ programme }: { programme: ProgrammeResponse }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) renderTimetable(ref.current, programme.sessions);
  }, [programme]);
  return <div ref={ref} className="admin-timetable" />;
}

function Warnings({ warnings }: { warnings: readonly ProgrammeWarning[] }) {
  if (!warnings.length) return <p>No warnings.</p>;
  return (
    <ul>
      {warnings.map((w, i) => (
        <li key={i}>{w.row === null ? w.message : `Row ${w.row}: ${w.message}`}</li>
      ))}
    </ul>
  );
}

function Unplaced({ papers }: { papers: readonly UnplacedPaper[] }) {
  if (!papers.length) return <p>Every accepted paper is in a session.</p>;
  return (
    <ul>
      {papers.map((p) => (
        <li key={p.paperId}>
          <strong>{p.paperId}</strong> {p.title}
          {p.track ? ` (${p.track})` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The page. */
export default function ProgrammeAdminPage() {
  const ids = useId();
  const [published, setPublished] = useState<AdminProgrammeResponse | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [file, setFile] = useState<File | undefined>();
  const [preview, setPreview] = useState<ProgrammeImportResult | null>(null);
  const [refused, setRefused] = useState<Refused>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);

  const apply = (r: ApiResult<AdminProgrammeResponse>) => {
    // A 401 has ended the session: the guard sends the browser to the sign-in page.
    if (!r.ok && r.status === 401) return;
    setLoadFailed(!r.ok);
    if (r.ok) setPublished(r.data);
  };
  const load = async () => apply(await adminGet<AdminProgrammeResponse>(adminApiPaths.programme));
  useEffect(() => {
    const controller = new AbortController();
    void adminGet<AdminProgrammeResponse>(adminApiPaths.programme, { signal: controller.signal }).then((r) => !controller.signal.aborted && apply(r));
    return () => controller.abort();
  }, []);

  const runImport = async (dryRun: boolean) => {
    if (busy) return;
    if (!file) return setMessage({ kind: 'error', text: 'Choose the programme CSV file first.' });
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(dryRun ? 'check' : 'publish');
    setMessage(null);
    setRefused([]);
    const r: ApiResult<ProgrammeImportResult> = await adminPostForm<ProgrammeImportResult>(`${adminApiPaths.programmeImport}${dryRun ? '?dryRun=1' : ''}`, form);
    setBusy(null);
    if (r.ok) {
      const counts = `${r.data.sessions} sessions, ${r.data.papers} papers placed, ${r.data.unplaced.length} accepted papers in no session, ${r.data.warnings.length} warnings`;
      if (dryRun) {
        setPreview(r.data);
        setMessage({ kind: 'success', text: `Checked: ${counts}. ${r.data.notices} e-mails to authors would be sent. Nothing is published yet.` });
      } else {
        setPreview(null);
        setMessage({ kind: 'success', text: `Published: ${counts}. ${r.data.notices} e-mails to authors queued.` });
        void load();
      }
    } else if (r.status !== 401) {
      const list = (r.data as { refused?: Refused } | null)?.refused;
      setRefused(Array.isArray(list) ? list : []);
      setPreview(null);
      setMessage({ kind: 'error', text: failureMessage(r, SERVER_ERROR) });
    }
  };

  const shown = preview ? { programme: preview.programme, warnings: preview.warnings, unplaced: preview.unplaced } : published;

  return (
    <div className="admin-page programme-admin-page">
      <AdminTitleBar title="Programme" documentTitle="Programme" backToDashboard />
      <QueueMessages message={message} results />

      <section className="card" aria-labelledby={`${ids}-import`}>
        <h2 id={`${ids}-import`}>Import the programme</h2>
        <p>
          A CSV file with the header <code>{PROGRAMME_COLUMNS.join(',')}</code>: one session per row, times in India time (HH:MM), the day as YYYY-MM-DD, Paper IDs separated by
          semicolons. Publishing again replaces the programme; keep each session&apos;s session_id so calendars follow it. The operations guide describes every column.
        </p>
        <div className="admin-field">
          <label htmlFor={`${ids}-file`}>Programme CSV</label>
          <input id={`${ids}-file`} type="file" accept=".csv,text/csv" onChange={(e) => { setFile(e.target.files?.[0]); setPreview(null); setRefused([]); }} />
        </div>
        <div className="button-row">
          <button type="button" className="button button--secondary" disabled={!!busy} onClick={() => void runImport(true)}>
            Check
          </button>
          <button type="button" className="button" disabled={!!busy} onClick={() => void runImport(false)}>
            Publish
          </button>
        </div>
        {refused.length > 0 && (
          <ul aria-label="Refused rows">
            {refused.map((r, i) => (
              <li key={i}>
                Row {r.row}: {r.reason}
              </li>
            ))}
          </ul>
        )}
      </section>

      {loadFailed && <p role="alert">The programme could not be loaded. {SERVER_ERROR}</p>}
      {shown && (
        <>
          <section className="card" aria-labelledby={`${ids}-warnings`}>
            <h2 id={`${ids}-warnings`}>{preview ? 'Warnings of the checked file' : 'Warnings'}</h2>
            <Warnings warnings={shown.warnings} />
            {!preview && published && <p>E-mails to authors waiting to be sent: {published.pendingNotices}.</p>}
          </section>
          <section className="card" aria-labelledby={`${ids}-unplaced`}>
            <h2 id={`${ids}-unplaced`}>Accepted papers not yet in a session</h2>
            <Unplaced papers={shown.unplaced} />
          </section>
          <section className="card" aria-labelledby={`${ids}-timetable`}>
            <h2 id={`${ids}-timetable`}>{preview ? 'The checked file, as delegates will see it' : 'The published programme, as delegates see it'}</h2>
            {shown.programme.updatedAt && !preview && <p>Published on {formatDateTime(shown.programme.updatedAt, conference.timeZone)} IST.</p>}
            {shown.programme.sessions.length ? <Timetable programme={shown.programme} /> : <p>No programme is published yet.</p>}
          </section>
        </>
      )}
    </div>
  );
}
