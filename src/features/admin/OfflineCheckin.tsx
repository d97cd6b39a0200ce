/**
 * Offline check-in on the ticket verifier (decision 014; docs/operations.md, "Check-in at the door"):
 * "Prepare this device" downloads the snapshot (GET /api/admin/checkins/snapshot) into IndexedDB
 * and says when the data was taken; without a network a scan is judged on the device
 * (src/shared/checkin.ts offlineVerdict). No scan that cannot be sent is ever dropped: a valid one
 * is kept with its verdict, and one the device cannot judge (no snapshot yet, an old ticket, a
 * registration it does not know) is kept as "not verified yet"; each carries a random nonce and
 * the scan time, and is sent (POST /api/admin/checkins/sync) when the network returns, removed
 * only once the server answered for it. Search by name or registration number works offline, and
 * checks the delegate in (online at once, offline queued) by the same rules.
 */
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { conference } from '../../content/conference';
import { adminDownload, adminGet, adminPost, saveBlob } from '../../lib/admin-api';
import { enrolDevice } from '../../lib/device-enrolment';
import type { DeviceAnswer } from '../../shared/admin-team';
import { paths } from '../../shared/routes';
import { deviceId, loadSnapshot, localCheckin, queueScan, queuedScans, randomId, removeScans, saveLocalCheckin, saveSnapshot, toSyncScan, type QueuedScan } from '../../lib/checkin-store';
import { apiPaths } from '../../shared/api-paths';
import {
  NOT_VERIFIED_YET,
  checkinClosed,
  daysFromTo,
  deskExtrasLines,
  offlineVerdict,
  searchRegistrations,
  type CheckinSnapshot,
  type DeskExtras,
  type OfflineVerdict,
  type SnapshotRegistration,
  type SyncResult,
} from '../../shared/checkin';
import { dayIn } from '../../shared/dates';

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** The conference days and zone from the edition's content: what a device without a snapshot judges the calendar by. */
const CALENDAR = { days: daysFromTo(conference.startDate, conference.endDate), timeZone: conference.timeZone };

/** Scans sent per sync call (the server takes at most 2,000). */
const SYNC_CHUNK = 500;

/** The registration number a scanned ticket names, or null when the text is not a ticket. */
function ticketRid(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { rid?: unknown };
    return typeof parsed.rid === 'string' ? parsed.rid : null;
  } catch {
    return null;
  }
}

/** The device's offline state and actions, for the verifier page; `enabled` false (roles without check-in) reads and sends nothing. */
export function useOfflineCheckin(enabled = true) {
  const [snapshot, setSnapshot] = useState<CheckinSnapshot | null>(null);
  const [queue, setQueue] = useState<QueuedScan[]>([]);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [message, setMessage] = useState('');
  const [syncMessage, setSyncMessage] = useState('');
  const [syncIssues, setSyncIssues] = useState<string[]>([]);

  const reloadQueue = useCallback(async () => setQueue(await queuedScans()), []);

  const sync = useCallback(async () => {
    const all = await queuedScans();
    if (!all.length) return;
    // The server takes at most 2,000 scans a call (syncBodySchema): a long queue goes in chunks,
    // each removed from the device once answered.
    const kept: QueuedScan[] = [];
    const r: SyncResult = { recorded: 0, duplicates: 0, conflicts: [], refused: [], flagged: [] };
    for (let i = 0; i < all.length; i += SYNC_CHUNK) {
      const chunk = all.slice(i, i + SYNC_CHUNK);
      const res = await adminPost<SyncResult>(apiPaths.adminCheckinSync, { scans: chunk.map(toSyncScan) });
      if (!res.ok) {
        await reloadQueue();
        setSyncMessage(res.network || res.status >= 500 ? 'Could not reach the server: the scans stay on this device.' : `Sync refused: ${res.error?.message ?? res.status}. The scans stay on this device.`);
        if (!kept.length) return;
        break;
      }
      await removeScans(chunk.map((s) => s.nonce));
      kept.push(...chunk);
      r.recorded += res.data.recorded;
      r.duplicates += res.data.duplicates;
      r.conflicts.push(...res.data.conflicts);
      r.refused.push(...res.data.refused);
      r.flagged.push(...(res.data.flagged ?? []));
    }
    await reloadQueue();
    const flagged = r.flagged;
    const name = (nonce: string, fallback: string | null) => kept.find((k) => k.nonce === nonce)?.label ?? fallback ?? 'a scan';
    setSyncIssues([
      ...r.refused.map((x) => `Refused: ${name(x.nonce, x.registrationNumber)}: ${x.reason}`),
      ...flagged.map((x) => `Flagged, no attendance: ${name(x.nonce, x.registrationNumber)}: ${x.reason}`),
      ...r.conflicts.map((c) => `Conflict: ${c.registrationNumber} on ${c.day} was checked in first by ${c.first.device}.`),
    ]);
    setSyncMessage(
      `Sent ${kept.length} queued scan${kept.length === 1 ? '' : 's'}: ${r.recorded} recorded, ${r.duplicates} duplicate${r.duplicates === 1 ? '' : 's'}, ${r.conflicts.length} conflict${r.conflicts.length === 1 ? '' : 's'}, ${r.refused.length} refused${flagged.length ? `, ${flagged.length} flagged` : ''}.`,
    );
  }, [reloadQueue]);

  useEffect(() => {
    if (!enabled) return;
    void loadSnapshot().then(setSnapshot);
    // Scans kept from an earlier visit go as soon as the page opens online.
    void queuedScans().then((q) => {
      setQueue(q);
      if (q.length && navigator.onLine) void sync();
    });
  }, [sync, enabled]);

  useEffect(() => {
    if (!enabled) return;
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [sync, enabled]);

  const prepare = useCallback(async () => {
    setMessage('Downloading the registrations...');
    const res = await adminGet<CheckinSnapshot>(apiPaths.adminCheckinSnapshot);
    if (!res.ok) {
      setMessage(res.network ? 'Could not reach the server.' : `Could not prepare the device: ${res.error?.message ?? res.status}`);
      return;
    }
    await saveSnapshot(res.data);
    await deviceId();
    setSnapshot(res.data);
    setMessage('');
  }, []);

  const index = useMemo(() => new Map((snapshot?.registrations ?? []).map((r) => [r.registrationNumber, r] as [string, SnapshotRegistration])), [snapshot]);
  const revoked = useMemo(() => new Map((snapshot?.revoked ?? []).map((n) => [n, snapshot?.revokedReasons?.[n] ?? 'Registration cancelled'] as [string, string])), [snapshot]);

  /** Keeps a scan on the device with its verdict, and remembers a valid one for today's repeats. */
  const keep = useCallback(
    async (scan: { ticket: string } | { registrationNumber: string }, verdict: 'valid' | 'unverified', label: string, at: Date, day: string, rid: string | null) => {
      await queueScan({ nonce: randomId(), ...scan, scannedAt: at.toISOString(), device: await deviceId(), verdict, label });
      if (verdict === 'valid' && rid) await saveLocalCheckin(rid, day, at.toISOString());
      await reloadQueue();
    },
    [reloadQueue],
  );

  /**
   * Judges the scanned `text` on the device and keeps what the server must still see: a valid
   * scan, or one the device cannot judge ("not verified yet": no snapshot, an old ticket, a
   * registration it does not know). Never null: a device without a snapshot keeps every scan.
   */
  const judge = useCallback(
    async (text: string): Promise<OfflineVerdict> => {
      const at = new Date();
      const rid = ticketRid(text);
      if (!snapshot) {
        const closed = checkinClosed(at, CALENDAR.days, CALENDAR.timeZone);
        if (closed) return { kind: 'closed', registrationNumber: rid, message: closed };
        await keep({ ticket: text }, 'unverified', rid ?? 'a ticket', at, dayIn(at, CALENDAR.timeZone), rid);
        return { kind: 'unverified', registrationNumber: rid, message: `This device is not prepared, so it cannot check the ticket. ${NOT_VERIFIED_YET}` };
      }
      const day = dayIn(at, snapshot.timeZone);
      const seen = rid ? await localCheckin(rid, day) : undefined;
      const verdict = await offlineVerdict(text, snapshot, (n) => index.get(n), (n) => revoked.get(n), (n) => (n === rid ? seen : undefined), at);
      if (verdict.kind === 'valid') await keep({ ticket: text }, 'valid', `${verdict.registration.name} (${verdict.registration.registrationNumber})`, at, day, verdict.registration.registrationNumber);
      if (verdict.kind === 'unverified') await keep({ ticket: text }, 'unverified', rid ?? 'a ticket', at, day, rid);
      return verdict;
    },
    [snapshot, index, revoked, keep],
  );

  /**
   * Checks in a delegate found by name ("Find a delegate"), with no ticket at hand: online at once
   * (POST /api/admin/checkins/desk, the door's rules), else judged on the device and kept for the
   * sync. Returns what the page shows.
   */
  const checkInFound = useCallback(
    async (r: SnapshotRegistration): Promise<DeskOutcome> => {
      if (navigator.onLine) {
        const res = await adminPost<DeskAnswer>(apiPaths.adminCheckinDesk, { registrationNumber: r.registrationNumber });
        if (res.ok) return { ok: true, text: `${r.name} (${r.registrationNumber}): ${res.data.message}`, extras: res.data.extras ? deskExtrasLines(res.data.extras) : [] };
        if (!res.network && res.status < 500) {
          const body = (res.data ?? {}) as Partial<DeskAnswer>;
          return { ok: false, text: `${r.name} (${r.registrationNumber}) not checked in: ${body.message ?? res.error?.message ?? res.status}` };
        }
      }
      const at = new Date();
      const day = dayIn(at, snapshot?.timeZone ?? CALENDAR.timeZone);
      const closed = checkinClosed(at, snapshot?.days ?? CALENDAR.days, snapshot?.timeZone ?? CALENDAR.timeZone);
      if (closed) return { ok: false, text: `${r.name} (${r.registrationNumber}) not checked in: ${closed}` };
      const refusal = revoked.get(r.registrationNumber);
      if (refusal) return { ok: false, text: `${r.name} (${r.registrationNumber}) not checked in: ${refusal}` };
      const seen = await localCheckin(r.registrationNumber, day);
      if (seen) return { ok: true, text: `${r.name} (${r.registrationNumber}): already checked in today on this device (offline).` };
      await keep({ registrationNumber: r.registrationNumber }, 'valid', `${r.name} (${r.registrationNumber})`, at, day, r.registrationNumber);
      return { ok: true, text: `${r.name} (${r.registrationNumber}): checked in on this device (offline). Queued for the server.`, extras: r.extras ? deskExtrasLines(r.extras) : [] };
    },
    [snapshot, revoked, keep],
  );

  const queued = queue.length;
  const unverified = queue.filter((q) => q.verdict === 'unverified').length;
  return { snapshot, queue, queued, unverified, online, message, syncMessage, syncIssues, prepare, judge, sync, checkInFound };
}

/** The desk check-in's answer (verify-qr's shape; src/shared/api.ts VerifyQrValid), as far as the page reads it. */
interface DeskAnswer {
  valid: boolean;
  message: string;
  extras?: DeskExtras;
}

/** What "Check in" next to a found delegate announces, with the extras to hand out. */
export interface DeskOutcome {
  ok: boolean;
  text: string;
  extras?: string[];
}

/**
 * "Make this a desk device" (decision 044), for an organiser signed in on the verifier who may make
 * desk devices: makes one named `name` (POST /api/admin/devices) and enrols this browser with it,
 * replacing the organiser's session, so the phone left at the door holds the role desk only.
 */
function MakeDeskDevice() {
  const ids = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const make = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    const made = await adminPost<DeviceAnswer>(apiPaths.adminDevices, { name });
    const outcome = made.ok ? await enrolDevice(made.data.token) : { ok: false as const, message: made.error?.message ?? 'Could not reach the server.' };
    if (outcome.ok) {
      window.location.assign(paths.adminTicketVerifier);
      return;
    }
    setBusy(false);
    setError(outcome.message);
  };
  return (
    <form className="verifier__enrol" onSubmit={(e) => void make(e)} aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>Leave this device at the door</h3>
      <p>
        A phone or laptop that stays at the desk should hold a desk device&apos;s access, not yours: it checks people in, also offline, and nothing else. Making it one
        signs you out here.
      </p>
      <div className="admin-field">
        <label htmlFor={`${ids}-name`}>Name of this device</label>
        <input id={`${ids}-name`} required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </div>
      <button type="submit" className="button button--secondary" disabled={busy}>
        {busy ? 'Making...' : 'Make this a desk device'}
      </button>
      <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
    </form>
  );
}

/** The "Prepare this device" panel: when the data was taken, the kept scans, the conflicts and flagged scans, and the offline search. */
export function OfflinePanel({ state, canMakeDevice = false, deviceName }: { state: ReturnType<typeof useOfflineCheckin>; canMakeDevice?: boolean; deviceName?: string }) {
  const ids = useId();
  const [query, setQuery] = useState('');
  const [deskOutcome, setDeskOutcome] = useState<DeskOutcome | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const { snapshot, queue, queued, unverified, online, message, syncMessage, syncIssues, prepare, sync, checkInFound } = state;
  const found = useMemo(() => (snapshot ? searchRegistrations(snapshot.registrations, query) : []), [snapshot, query]);
  const checkIn = async (r: SnapshotRegistration) => {
    if (checking) return;
    setChecking(r.registrationNumber);
    setDeskOutcome(null);
    setDeskOutcome(await checkInFound(r));
    setChecking(null);
  };
  const flagged = snapshot?.flagged ?? [];
  return (
    <section className="verifier__offline card" aria-labelledby={`${ids}-offline`}>
      <h2 id={`${ids}-offline`}>Offline check-in</h2>
      {deviceName && <p>This is the desk device &quot;{deviceName}&quot;.</p>}
      <p>
        {online ? 'Online.' : snapshot ? 'Offline: scans are judged on this device and queued.' : 'Offline, and this device is not prepared: scans are kept as not verified yet and sent when the network is back.'}{' '}
        {snapshot ? `Data taken ${timeFormat.format(new Date(snapshot.takenAt))} IST: ${snapshot.registrations.length} confirmed registrations.` : 'This device is not prepared.'}
      </p>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => void prepare()} disabled={!online}>
          {snapshot ? 'Prepare again' : 'Prepare this device'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void sync()} disabled={!online || !queued}>
          Send queued scans
        </button>
      </div>
      <p role="status">{message || `${queued} scan${queued === 1 ? '' : 's'} queued${unverified ? ` (${unverified} not verified yet)` : ''}.`}</p>
      {queued > 0 && (
        <details>
          <summary>Scans kept on this device</summary>
          <ul aria-label="Scans kept on this device">
            {queue.map((q) => (
              <li key={q.nonce}>
                {q.label ?? q.registrationNumber ?? 'a ticket'} at {timeFormat.format(new Date(q.scannedAt))} IST: {q.verdict === 'unverified' ? 'not verified yet' : 'valid on this device'}
              </li>
            ))}
          </ul>
        </details>
      )}
      <p role="status" data-testid="sync-result">
        {syncMessage}
      </p>
      {syncIssues.length > 0 && (
        <ul aria-label="What the server said about the scans">
          {syncIssues.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {snapshot && snapshot.conflicts.length > 0 && (
        <details>
          <summary>{snapshot.conflicts.length} conflicts (checked in on two devices)</summary>
          <ul>
            {snapshot.conflicts.map((c) => (
              <li key={c.other.nonce}>
                {c.registrationNumber} on {c.day}: {c.first.device} and {c.other.device}
              </li>
            ))}
          </ul>
        </details>
      )}
      {flagged.length > 0 && (
        <details>
          <summary>{flagged.length} flagged scans (wrong date: no attendance)</summary>
          <ul>
            {flagged.map((f) => (
              <li key={`${f.device}:${f.nonce}`}>
                {f.registrationNumber} from {f.device}: {f.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {snapshot && (
        <div className="admin-field">
          <label htmlFor={`${ids}-search`}>Find a delegate by name or registration number</label>
          <input id={`${ids}-search`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          <ul aria-label="Delegates found" className="verifier__found">
            {found.map((r) => (
              <li key={r.registrationNumber}>
                <span>
                  {r.name} · {r.registrationNumber} · {r.organization} · {r.tier}
                </span>
                <button type="button" className="button button--secondary" disabled={checking !== null} onClick={() => void checkIn(r)} aria-label={`Check in ${r.name} (${r.registrationNumber})`}>
                  {checking === r.registrationNumber ? 'Checking in...' : 'Check in'}
                </button>
              </li>
            ))}
          </ul>
          <div role="status">
            {deskOutcome?.ok && (
              <div className="verify-result verify-result--valid">
                <p>{deskOutcome.text}</p>
                <ExtrasList lines={deskOutcome.extras ?? []} />
              </div>
            )}
          </div>
          <div role="alert">{deskOutcome && !deskOutcome.ok && <p className="verify-result verify-result--invalid">{deskOutcome.text}</p>}</div>
        </div>
      )}
      {canMakeDevice && <MakeDeskDevice />}
    </section>
  );
}

/** The extras to hand out with the badge (reception and dinner tickets, diet), one per line. */
export function ExtrasList({ lines }: { lines: readonly string[] }) {
  if (!lines.length) return null;
  return (
    <ul className="verify-result__extras" aria-label="To hand out">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

/** Downloads the badge of `regNo` again (online only). */
export async function reprintBadge(regNo: string): Promise<string | null> {
  const res = await adminDownload(`${apiPaths.adminBadges}?regNo=${encodeURIComponent(regNo)}`, `badge-${regNo}.pdf`);
  if (!res.ok) return res.message;
  saveBlob(res.blob, res.filename);
  return null;
}

/** The verifier's service worker (vite-plugin-pwa's build output), scoped to the verifier page alone. */
export const VERIFIER_SW = '/verifier-sw.js';
export const VERIFIER_SCOPE = '/admin/ticket-verifier';

/**
 * Registers the verifier's service worker in a production build (the dev server has none), so the
 * page opens again without a network. Failures only mean no offline reload: logged, not shown.
 */
export function registerVerifierServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(VERIFIER_SW, { scope: VERIFIER_SCOPE }).catch((err: unknown) => console.warn('verifier service worker not registered', err));
}
