/**
 * The verifier device's offline data, in IndexedDB through `idb`: the snapshot that
 * "Prepare this device" downloaded, the scans that could not be sent (each with its random nonce
 * and the device's verdict, sent by POST /api/admin/checkins/sync when the network returns and
 * removed only once the server answered for them), and this device's own check-ins per day (for
 * "already checked in today on this device"). The device's id is kept with them.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CheckinSnapshot, SyncScan } from '../shared/checkin';

/**
 * A scan kept on the device: what the sync sends, plus the device's verdict: 'valid' (judged with
 * the snapshot) or 'unverified' ("not verified yet": no snapshot, an old ticket, a registration
 * the device does not know), and the name shown in the queue. Records queued before verdicts were
 * kept have none: read as 'valid'.
 */
export type QueuedScan = SyncScan & { verdict?: 'valid' | 'unverified'; label?: string };

interface CheckinDb extends DBSchema {
  meta: { key: string; value: CheckinSnapshot | string };
  queue: { key: string; value: QueuedScan };
  /** key `${regNo}|${day}`: when this device checked the registration in that day. */
  local: { key: string; value: string };
}

let db: Promise<IDBPDatabase<CheckinDb>> | undefined;
function open(): Promise<IDBPDatabase<CheckinDb>> {
  db ??= openDB<CheckinDb>('pesgre-checkin', 1, {
    upgrade(d) {
      d.createObjectStore('meta');
      d.createObjectStore('queue');
      d.createObjectStore('local');
    },
  });
  return db;
}

/** A random base64url string of `bytes` bytes (crypto.getRandomValues). */
export function randomId(bytes = 16): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...b)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** This device's id, made once and kept. */
export async function deviceId(): Promise<string> {
  const d = await open();
  const id = await d.get('meta', 'device');
  if (typeof id === 'string') return id;
  const fresh = `dev-${randomId(9)}`;
  await d.put('meta', fresh, 'device');
  return fresh;
}

/**
 * Makes `id` this device's id: an enrolled desk device's (decision 044), which the server records
 * its scans under. Scans kept before keep the id they were made with; the server records a
 * device's sync under its own id whatever they carry.
 */
export async function setDeviceId(id: string): Promise<void> {
  await (await open()).put('meta', id, 'device');
}

/** The saved snapshot, or null before the device was prepared. */
export async function loadSnapshot(): Promise<CheckinSnapshot | null> {
  const s = await (await open()).get('meta', 'snapshot');
  return s && typeof s === 'object' ? s : null;
}

/** Replaces the saved snapshot. */
export async function saveSnapshot(s: CheckinSnapshot): Promise<void> {
  await (await open()).put('meta', s, 'snapshot');
}

/** Keeps a scan on the device until the server has answered for it. */
export async function queueScan(scan: QueuedScan): Promise<void> {
  await (await open()).put('queue', scan, scan.nonce);
}

/** Every kept scan; their order does not matter: the server judges each alone. */
export async function queuedScans(): Promise<QueuedScan[]> {
  return (await open()).getAll('queue');
}

/** A kept scan as the sync sends it (without the device's verdict). */
export function toSyncScan(q: QueuedScan): SyncScan {
  const { nonce, ticket, registrationNumber, scannedAt, device } = q;
  return { nonce, scannedAt, device, ...(ticket !== undefined ? { ticket } : {}), ...(registrationNumber !== undefined ? { registrationNumber } : {}) };
}

/** Removes scans the server has answered for. */
export async function removeScans(nonces: readonly string[]): Promise<void> {
  const tx = (await open()).transaction('queue', 'readwrite');
  await Promise.all([...nonces.map((n) => tx.store.delete(n)), tx.done]);
}

/** When this device checked `regNo` in on `day`, if it did. */
export async function localCheckin(regNo: string, day: string): Promise<string | undefined> {
  return (await open()).get('local', `${regNo}|${day}`);
}

/** Remembers this device's check-in of `regNo` on `day` at `at`. */
export async function saveLocalCheckin(regNo: string, day: string, at: string): Promise<void> {
  await (await open()).put('local', at, `${regNo}|${day}`);
}
