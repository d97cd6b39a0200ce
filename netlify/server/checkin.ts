/**
 * Ticket check-ins at the registration desk (spec part 2 sections 2, 7; ARCHITECTURE:
 * `checkin:{regNo}:{day}` set with NX). The first valid scan of a registration on a conference
 * day records the time; later scans that day read it back and are flagged as repeats. One Lua
 * script sets the key (NX) and appends the audit entry, so the check-in and its audit trail
 * cannot part ways and a repeat costs the same one request.
 */
import { conference } from '../../src/content/conference';
import { dayIn } from '../../src/shared/dates';
import { keys, withStore } from './store';

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

/** Records a valid scan of `regNo` at `at` by the signed-in organiser. */
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
