/**
 * Offline check-in on the ticket verifier (issue 25): "Prepare this device" downloads the
 * snapshot (GET /api/admin/checkins/snapshot) into IndexedDB and says when the data was taken;
 * without a network a scan is judged on the device (src/shared/checkin.ts offlineVerdict) and a
 * valid one queued with a random nonce and the scan time; when the network returns the queue is
 * sent (POST /api/admin/checkins/sync). Search by name or registration number works offline.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { adminDownload, adminGet, adminPost, saveBlob } from '../../lib/admin-api';
import { deviceId, loadSnapshot, localCheckin, queueScan, queuedScans, randomId, removeScans, saveLocalCheckin, saveSnapshot } from '../../lib/checkin-store';
import { apiPaths } from '../../shared/api-paths';
import { offlineVerdict, searchRegistrations, type CheckinSnapshot, type OfflineVerdict, type SnapshotRegistration, type SyncResult } from '../../shared/checkin';
import { dayIn } from '../../shared/dates';

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** The device's offline state and actions, for the verifier page. */
export function useOfflineCheckin() {
  const [snapshot, setSnapshot] = useState<CheckinSnapshot | null>(null);
  const [queued, setQueued] = useState(0);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [message, setMessage] = useState('');
  const [syncMessage, setSyncMessage] = useState('');

  useEffect(() => {
    void loadSnapshot().then(setSnapshot);
    void queuedScans().then((q) => setQueued(q.length));
  }, []);

  const sync = useCallback(async () => {
    const scans = await queuedScans();
    if (!scans.length) return;
    const res = await adminPost<SyncResult>(apiPaths.adminCheckinSync, { scans });
    if (!res.ok) {
      setSyncMessage(res.network ? 'Could not reach the server: the scans stay queued.' : `Sync refused: ${res.error?.message ?? res.status}`);
      return;
    }
    await removeScans(scans.map((s) => s.nonce));
    setQueued((await queuedScans()).length);
    const r = res.data;
    setSyncMessage(`Sent ${scans.length} queued scan${scans.length === 1 ? '' : 's'}: ${r.recorded} recorded, ${r.duplicates} duplicate${r.duplicates === 1 ? '' : 's'}, ${r.conflicts.length} conflict${r.conflicts.length === 1 ? '' : 's'}, ${r.refused.length} refused.`);
  }, []);

  useEffect(() => {
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
  }, [sync]);

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

  /** Judges `text` on the device; a valid scan is queued and remembered for today. Null when the device is not prepared. */
  const judge = useCallback(
    async (text: string): Promise<OfflineVerdict | null> => {
      if (!snapshot) return null;
      const at = new Date();
      const day = dayIn(at, snapshot.timeZone);
      const today = new Map<string, string>();
      let rid: string | null = null;
      try {
        const parsed = JSON.parse(text) as { rid?: unknown };
        rid = typeof parsed.rid === 'string' ? parsed.rid : null;
      } catch {
        // offlineVerdict says why.
      }
      if (rid) {
        const seen = await localCheckin(rid, day);
        if (seen) today.set(rid, seen);
      }
      const verdict = await offlineVerdict(text, snapshot, (n) => index.get(n), (n) => revoked.get(n), (n) => today.get(n));
      if (verdict.kind === 'valid') {
        await queueScan({ nonce: randomId(), ticket: text, scannedAt: at.toISOString(), device: await deviceId() });
        await saveLocalCheckin(verdict.registration.registrationNumber, day, at.toISOString());
        setQueued((await queuedScans()).length);
      }
      return verdict;
    },
    [snapshot, index, revoked],
  );

  return { snapshot, queued, online, message, syncMessage, prepare, judge, sync };
}

/** The "Prepare this device" panel: when the data was taken, the queue, the conflicts and the offline search. */
export function OfflinePanel({ state }: { state: ReturnType<typeof useOfflineCheckin> }) {
  const ids = useId();
  const [query, setQuery] = useState('');
  const { snapshot, queued, online, message, syncMessage, prepare, sync } = state;
  const found = useMemo(() => (snapshot ? searchRegistrations(snapshot.registrations, query) : []), [snapshot, query]);
  return (
    <section className="verifier__offline card" aria-labelledby={`${ids}-offline`}>
      <h2 id={`${ids}-offline`}>Offline check-in</h2>
      <p>
        {online ? 'Online.' : 'Offline: scans are judged on this device and queued.'}{' '}
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
      <p role="status">{message || `${queued} scan${queued === 1 ? '' : 's'} queued.`}</p>
      <p role="status" data-testid="sync-result">
        {syncMessage}
      </p>
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
      {snapshot && (
        <div className="admin-field">
          <label htmlFor={`${ids}-search`}>Find a delegate by name or registration number</label>
          <input id={`${ids}-search`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          <ul aria-label="Delegates found">
            {found.map((r) => (
              <li key={r.registrationNumber}>
                {r.name} · {r.registrationNumber} · {r.organization} · {r.tier}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
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
