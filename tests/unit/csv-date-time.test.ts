/**
 * formatDateTime (the CSV's Paid At / Created / Updated, the e-mail's "Paid at"): the same text as
 * Intl's own formatting of the instant in the zone, including on both sides of daylight-saving
 * changes, in zones with half-hour and 45-minute offsets, and for unreadable input.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/csv';

/** The reference: Intl.DateTimeFormat's parts, as the CSV showed them before the offset cache. */
function viaIntl(iso: string, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

describe('formatDateTime', () => {
  it('shows the instant in the conference zone by default', () => {
    expect(formatDateTime('2025-11-10T20:00:00Z')).toBe('2025-11-11 01:30:00');
    expect(formatDateTime('2025-11-10T20:00:00.999Z', 'Asia/Kolkata')).toBe('2025-11-11 01:30:00');
  });

  it('matches Intl second by second around daylight-saving changes and odd offsets', () => {
    const cases: [string, string][] = [
      ['America/New_York', '2025-03-09T07:00:00Z'],
      ['America/New_York', '2025-11-02T06:00:00Z'],
      ['Europe/London', '2025-10-26T01:00:00Z'],
      ['Australia/Lord_Howe', '2025-04-05T15:00:00Z'],
      ['America/St_Johns', '2025-03-09T05:30:00Z'],
      ['Asia/Kathmandu', '2025-06-01T00:00:00Z'],
      ['Pacific/Chatham', '2025-04-05T14:00:00Z'],
    ];
    for (const [zone, change] of cases) {
      for (let t = Date.parse(change) - 2 * 3600_000; t <= Date.parse(change) + 2 * 3600_000; t += 37_000) {
        const iso = new Date(t).toISOString();
        expect(formatDateTime(iso, zone), `${iso} in ${zone}`).toBe(viaIntl(iso, zone));
      }
    }
  });

  it("answers '' for no value and the text itself for an unreadable one", () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
