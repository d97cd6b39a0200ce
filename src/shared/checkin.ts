/**
 * Check-in at the door, online and offline, also when the venue's network does not work
 * (docs/operations.md#check-in-at-the-door; decision 014). One module for the browser's verifier and the server:
 *  - the ticket signatures: new tickets carry an Ed25519 signature (86 base64url characters, a
 *    JWS signature with the fixed protected header {"alg":"EdDSA"} over `rid` or `rid#v`), which
 *    a prepared device checks with the public key alone; tickets e-mailed earlier carry an
 *    HMAC-SHA256 (43 characters) only the server can check;
 *  - the snapshot a device downloads (GET /api/admin/checkins/snapshot), the sync body and answer
 *    (POST /api/admin/checkins/sync);
 *  - the offline verdict: valid, already checked in today on this device, cancelled or not
 *    confirmed, forged, closed (after the conference), or not verified yet (an old ticket, or one
 *    the device does not know: kept and judged by the server at the sync);
 *  - the rules the door and the sync share: no check-in after the conference's last day; a synced
 *    scan dated outside the conference days or ahead of the server's clock gives no attendance;
 *    no device may take the server's own name for online check-ins (docs/operations.md,
 *    "Check-in at the door"; decision 035).
 */
import { flattenedVerify, importJWK, type JWK } from 'jose';
import { z } from 'zod';
import type { DeskExtras, StoredRegistration, TicketPayload } from './api';

export type { DeskExtras };
import { dayIn, formatDay } from './dates';
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
 * A registration's status at the door (the stored status, docs/decisions/013-registration-status.md, when present; before it, an approved
 * cancellation is 'cancelled' and anything else 'confirmed'). Only 'confirmed' is let in.
 */
export type CheckinStatus = 'confirmed' | 'awaiting-proof' | 'membership-to-verify' | 'cancelled' | (string & {});

/**
 * The status of `r` at the door: its `status` field when it has one, else 'cancelled'
 * after an approved cancellation and 'confirmed' otherwise.
 */
export function checkinStatus(r: StatusFields): CheckinStatus {
  return registrationStatus(r);
}

/** Why the ticket of `r` does not admit its holder (docs/decisions/013-registration-status.md; registration-status.ts), or null when it does. */
export function doorRefusal(r: StatusFields): string | null {
  return ticketRefusal(r)?.message ?? null;
}

/** Every day from `startDate` to `endDate` (YYYY-MM-DD, both included): the conference days. */
export function daysFromTo(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${startDate}T00:00:00Z`); d.toISOString().slice(0, 10) <= endDate; d = new Date(d.getTime() + 86_400_000)) days.push(d.toISOString().slice(0, 10));
  return days;
}

/**
 * Why a check-in at `at` is refused by the calendar, or null: check-in closes when the
 * conference's last day (`days`, YYYY-MM-DD in `timeZone`) has ended. Before the conference the
 * door stays open (a rehearsal, an early badge pick-up) though such a check-in gives no
 * attendance (certificates count conference days only). The verifier page, the device's offline
 * verdict and the server all ask this one rule.
 */
export function checkinClosed(at: Date, days: readonly string[], timeZone: string): string | null {
  const last = days.at(-1);
  if (!last || dayIn(at, timeZone) <= last) return null;
  return `Check-in is closed: the conference ended on ${formatDay(last)}.`;
}

/** How far ahead of the server's clock a synced scan may be dated (a phone's clock runs a little fast). */
export const SCAN_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Why a synced scan dated `scannedAt` gives no attendance, or null: dated ahead of the server's
 * clock `serverNow` (more than SCAN_CLOCK_SKEW_MS: the device's clock is wrong, and the day it
 * names has not happened), or on a day that is not a conference day. The sync flags such a scan
 * instead of recording a check-in (decision 035).
 */
export function scanDateProblem(scannedAt: Date, serverNow: Date, days: readonly string[], timeZone: string): string | null {
  if (scannedAt.getTime() > serverNow.getTime() + SCAN_CLOCK_SKEW_MS) {
    return `Scan dated ${scannedAt.toISOString()}, ahead of the server's clock (${serverNow.toISOString()}): the device's clock is wrong. No attendance recorded.`;
  }
  const day = dayIn(scannedAt, timeZone);
  if (!days.includes(day)) return `Scan dated ${day}, not a conference day (${days[0] ?? '?'} to ${days.at(-1) ?? '?'}). No attendance recorded.`;
  return null;
}

/**
 * The device name the server writes for a check-in made online (verify-qr, the desk's check-in
 * by number). A device that took it would read another's online check-in as its own repeat and
 * hide the conflict, so syncScanSchema refuses it, in any case.
 */
export const ONLINE_DEVICE = 'online';
/** Names no device may take (compared without case). */
export const RESERVED_DEVICE_NAMES: readonly string[] = [ONLINE_DEVICE];


type ExtrasFields = Partial<Pick<StoredRegistration, 'welcomeReception' | 'additionalReceptionTickets' | 'galaDinner' | 'additionalGalaDinnerTickets' | 'dietaryRequirements' | 'dietaryOtherText'>>;

/** The desk's extras of a registration (fields missing on old records read as none). */
export function deskExtras(r: ExtrasFields): DeskExtras {
  const tickets = (attends: boolean, n: unknown) => (attends && typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0);
  const reception = r.welcomeReception === 'yes';
  const dinner = r.galaDinner === 'yes';
  const needs = (r.dietaryRequirements ?? []).filter((d) => d && d !== 'NONE').map((d) => (d === 'OTHER' && r.dietaryOtherText?.trim() ? `OTHER: ${r.dietaryOtherText.trim()}` : d));
  return {
    welcomeReception: { attends: reception, extraTickets: tickets(reception, r.additionalReceptionTickets) },
    galaDinner: { attends: dinner, extraTickets: tickets(dinner, r.additionalGalaDinnerTickets) },
    diet: needs.join(', '),
  };
}

/** The extras as the verifier shows them, one short line each: 'Reception: 3 tickets (1 + 2 extra)', 'Gala dinner: none', 'Diet: VEGAN'. */
export function deskExtrasLines(e: DeskExtras): string[] {
  const line = (label: string, x: DeskExtras['welcomeReception']) =>
    !x.attends ? `${label}: none` : x.extraTickets ? `${label}: ${x.extraTickets + 1} tickets (1 + ${x.extraTickets} extra)` : `${label}: 1 ticket`;
  return [line('Reception', e.welcomeReception), line('Gala dinner', e.galaDinner), `Diet: ${e.diet || 'no special requirement'}`];
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
  /** What the desk hands out (reception and dinner tickets, diet). */
  extras: DeskExtras;
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
  /** Synced scans that gave no attendance because of their date (newest first; for the admin). */
  flagged: FlaggedScan[];
}

/** A synced scan dated outside the conference days or ahead of the server's clock: kept, but no attendance. */
export interface FlaggedScan {
  nonce: string;
  device: string;
  registrationNumber: string;
  scannedAt: string;
  reason: string;
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

/**
 * One queued scan: `ticket` is the QR text as scanned, or, for a delegate checked in from "Find a
 * delegate" (no ticket at hand), `registrationNumber`: exactly one of the two. A nonce is unique
 * per device: the server keys it by device and nonce, so one device's nonce never drops
 * another's scan.
 */
export const syncScanSchema = z
  .object({
    nonce: z.string({ error: 'nonce is required.' }).check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'nonce must be 16 to 64 base64url characters.')),
    ticket: z.optional(z.string({ error: 'ticket must be text.' }).check(z.minLength(1, 'ticket is required.'), z.maxLength(2048, 'ticket is too long.'))),
    registrationNumber: z.optional(z.string({ error: 'registrationNumber must be text.' }).check(z.regex(/^[A-Z0-9]{1,20}-[A-Z0-9]{4,20}$/, 'registrationNumber is not a registration number.'))),
    scannedAt: z.iso.datetime({ offset: true, error: 'scannedAt must be an ISO date-time.' }),
    device: z
      .string({ error: 'device is required.' })
      .check(
        z.regex(/^[A-Za-z0-9_-]{4,64}$/, 'device must be 4 to 64 base64url characters.'),
        z.refine((d) => !RESERVED_DEVICE_NAMES.includes(d.toLowerCase()), `device may not be named "${ONLINE_DEVICE}": that is the server's name for check-ins made online.`),
      ),
  })
  .check(z.refine((s) => (s.ticket === undefined) !== (s.registrationNumber === undefined), { message: 'A scan has a ticket or a registrationNumber (one of the two).', path: ['ticket'] }));
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
  /** Scans kept but giving no attendance: dated outside the conference days or ahead of the server's clock. */
  flagged: FlaggedScan[];
}

/**
 * A device's judgement of one scan. 'valid' and 'unverified' are queued for the server;
 * 'unverified' is a ticket the device cannot judge (an old HMAC ticket, a registration it does not
 * know, or no snapshot at all): kept with its verdict "not verified yet" and judged at the sync.
 */
export type OfflineVerdict =
  | { kind: 'valid'; registration: SnapshotRegistration }
  | { kind: 'repeat'; registration: SnapshotRegistration; firstAt: string }
  | { kind: 'unverified'; registrationNumber: string | null; message: string }
  | { kind: 'closed'; registrationNumber: string | null; message: string }
  | { kind: 'revoked'; registrationNumber: string; message: string }
  | { kind: 'forged'; registrationNumber: string | null; message: string };

/** The verdict's note for a scan kept on the device to be judged by the server later. */
export const NOT_VERIFIED_YET = 'Not verified yet: kept on this device and sent to the server when the network is back.';

/**
 * Judges a scanned ticket on the device: `text` is the QR text, `checkedInToday`
 * the time this device already checked the registration in today, if it did, `at` the scan's
 * time (after the conference: closed). Returns the verdict; 'valid' and 'unverified' are queued.
 */
export async function offlineVerdict(
  text: string,
  snapshot: Pick<CheckinSnapshot, 'publicKey' | 'days' | 'timeZone'>,
  lookup: (regNo: string) => SnapshotRegistration | undefined,
  revoked: (regNo: string) => string | undefined,
  checkedInToday: (regNo: string) => string | undefined,
  at: Date = new Date(),
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
  const closed = checkinClosed(at, snapshot.days, snapshot.timeZone);
  if (closed) return { kind: 'closed', registrationNumber: rid, message: closed };
  if (payload.sig.length === HMAC_SIG_LENGTH) {
    return { kind: 'unverified', registrationNumber: rid, message: `An older ticket: this device cannot check its signature. ${NOT_VERIFIED_YET} Check the delegate's ID, or find them by name.` };
  }
  if (!(await verifyEd25519Ticket(payload, snapshot.publicKey))) return { kind: 'forged', registrationNumber: rid, message: 'Ticket signature is not valid.' };
  const refused = revoked(rid);
  if (refused) return { kind: 'revoked', registrationNumber: rid, message: refused };
  const registration = lookup(rid);
  // A genuine ticket the device does not know: registered (or confirmed) after it was prepared.
  if (!registration) return { kind: 'unverified', registrationNumber: rid, message: `Signature valid, but not on this device (registered after it was prepared?). ${NOT_VERIFIED_YET}` };
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
