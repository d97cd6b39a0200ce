/**
 * The edits `npm run test:next-edition` makes to a copy of src/content:
 * every date one year later, in each form the content writes dates, and one fee.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changeOneFee, shiftDates } from '../../scripts/next-edition-check';

describe('next-edition check', () => {
  it('moves ISO days, the days of ISO instants and written days one year on', () => {
    expect(shiftDates("startDate: '2025-12-18', opensAt: '2025-12-21T18:00:00+05:30', text: 'by 30 June 2025'")).toBe(
      "startDate: '2026-12-18', opensAt: '2026-12-21T18:00:00+05:30', text: 'by 30 June 2026'",
    );
    expect(shiftDates("'2028-02-29'")).toBe("'2029-02-28'");
    expect(shiftDates("numberPrefix: 'PESGRE25-CERT'")).toBe("numberPrefix: 'PESGRE25-CERT'");
  });

  it('changes the Standard professional non-member INR fee of the content by 500', () => {
    const source = readFileSync(new URL('../../src/content/registration.ts', import.meta.url), 'utf8');
    const fee = (s: string) => Number(/non: \{ early: \{ INR: \d+, USD: \d+ \}, std: \{ INR: (\d+)/.exec(s)![1]);
    expect(fee(changeOneFee(source))).toBe(fee(source) + 500);
  });
});
