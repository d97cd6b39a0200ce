/**
 * Ticket check-ins at the registration desk (docs/operations.md#check-in-at-the-door;
 * `checkin:{regNo}:{day}` set with NX). The first valid scan of a registration on a conference
 * day records the time; later scans that day read it back and are flagged as repeats. One Lua
 * script sets the key (NX) and appends the audit entry, so the check-in and its audit trail
 * cannot part ways and a repeat costs the same one request.
 */
import { conference } from '../../src/content/conference';
import { ticketPayloadSchema, type VerifyQrValid } from '../../src/shared/api';
import {
  ONLINE_DEVICE,
  checkinClosed,
  checkinStatus,
  deskExtras,
  doorRefusal,
  scanDateProblem,
  type CheckinConflict,
  type CheckinSnapshot,
  type FlaggedScan,
  type SnapshotRegistration,
  type SyncResult,
  type SyncScan,
} from '../../src/shared/checkin';
import { conferenceDays } from '../../src/shared/badges';
import { tierLabel } from '../../src/shared/csv';
import { dayIn } from '../../src/shared/dates';
import { fullName } from '../../src/shared/person-name';
import { ticketRefusal } from '../../src/shared/registration-status';
import { HttpError } from './platform/http';
import { allRegistrations, getRegistration, type Registration } from './registrations';
import { actingFields } from './platform/request-scope';
import { keys, withStore } from './platform/store';
import { ticketPublicJwk, verifyTicket } from './tickets';

export interface CheckIn {
  /** True for the first scan of the day. */
  first: boolean;
  /** When the first scan of the day happened (ISO instant). */
  firstAt: string;
  /** The conference day (YYYY-MM-DD, Asia/Kolkata). */
  day: string;
}

// KEYS: checkin key, audit list. ARGV: value JSON, audit JSON for a first scan, audit JSON for a repeat.
// Returns {1, value} when this scan set the key, {0, existing value} otherwise.
const CHECKIN_SCRIPT = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  redis.call('LPUSH', KEYS[2], ARGV[2])
  return {1, ARGV[1]}
end
redis.call('LPUSH', KEYS[2], ARGV[3])
return {0, redis.call('GET', KEYS[1])}
`;

/** Records a valid scan of `regNo` at `at` by the signed-in organiser or desk device (online: the stored value has no device, shown as ONLINE_DEVICE). */
export async function recordCheckIn(regNo: string, at: Date): Promise<CheckIn> {
  const day = dayIn(at, conference.timeZone);
  const value = JSON.stringify({ at: at.toISOString() });
  const entry = (action: string) => JSON.stringify({ at: at.toISOString(), ...actingFields(), action, details: { regNo, day } });
  const [status, stored] = await withStore((r) =>
    r.eval<string[], [number, unknown]>(CHECKIN_SCRIPT, [keys.checkin(regNo, day), keys.audit()], [value, entry('checkin.recorded'), entry('checkin.repeat')]),
  );
  // @upstash/redis may already have parsed the JSON value.
  const parsed = (typeof stored === 'string' ? JSON.parse(stored) : stored) as { at?: unknown } | null;
  const firstAt = typeof parsed?.at === 'string' ? parsed.at : at.toISOString();
  return { first: Number(status) === 1, firstAt, day };
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** "09:05" for an instant in `timeZone` (24-hour clock). */
export function clockTime(iso: string, timeZone: string = conference.timeZone): string {
  let f = timeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** An invalid-ticket answer of the door: the error shape plus the verifier's {valid, rid, message}. */
export function doorInvalid(status: number, code: string, rid: string | null, message: string): HttpError {
  return new HttpError(status, code, message, undefined, { valid: false, rid, message });
}

/**
 * Checks `registration` in at the door at `at` (online: verify-qr's ticket, or the desk's check-in
 * by number once the organiser has found the delegate): refused with 409 when its status does not
 * admit (cancelled, not confirmed) or when check-in has closed (after the conference's last day,
 * checkinClosed in src/shared/checkin.ts); otherwise records the day's check-in and answers
 * verify-qr's valid body with the extras to hand out. Rules: docs/operations.md, "Check-in at the door".
 */
export async function checkInAtDoor(registration: Registration, at: Date): Promise<VerifyQrValid> {
  const rid = registration.registrationNumber;
  const refusal = ticketRefusal(registration);
  if (refusal) throw doorInvalid(409, refusal.code, rid, refusal.message);
  const closed = checkinClosed(at, conferenceDays(), conference.timeZone);
  if (closed) throw doorInvalid(409, 'CHECKIN_CLOSED', rid, closed);
  const checkIn = await recordCheckIn(rid, at);
  const who = { name: fullName(registration), tier: tierLabel(registration.registrationTier), extras: deskExtras(registration) };
  return checkIn.first
    ? { valid: true, rid, repeat: false, message: 'Checked in.', ...who, checkedInAt: checkIn.firstAt }
    : { valid: true, rid, repeat: true, message: `Already checked in today at ${clockTime(checkIn.firstAt)} IST.`, ...who, firstCheckInAt: checkIn.firstAt };
}

/** One registration as a prepared device keeps it. */
export function snapshotRegistration(r: Registration): SnapshotRegistration {
  return {
    registrationNumber: r.registrationNumber,
    name: fullName(r),
    organization: r.organization,
    tier: tierLabel(r.registrationTier),
    days: conferenceDays(),
    status: checkinStatus(r),
    ticketVersion: r.ticketVersion ?? 0,
    extras: deskExtras(r),
  };
}

/** The conflicts list, newest first (at most `limit`). */
export async function listConflicts(limit = 500): Promise<CheckinConflict[]> {
  const items = await withStore((r) => r.lrange<CheckinConflict | string>(keys.checkinConflicts(), 0, limit - 1));
  return items.map((x) => (typeof x === 'string' ? (JSON.parse(x) as CheckinConflict) : x));
}

/** The flagged scans (dated outside the conference days or ahead of the clock), newest first (at most `limit`). */
export async function listFlagged(limit = 500): Promise<FlaggedScan[]> {
  const items = await withStore((r) => r.lrange<FlaggedScan | string>(keys.checkinFlagged(), 0, limit - 1));
  return items.map((x) => (typeof x === 'string' ? (JSON.parse(x) as FlaggedScan) : x));
}

/**
 * GET /api/admin/checkins/snapshot (decision 014): the confirmed registrations, the revoked ones, the
 * tickets' public key and the conflicts so far, taken at `at`.
 */
export async function checkinSnapshot(at: Date): Promise<CheckinSnapshot> {
  const [all, conflicts, flagged] = await Promise.all([allRegistrations(), listConflicts(), listFlagged()]);
  const registrations: SnapshotRegistration[] = [];
  const revoked: string[] = [];
  const revokedReasons: Record<string, string> = {};
  for (const r of all) {
    const refusal = doorRefusal(r);
    if (refusal === null) registrations.push(snapshotRegistration(r));
    else {
      revoked.push(r.registrationNumber);
      revokedReasons[r.registrationNumber] = refusal;
    }
  }
  return { takenAt: at.toISOString(), publicKey: ticketPublicJwk(), days: conferenceDays(), timeZone: conference.timeZone, registrations, revoked, revokedReasons, conflicts, flagged };
}

// KEYS: nonce key, checkin key, audit list, conflicts list.
// ARGV: check-in value JSON, audit JSON, device, nonce lifetime (s), regNo, day, scannedAt, nonce, online device name.
// Returns {0} for a nonce already received, {1} for a new check-in, {2} for a repeat on the same
// device, {3, conflict JSON} for a check-in that day by another device (appended to the list).
// A stored value without a device is an online check-in: never "the same device" as a sync,
// whatever the device is called, so no name can hide that conflict.
const SYNC_SCRIPT = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[4]) then return {0, ''} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX') then
  redis.call('LPUSH', KEYS[3], ARGV[2])
  return {1, ''}
end
local existing = redis.call('GET', KEYS[2])
local ok, parsed = pcall(cjson.decode, existing)
local firstDevice = nil
local firstAt = ''
if ok and type(parsed) == 'table' then
  if type(parsed.device) == 'string' then firstDevice = parsed.device end
  if type(parsed.at) == 'string' then firstAt = parsed.at end
end
if firstDevice == ARGV[3] then return {2, ''} end
local conflict = cjson.encode({registrationNumber = ARGV[5], day = ARGV[6], first = {device = firstDevice or ARGV[9], at = firstAt}, other = {device = ARGV[3], at = ARGV[7], nonce = ARGV[8]}})
redis.call('LPUSH', KEYS[4], conflict)
return {3, conflict}
`;

// KEYS: nonce key, flagged list, audit list. ARGV: flagged JSON, audit JSON, nonce lifetime (s).
// Returns 1 when this scan was flagged now, 0 for a nonce already received (a retried sync).
const FLAG_SCRIPT = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[3]) then return 0 end
redis.call('LPUSH', KEYS[2], ARGV[1])
redis.call('LPUSH', KEYS[3], ARGV[2])
return 1
`;

/** How long a received nonce is remembered: the conference and its aftermath. */
const NONCE_SECONDS = 60 * 24 * 3600;

/** Why the server refuses a synced scan, or null when the ticket (or the desk's registration number) is good for a check-in. */
async function refusal(scan: SyncScan): Promise<{ registrationNumber: string | null; reason: string } | { registrationNumber: string; reason: null }> {
  if (scan.registrationNumber !== undefined) {
    // "Find a delegate": the organiser found the person by name; the same rules but the signature.
    const reg = await getRegistration(scan.registrationNumber);
    if (!reg) return { registrationNumber: scan.registrationNumber, reason: 'No registration with this number.' };
    const refused = doorRefusal(reg);
    return refused ? { registrationNumber: scan.registrationNumber, reason: refused } : { registrationNumber: scan.registrationNumber, reason: null };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(scan.ticket ?? '');
  } catch {
    return { registrationNumber: null, reason: 'Invalid QR format: the code is not JSON.' };
  }
  const ticket = ticketPayloadSchema.safeParse(parsed);
  if (!ticket.success) return { registrationNumber: null, reason: 'Invalid QR format: this is not a ticket.' };
  const { rid } = ticket.data;
  if (!(await verifyTicket(ticket.data))) return { registrationNumber: rid, reason: 'Ticket signature is not valid.' };
  const reg = await getRegistration(rid);
  if (!reg) return { registrationNumber: rid, reason: 'No registration with this number.' };
  const refused = doorRefusal(reg);
  if (refused) return { registrationNumber: rid, reason: refused };
  if ((ticket.data.v ?? 0) !== (reg.ticketVersion ?? 0)) return { registrationNumber: rid, reason: 'Ticket replaced: this registration was transferred and has a newer ticket.' };
  return { registrationNumber: rid, reason: null };
}

/**
 * POST /api/admin/checkins/sync (docs/operations.md, "Without a network"): records the scans a device queued offline, judged at
 * `serverNow`. Each scan is judged again here (the device may be out of date); a good one records
 * the check-in of its day (Asia/Kolkata, from scannedAt) once per device and nonce, in one script
 * with the nonce, so a retried sync counts nothing twice. A ticket already checked in that day by
 * another device (or online) is a conflict. A good scan dated outside the conference days or
 * ahead of the server's clock is flagged instead: kept on the flagged list, no check-in, so no
 * attendance and no certificate for it (scanDateProblem, src/shared/checkin.ts; decision 035).
 */
export async function syncScans(scans: readonly SyncScan[], serverNow: Date): Promise<SyncResult> {
  const result: SyncResult = { recorded: 0, duplicates: 0, conflicts: [], refused: [], flagged: [] };
  const days = conferenceDays();
  for (const scan of scans) {
    const judged = await refusal(scan);
    if (judged.reason !== null) {
      result.refused.push({ nonce: scan.nonce, registrationNumber: judged.registrationNumber, reason: judged.reason });
      continue;
    }
    const regNo = judged.registrationNumber;
    const at = new Date(scan.scannedAt);
    const manual = scan.registrationNumber !== undefined;
    const problem = scanDateProblem(at, serverNow, days, conference.timeZone);
    if (problem) {
      const flagged: FlaggedScan = { nonce: scan.nonce, device: scan.device, registrationNumber: regNo, scannedAt: at.toISOString(), reason: problem };
      const entry = JSON.stringify({ at: serverNow.toISOString(), ...actingFields(), action: 'checkin.flagged', details: { regNo, device: scan.device, nonce: scan.nonce, scannedAt: flagged.scannedAt, reason: problem } });
      const fresh = await withStore((r) => r.eval<string[], number>(FLAG_SCRIPT, [keys.checkinNonce(scan.device, scan.nonce), keys.checkinFlagged(), keys.audit()], [JSON.stringify(flagged), entry, String(NONCE_SECONDS)]));
      if (Number(fresh) === 1) result.flagged.push(flagged);
      else result.duplicates++;
      continue;
    }
    const day = dayIn(at, conference.timeZone);
    const value = JSON.stringify({ at: at.toISOString(), device: scan.device });
    const entry = JSON.stringify({ at: at.toISOString(), ...actingFields(), action: 'checkin.recorded', details: { regNo, day, device: scan.device, nonce: scan.nonce, offline: true, ...(manual ? { manual: true } : {}) } });
    const [status, conflict] = await withStore((r) =>
      r.eval<string[], [number, unknown]>(SYNC_SCRIPT, [keys.checkinNonce(scan.device, scan.nonce), keys.checkin(regNo, day), keys.audit(), keys.checkinConflicts()], [
        value,
        entry,
        scan.device,
        String(NONCE_SECONDS),
        regNo,
        day,
        at.toISOString(),
        scan.nonce,
        ONLINE_DEVICE,
      ]),
    );
    const code = Number(status);
    if (code === 1) result.recorded++;
    else if (code === 3) result.conflicts.push((typeof conflict === 'string' ? JSON.parse(conflict) : conflict) as CheckinConflict);
    else result.duplicates++;
  }
  return result;
}

/** The conference days on which `regNo` was checked in (YYYY-MM-DD, oldest first). */
export async function daysCheckedIn(regNos: readonly string[]): Promise<Map<string, string[]>> {
  const days = conferenceDays();
  const out = new Map<string, string[]>();
  if (!regNos.length) return out;
  const flags = await withStore(async (r) => {
    const p = r.pipeline();
    for (const n of regNos) for (const d of days) p.exists(keys.checkin(n, d));
    return p.exec<number[]>();
  });
  regNos.forEach((n, i) => out.set(n, days.filter((_, j) => Number(flags[i * days.length + j]) === 1)));
  return out;
}
