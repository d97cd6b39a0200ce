import { describe, expect, it } from 'vitest';
import { dayAfter, dayBefore, dayIn, formatDay, formatDayRange, onOrBefore } from '../../src/shared/dates';

describe('calendar days (src/shared/dates.ts)', () => {
  it('names the day an instant falls on in the conference time zone', () => {
    // 18:30 UTC is already the next day in India (UTC+5:30).
    expect(dayIn(new Date('2025-11-15T18:29:59Z'), 'Asia/Kolkata')).toBe('2025-11-15');
    expect(dayIn(new Date('2025-11-15T18:30:00Z'), 'Asia/Kolkata')).toBe('2025-11-16');
    expect(onOrBefore(new Date('2025-11-15T18:29:59Z'), '2025-11-15', 'Asia/Kolkata')).toBe(true);
    expect(onOrBefore(new Date('2025-11-15T18:30:00Z'), '2025-11-15', 'Asia/Kolkata')).toBe(false);
  });

  it('shows a day in words, whatever the machine time zone', () => {
    expect(formatDay('2025-11-01')).toBe('1 November 2025');
    expect(formatDay('2025-12-31')).toBe('31 December 2025');
  });

  it('joins a range within one month, across months and across years with plain spaces', () => {
    expect(formatDayRange('2025-12-18', '2025-12-21')).toBe('18 – 21 December 2025');
    expect(formatDayRange('2025-11-30', '2025-12-02')).toBe('30 November 2025 – 2 December 2025');
    expect(formatDayRange('2025-12-31', '2026-01-01')).toBe('31 December 2025 – 1 January 2026');
    expect(formatDayRange('2025-12-18', '2025-12-21')).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('dayBefore ("until 19 November 2025") and dayAfter', () => {
  /** Consecutive ISO days [day, the next day]: within a month, across months, years and 29 February. */
  const consecutive = [
    ['2025-11-19', '2025-11-20'],
    ['2025-11-30', '2025-12-01'],
    ['2025-12-21', '2025-12-22'],
    ['2025-12-31', '2026-01-01'],
    ['2027-02-28', '2027-03-01'],
    ['2028-02-28', '2028-02-29'],
    ['2028-02-29', '2028-03-01'],
  ] as const;
  it.each(consecutive)('%s is the day before %s, and that the day after it', (day, next) => {
    expect(dayBefore(next)).toBe(day);
    expect(dayAfter(day)).toBe(next);
  });
});
