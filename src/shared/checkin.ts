/**
 * Check-in at the door, online and offline (issue 25, "Check-in that works when the venue's
 * network does not"; decision 012). One module for the browser's verifier and the server:
 *  - the ticket signatures: new tickets carry an Ed25519 signature (86 base64url characters, a
 *    JWS signature with the fixed protected header {"alg":"EdDSA"} over `rid` or `rid#v`), which
 *    a prepared device checks with the public key alone; tickets e-mailed earlier carry an
 *    HMAC-SHA256 (43 characters) only the server can check;
 *  - the snapshot a device downloads (GET /api/admin/checkins/snapshot), the sync body and answer
 *    (POST /api/admin/checkins/sync);
 *  - the offline verdict: valid, already checked in today on this device, cancelled or not
 *    confirmed, forged (or an old ticket the device cannot check).
 */
import { flattenedVerify, importJWK, type JWK } from 'jose';
import { z } from 'zod';
import type { TicketPayload } from './api';
import { registrationStatus, ticketRefusal, type StatusFields } from './registration-status';

/** Length of an HMAC-SHA256 ticket signature (base64url), the tickets e-mailed before decision 012. */
export const HMAC_SIG_LENGTH = 43;
/** Length of an Ed25519 ticket signature (base64url of 64 bytes). */
export const ED25519_SIG_LENGTH = 86;
/** base64url of the JWS protected header {"alg":"EdDSA"}: fixed, so the QR carries only the signature. */
export const TICKET_JWS_HEADER = 'eyJhbGciOiJFZERTQSJ9';

/** The text a ticket's signature covers: `rid`, or `rid#v` after a name transfer. */
export function ticketMessage(rid: string, version = 0): string {
  return version ? `${rid}#${version}` : rid;
}

/** base64url of UTF-8 `text` (no padding), in the browser and on Node alike. */
export function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** True when the ticket's signature has the Ed25519 length (a device can check it offline). */
export function isEd25519Ticket(ticket: Pick<TicketPayload, 'sig'>): boolean {
  return ticket.sig.length === ED25519_SIG_LENGTH;
}

const keyCache = new Map<string, Promise<CryptoKey | Uint8Array>>();

/**
 * True when `ticket.sig` is the Ed25519 signature of the ticket's message under `publicJwk`
 * (an OKP/Ed25519 public JWK). False for any other signature, never throws.
 */
export async function verifyEd25519Ticket(ticket: Pick<TicketPayload, 'rid' | 'v' | 'sig'>, publicJwk: JWK): Promise<boolean> {
  if (!isEd25519Ticket(ticket)) return false;
  const id = publicJwk.x ?? '';
  let key = keyCache.get(id);
  if (!key) {
    key = importJWK({ ...publicJwk, alg: 'EdDSA' }, 'EdDSA');
    keyCache.set(id, key);
  }
  try {
    await flattenedVerify({ protected: TICKET_JWS_HEADER, payload: base64url(ticketMessage(ticket.rid, ticket.v ?? 0)), signature: ticket.sig }, await key, { algorithms: ['EdDSA'] });
    return true;
  } catch {
    return false;
  }
}

/**
 * A registration's status at the door (issue 22's field when present; before it, an approved
 * cancellation is 'cancelled' and anything else 'confirmed'). Only 'confirmed' is let in.
 */
export type CheckinStatus = 'confirmed' | 'awaiting-proof' | 'membership-to-verify' | 'cancelled' | (string & {});

/**
 * The status of `r` at the door: its `status` field (issue 22) when it has one, else 'cancelled'
 * after an approved cancellation and 'confirmed' otherwise.
 */
export function checkinStatus(r: StatusFields): CheckinStatus {
  return registrationStatus(r);
}

/** Why the ticket of `r` does not admit its holder (issue 22's rule, registration-status.ts), or null when it does. */
export function doorRefusal(r: StatusFields): string | null {
  return ticketRefusal(r)?.message ?? null;
}

/** One registration as a prepared device keeps it (no e-mail, phone or payment data). */
export interface SnapshotRegistration {
  registrationNumber: string;
  name: string;
  organization: string;
  tier: string;
  /** Conference days the registration covers (YYYY-MM-DD). */
  days: string[];
  status: CheckinStatus;
  /** The current ticket version (a ticket of another version was replaced by a name transfer). */
  ticketVersion: number;
}

/** GET /api/admin/checkins/snapshot: what "Prepare this device" downloads. */
export interface CheckinSnapshot {
  /** When the server took the data (ISO instant); the page shows it. */
  takenAt: string;
  /** The public key new tickets are signed with (OKP / Ed25519 JWK). */
  publicKey: JWK;
  /** The conference days, and the time zone a scan's day is read in. */
  days: string[];
  timeZone: string;
  /** Registrations whose tickets admit their holders (confirmed; membership still to verify). */
  registrations: SnapshotRegistration[];
  /** Registration numbers whose tickets are revoked (cancelled, or not confirmed). */
  revoked: string[];
  /** Why each revoked ticket is refused, by registration number (the verifier's message). */
  revokedReasons: Record<string, string>;
  /** Tickets checked in on two devices on the same day (for the admin). */
  conflicts: CheckinConflict[];
}

/** The same ticket checked in on the same day by two devices. */
export interface CheckinConflict {
  registrationNumber: string;
  day: string;
  /** The device that checked it in first, and when. */
  first: { device: string; at: string };
  /** The other device's scan. */
  other: { device: string; at: string; nonce: string };
}

/** One queued scan: `ticket` is the QR text as scanned. */
export const syncScanSchema = z.object({
  nonce: z.string({ error: 'nonce is required.' }).check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'nonce must be 16 to 64 base64url characters.')),
  ticket: z.string({ error: 'ticket is required.' }).check(z.minLength(1, 'ticket is required.'), z.maxLength(2048, 'ticket is too long.')),
  scannedAt: z.iso.datetime({ offset: true, error: 'scannedAt must be an ISO date-time.' }),
  device: z.string({ error: 'device is required.' }).check(z.regex(/^[A-Za-z0-9_-]{4,64}$/, 'device must be 4 to 64 base64url characters.')),
});
export type SyncScan = z.infer<typeof syncScanSchema>;

/** POST /api/admin/checkins/sync body: at most 2,000 scans a call (a device sends its queue in chunks). */
export const syncBodySchema = z.object({
  scans: z.array(syncScanSchema, { error: 'scans must be a list.' }).check(z.maxLength(2000, 'At most 2000 scans a call.')),
});

/** POST /api/admin/checkins/sync answer. */
export interface SyncResult {
  /** Scans that recorded a new check-in. */
  recorded: number;
  /** Scans already received (same nonce), or a repeat that day on the same device. */
  duplicates: number;
  /** Scans of a ticket already checked in that day on another device. */
  conflicts: CheckinConflict[];
  /** Scans the server refused (forged, cancelled, not confirmed, replaced, unknown). */
  refused: { nonce: string; registrationNumber: string | null; reason: string }[];
}

/** A device's judgement of one scan. */
export type OfflineVerdict =
  | { kind: 'valid'; registration: SnapshotRegistration }
  | { kind: 'repeat'; registration: SnapshotRegistration; firstAt: string }
  | { kind: 'revoked'; registrationNumber: string; message: string }
  | { kind: 'forged'; registrationNumber: string | null; message: string };

/**
 * Judges a scanned ticket on the device (issue 25): `text` is the QR text, `checkedInToday`
 * the time this device already checked the registration in today, if it did. Returns the verdict;
 * only 'valid' is queued for the server.
 */
export async function offlineVerdict(
  text: string,
  snapshot: Pick<CheckinSnapshot, 'publicKey'>,
  lookup: (regNo: string) => SnapshotRegistration | undefined,
  revoked: (regNo: string) => string | undefined,
  checkedInToday: (regNo: string) => string | undefined,
): Promise<OfflineVerdict> {
  let ticket: { rid?: unknown; v?: unknown; sig?: unknown };
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    ticket = parsed as typeof ticket;
  } catch {
    return { kind: 'forged', registrationNumber: null, message: 'Invalid QR format: this is not a ticket.' };
  }
  const rid = typeof ticket.rid === 'string' ? ticket.rid : null;
  if (!rid || typeof ticket.sig !== 'string' || (ticket.v !== undefined && typeof ticket.v !== 'number')) {
    return { kind: 'forged', registrationNumber: rid, message: 'Invalid QR format: this is not a ticket.' };
  }
  const payload = { rid, sig: ticket.sig, ...(typeof ticket.v === 'number' ? { v: ticket.v } : {}) };
  if (payload.sig.length === HMAC_SIG_LENGTH) {
    return { kind: 'forged', registrationNumber: rid, message: 'An older ticket: it can be checked only online. Check it in when the network is back, or find the delegate by name.' };
  }
  if (!(await verifyEd25519Ticket(payload, snapshot.publicKey))) return { kind: 'forged', registrationNumber: rid, message: 'Ticket signature is not valid.' };
  const refused = revoked(rid);
  if (refused) return { kind: 'revoked', registrationNumber: rid, message: refused };
  const registration = lookup(rid);
  if (!registration) return { kind: 'revoked', registrationNumber: rid, message: 'Not on this device: registered after it was prepared, or not confirmed.' };
  if ((payload.v ?? 0) !== registration.ticketVersion) return { kind: 'revoked', registrationNumber: rid, message: 'Ticket replaced: this registration was transferred and has a newer ticket.' };
  const firstAt = checkedInToday(rid);
  return firstAt ? { kind: 'repeat', registration, firstAt } : { kind: 'valid', registration };
}

/** Registrations whose name or number contains every word of `query` (case- and accent-insensitive), at most `limit`. */
export function searchRegistrations(list: readonly SnapshotRegistration[], query: string, limit = 20): SnapshotRegistration[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const out: SnapshotRegistration[] = [];
  for (const r of list) {
    const hay = fold(`${r.name} ${r.registrationNumber} ${r.organization}`);
    if (words.every((w) => hay.includes(w))) out.push(r);
    if (out.length >= limit) break;
  }
  return out;
}
