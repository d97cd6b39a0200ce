/**
 * Instants the tests pin the clock to, expressed relative to this edition's dates in src/content:
 * a test that needs "a day of Early Bird pricing" or "after the
 * conference" asks for it here instead of writing a 2025 instant, so the next edition's content
 * (every date shifted) passes the same tests. Each instant is a wall-clock time in the
 * conference's time zone, written as ISO 8601 with that zone's offset (what APP_NOW takes).
 * No vitest imports: the function and e2e projects both load it.
 */
import { conference } from '../../src/content/conference';
import { invoicing } from '../../src/content/invoicing';
import { registrationFees } from '../../src/content/registration';

/** `isoDay` moved by `days` calendar days. */
export function shiftDay(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The UTC offset of the conference's zone on `isoDay`, as '+05:30'. */
function offsetOn(isoDay: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: conference.timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(`${isoDay}T12:00:00Z`));
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

/** `time` (HH:MM[:SS]) on `isoDay` moved by `days`, in the conference's zone: '2025-11-10T10:00:00+05:30'. */
export function at(isoDay: string, days = 0, time = '10:00:00'): string {
  const day = shiftDay(isoDay, days);
  return `${day}T${time.length === 5 ? `${time}:00` : time}${offsetOn(day)}`;
}

/** A day of Early Bird pricing: 17 days before its last day (2025: 15 Oct 2025, 10:00). */
export const beforeEarlyBird = (time = '10:00:00') => at(registrationFees.earlyBirdDate, -17, time);
/** A day of Standard pricing, before the refund and name-transfer deadlines (2025: 10 Nov 2025, 10:00). */
export const standardPeriod = (time = '10:00:00') => at(registrationFees.earlyBirdDate, 9, time);
/** The same day: registrations made then may still be cancelled with a refund. */
export const beforeRefundDeadline = standardPeriod;
/** The first instant at which cancellations are no longer refunded (2025: 20 Nov 2025, 00:00). */
export const refundDeadline = () => at(invoicing.refund.requestBefore, 0, '00:00:00');
/** Day `n` (0-based) of the conference at `time` (2025: day 0 is 18 Dec 2025). */
export const conferenceDay = (n: number, time = '10:00:00') => at(conference.startDate, n, time);
/** The day after the conference's last day (2025: 22 Dec 2025, 10:00). */
export const afterConference = (time = '10:00:00') => at(conference.endDate, 1, time);
