/**
 * The check-in rules the door, the desk, the device and the sync share (src/shared/checkin.ts;
 * docs/operations.md, "Check-in at the door"; decision 035): check-in closes after the
 * conference's last day, a synced scan dated outside the conference days or ahead of the server's
 * clock gives no attendance, no device takes the server's name for online check-ins, and the
 * extras the desk hands out. Dates come from src/content (tests/setup/edition-clock.ts).
 */
import { describe, expect, it } from 'vitest';
import { conference } from '../../src/content/conference';
import { SCAN_CLOCK_SKEW_MS, checkinClosed, daysFromTo, deskExtras, deskExtrasLines, scanDateProblem, syncScanSchema } from '../../src/shared/checkin';
import { conferenceDays } from '../../src/shared/badges';
import { formatDay } from '../../src/shared/dates';
import { afterConference, at, conferenceDay } from '../setup/edition-clock';

const days = conferenceDays();
const zone = conference.timeZone;
const instant = (iso: string) => new Date(iso);

describe('the conference days', () => {
  it('run from the first to the last day, both included', () => {
    expect(days[0]).toBe(conference.startDate);
    expect(days.at(-1)).toBe(conference.endDate);
    expect(daysFromTo('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
  });
});

describe('check-in closes after the conference', () => {
  it('is open before and during the conference, to the last second of its last day (IST), and closed after', () => {
    expect(checkinClosed(instant(conferenceDay(-2)), days, zone)).toBeNull();
    expect(checkinClosed(instant(conferenceDay(0, '00:00:00')), days, zone)).toBeNull();
    expect(checkinClosed(instant(conferenceDay(days.length - 1, '23:59:59')), days, zone)).toBeNull();
    expect(checkinClosed(instant(afterConference('00:00:00')), days, zone)).toBe(`Check-in is closed: the conference ended on ${formatDay(conference.endDate)}.`);
    expect(checkinClosed(instant(at(conference.endDate, 365)), days, zone)).not.toBeNull();
  });
});

describe('a synced scan\'s date', () => {
  const server = instant(conferenceDay(1, '12:00:00'));
  it('is good on a conference day that has come, a phone a little fast included', () => {
    expect(scanDateProblem(instant(conferenceDay(0, '09:00:00')), server, days, zone)).toBeNull();
    expect(scanDateProblem(new Date(server.getTime() + SCAN_CLOCK_SKEW_MS), server, days, zone)).toBeNull();
  });
  it('is flagged ahead of the server\'s clock, and outside the conference days', () => {
    expect(scanDateProblem(new Date(server.getTime() + SCAN_CLOCK_SKEW_MS + 1000), server, days, zone)).toMatch(/ahead of the server's clock/);
    expect(scanDateProblem(instant('2030-01-01T09:00:00+05:30'), server, days, zone)).toMatch(/ahead of the server's clock/);
    expect(scanDateProblem(instant(conferenceDay(2, '09:00:00')), server, days, zone)).toMatch(/ahead of the server's clock/);
    expect(scanDateProblem(instant(conferenceDay(-1, '09:00:00')), server, days, zone)).toMatch(/not a conference day/);
    expect(scanDateProblem(instant(afterConference()), instant(afterConference('18:00:00')), days, zone)).toMatch(/not a conference day/);
  });
});

describe('a queued scan', () => {
  const scan = { nonce: 'n0nce-of-16-chars', ticket: '{"rid":"X"}', scannedAt: conferenceDay(0), device: 'door-a' };
  it('refuses the server\'s name for online check-ins as a device name, in any case', () => {
    expect(syncScanSchema.safeParse(scan).success).toBe(true);
    for (const device of ['online', 'ONLINE', 'OnLine']) expect(syncScanSchema.safeParse({ ...scan, device }).success, device).toBe(false);
    expect(syncScanSchema.safeParse({ ...scan, device: 'online-door' }).success).toBe(true);
  });
  it('carries a ticket or a registration number, one of the two', () => {
    const { ticket: _ticket, ...bare } = scan;
    expect(syncScanSchema.safeParse({ ...bare, registrationNumber: 'PESGRE25-ABCD2345' }).success).toBe(true);
    expect(syncScanSchema.safeParse(bare).success).toBe(false);
    expect(syncScanSchema.safeParse({ ...scan, registrationNumber: 'PESGRE25-ABCD2345' }).success).toBe(false);
  });
});

describe('the extras to hand out', () => {
  it('reads the registration\'s reception and dinner tickets and diet; nothing chosen reads as none', () => {
    const e = deskExtras({ welcomeReception: 'yes', additionalReceptionTickets: 3, galaDinner: 'no', additionalGalaDinnerTickets: 2, dietaryRequirements: ['NONE'], dietaryOtherText: '' });
    expect(e).toEqual({ welcomeReception: { attends: true, extraTickets: 3 }, galaDinner: { attends: false, extraTickets: 0 }, diet: '' });
    expect(deskExtrasLines(e)).toEqual(['Reception: 4 tickets (1 + 3 extra)', 'Gala dinner: none', 'Diet: no special requirement']);
    expect(deskExtras({}).diet).toBe('');
    expect(deskExtras({ dietaryRequirements: ['GLUTEN FREE', 'OTHER'], dietaryOtherText: ' halal ' }).diet).toBe('GLUTEN FREE, OTHER: halal');
  });
});
