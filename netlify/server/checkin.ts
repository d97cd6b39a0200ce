/**
 * Ticket check-ins at the registration desk (spec part 2 sections 2, 7; ARCHITECTURE:
 * `checkin:{regNo}:{day}` set with NX). The first valid scan of a registration on a conference
 * day records the time; later scans that day read it back and are flagged as repeats. One Lua
 * script sets the key (NX) and appends the audit entry, so the check-in and its audit trail
 * cannot part ways and a repeat costs the same one request.
 */
import { conference } from '../../src/content/conference';
import { ticketPayloadSchema } from '../../src/shared/api';
import { checkinStatus, doorRefusal, type CheckinConflict, type CheckinSnapshot, type SnapshotRegistration, type SyncResult, type SyncScan } from '../../src/shared/checkin';
import { conferenceDays } from '../../src/shared/badges';
import { tierLabel } from '../../src/shared/csv';
import { dayIn } from '../../src/shared/dates';
import { fullName } from '../../src/shared/person-name';
import { allRegistrations, getRegistration, type Registration } from './registrations';
import { keys, withStore } from './store';
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

/** Records a valid scan of `regNo` at `at` by the signed-in organiser (online: the stored value has no device, read as 'online'). */
export async function recordCheckIn(regNo: string, at: Date): Promise<CheckIn> {
  const day = dayIn(at, conference.timeZone);
  const value = JSON.stringify({ at: at.toISOString() });
  const entry = (action: string) => JSON.stringify({ at: at.toISOString(), actor: 'admin', action, details: { regNo, day } });
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
  };
}

/** The conflicts list, newest first (at most `limit`). */
export async function listConflicts(limit = 500): Promise<CheckinConflict[]> {
  const items = await withStore((r) => r.lrange<CheckinConflict | string>(keys.checkinConflicts(), 0, limit - 1));
  return items.map((x) => (typeof x === 'string' ? (JSON.parse(x) as CheckinConflict) : x));
}

/**
 * GET /api/admin/checkins/snapshot (issue 25): the confirmed registrations, the revoked ones, the
 * tickets' public key and the conflicts so far, taken at `at`.
 */
export async function checkinSnapshot(at: Date): Promise<CheckinSnapshot> {
  const [all, conflicts] = await Promise.all([allRegistrations(), listConflicts()]);
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
  return { takenAt: at.toISOString(), publicKey: ticketPublicJwk(), days: conferenceDays(), timeZone: conference.timeZone, registrations, revoked, revokedReasons, conflicts };
}

// KEYS: nonce key, checkin key, audit list, conflicts list.
// ARGV: check-in value JSON, audit JSON, device, nonce lifetime (s), regNo, day, scannedAt, nonce.
// Returns {0} for a nonce already received, {1} for a new check-in, {2} for a repeat on the same
// device, {3, conflict JSON} for a check-in that day by another device (appended to the list).
const SYNC_SCRIPT = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[4]) then return {0, ''} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX') then
  redis.call('LPUSH', KEYS[3], ARGV[2])
  return {1, ''}
end
local existing = redis.call('GET', KEYS[2])
local ok, parsed = pcall(cjson.decode, existing)
local firstDevice = 'online'
local firstAt = ''
if ok and type(parsed) == 'table' then
  if type(parsed.device) == 'string' then firstDevice = parsed.device end
  if type(parsed.at) == 'string' then firstAt = parsed.at end
end
if firstDevice == ARGV[3] then return {2, ''} end
local conflict = cjson.encode({registrationNumber = ARGV[5], day = ARGV[6], first = {device = firstDevice, at = firstAt}, other = {device = ARGV[3], at = ARGV[7], nonce = ARGV[8]}})
redis.call('LPUSH', KEYS[4], conflict)
return {3, conflict}
`;

/** How long a received nonce is remembered: the conference and its aftermath. */
const NONCE_SECONDS = 60 * 24 * 3600;

/** Why the server refuses a synced scan, or null when the ticket is good for a check-in. */
async function refusal(ticketText: string): Promise<{ registrationNumber: string | null; reason: string } | { registrationNumber: string; reason: null }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(ticketText);
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
 * POST /api/admin/checkins/sync (issue 25): records the scans a device queued offline. Each scan
 * is judged again here (the device may be out of date); a good one records the check-in of its
 * day (Asia/Kolkata, from scannedAt) once per nonce, in one script with the nonce, so a retried
 * sync counts nothing twice. A ticket already checked in that day by another device is a conflict.
 */
export async function syncScans(scans: readonly SyncScan[]): Promise<SyncResult> {
  const result: SyncResult = { recorded: 0, duplicates: 0, conflicts: [], refused: [] };
  for (const scan of scans) {
    const judged = await refusal(scan.ticket);
    if (judged.reason !== null) {
      result.refused.push({ nonce: scan.nonce, registrationNumber: judged.registrationNumber, reason: judged.reason });
      continue;
    }
    const regNo = judged.registrationNumber;
    const at = new Date(scan.scannedAt);
    const day = dayIn(at, conference.timeZone);
    const value = JSON.stringify({ at: at.toISOString(), device: scan.device });
    const entry = JSON.stringify({ at: at.toISOString(), actor: `admin (device ${scan.device})`, action: 'checkin.recorded', details: { regNo, day, nonce: scan.nonce, offline: true } });
    const [status, conflict] = await withStore((r) =>
      r.eval<string[], [number, unknown]>(SYNC_SCRIPT, [keys.checkinNonce(scan.nonce), keys.checkin(regNo, day), keys.audit(), keys.checkinConflicts()], [
        value,
        entry,
        scan.device,
        String(NONCE_SECONDS),
        regNo,
        day,
        at.toISOString(),
        scan.nonce,
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
