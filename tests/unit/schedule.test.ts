/**
 * The home page's time logic (src/shared/schedule.ts) with pinned clocks: the Upcoming Events
 * card, the Important Dates states and the countdowns (docs/rules.md#the-information-pages).
 */
import { describe, expect, it } from 'vitest';
import {
  conferenceEnd,
  conferencePhase,
  conferenceStart,
  countdownFigures,
  countdownParts,
  deadlineOf,
  importantDateStates,
  isPassed,
  stableWindow,
  startOfDayInZone,
  upcomingEvents,
} from '../../src/shared/schedule';
import { importantDates } from '../../src/content/dates';
import { conference } from '../../src/content/conference';
import { at as edition } from '../setup/edition-clock';

const at = (iso: string) => new Date(iso);

/** The 8 dates of docs/rules.md#the-information-pages, independent of the content module. */
const specDates = [
  { title: 'Submission opens; call for special sessions', date: '2025-04-15' },
  { title: 'Special session proposal deadline', date: '2025-05-15' },
  { title: 'Paper submission deadline', date: '2025-06-15' },
  { title: 'Final extended submission deadline', date: '2025-07-27' },
  { title: 'Acceptance notification', date: '2025-09-30' },
  { title: 'Camera-ready', date: '2025-10-31' },
  { title: 'Early bird registration deadline', date: '2025-11-01' },
  { title: 'Standard registration deadline', date: '2025-11-15' },
];

describe('deadlineOf / isPassed', () => {
  it('a day ends at 18:29:59 UTC (23:59:59 IST)', () => {
    expect(deadlineOf('2025-10-31').toISOString()).toBe('2025-10-31T18:29:59.000Z');
    expect(isPassed('2025-10-31', at('2025-10-31T18:29:58.999Z'))).toBe(false);
    expect(isPassed('2025-10-31', at('2025-10-31T18:29:59.000Z'))).toBe(true);
  });

  it('rejects a date that is not yyyy-mm-dd', () => {
    expect(() => deadlineOf('31/10/2025')).toThrow(/ISO date/);
  });
});

describe('upcomingEvents', () => {
  it('before the first date: the first date, target 18:29:59 UTC on it', () => {
    const next = upcomingEvents(specDates, at('2025-01-01T00:00:00Z'));
    expect(next?.date).toBe('2025-04-15');
    expect(next?.events.map((e) => e.title)).toEqual(['Submission opens; call for special sessions']);
    expect(next?.target.toISOString()).toBe('2025-04-15T18:29:59.000Z');
  });

  it('between dates (2025-06-20): the final extended submission deadline', () => {
    const next = upcomingEvents(specDates, at('2025-06-20T12:00:00Z'));
    expect(next?.date).toBe('2025-07-27');
    expect(next?.target.toISOString()).toBe('2025-07-27T18:29:59.000Z');
  });

  it('on a date before 23:59:59 IST it is still that date, after it the next one', () => {
    expect(upcomingEvents(specDates, at('2025-10-31T10:00:00Z'))?.date).toBe('2025-10-31');
    expect(upcomingEvents(specDates, at('2025-10-31T18:29:58Z'))?.date).toBe('2025-10-31');
    expect(upcomingEvents(specDates, at('2025-10-31T18:29:59Z'))?.date).toBe('2025-11-01');
    expect(upcomingEvents(specDates, at('2025-10-31T19:00:00Z'))?.date).toBe('2025-11-01');
  });

  it('after every date (during the conference, and in 2026): null', () => {
    expect(upcomingEvents(specDates, at('2025-12-19T08:00:00Z'))).toBeNull();
    expect(upcomingEvents(specDates, at('2026-01-10T00:00:00Z'))).toBeNull();
    expect(upcomingEvents([], at('2025-01-01T00:00:00Z'))).toBeNull();
  });

  it('returns every event on the next date, in input order, whatever the input order', () => {
    const dates = [
      { title: 'Later', date: '2025-09-01' },
      { title: 'A', date: '2025-08-01' },
      { title: 'Past', date: '2025-07-01' },
      { title: 'B', date: '2025-08-01' },
      { title: 'C', date: '2025-08-01' },
    ];
    const next = upcomingEvents(dates, at('2025-07-15T00:00:00Z'));
    expect(next?.date).toBe('2025-08-01');
    expect(next?.events.map((e) => e.title)).toEqual(['A', 'B', 'C']);
  });

  it('works on the content module (8 dates, the last one the Standard deadline)', () => {
    expect(importantDates).toHaveLength(8);
    const last = importantDates.at(-1)!.date;
    expect(upcomingEvents(importantDates, new Date(edition(last, -5, '05:30:00')))?.events[0]?.title).toBe(
      'Standard registration deadline',
    );
    expect(upcomingEvents(importantDates, new Date(edition(last, 1, '00:00:00')))).toBeNull();
  });
});

describe('countdownParts', () => {
  const target = at('2025-10-31T18:29:59Z');

  it('is exact to the second', () => {
    // 1 day, 2 h, 3 min, 4 s before the target.
    expect(countdownParts(target, at('2025-10-30T16:26:55Z'))).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4, done: false });
    expect(countdownParts(target, at('2025-10-31T10:00:00Z'))).toEqual({ days: 0, hours: 8, minutes: 29, seconds: 59, done: false });
    expect(countdownParts(target, at('2025-10-31T18:29:58Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false });
  });

  it('truncates the part of a second that is left', () => {
    expect(countdownParts(target, at('2025-10-31T18:29:57.001Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false });
    expect(countdownParts(target, at('2025-10-31T18:29:58.500Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: false });
  });

  it('counts many days', () => {
    expect(countdownParts(target, at('2025-06-20T18:29:59Z'))).toEqual({ days: 133, hours: 0, minutes: 0, seconds: 0, done: false });
  });

  it('is done, never negative, at and after the target', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, done: true };
    expect(countdownParts(target, target)).toEqual(zero);
    expect(countdownParts(target, at('2026-01-10T00:00:00Z'))).toEqual(zero);
  });
});

describe('importantDateStates', () => {
  const states = (iso: string) => importantDateStates(specDates, at(iso)).map((s) => `${s.passed ? 'P' : '-'}${s.current ? 'C' : '-'}`);

  it('before the first date: nothing passed, the first is current', () => {
    expect(states('2025-01-01T00:00:00Z')).toEqual(['-C', '--', '--', '--', '--', '--', '--', '--']);
  });

  it('between dates: earlier ones passed, the next one current', () => {
    expect(states('2025-06-20T00:00:00Z')).toEqual(['P-', 'P-', 'P-', '-C', '--', '--', '--', '--']);
  });

  it('uses the same 18:29:59 UTC boundary as the card', () => {
    expect(states('2025-10-31T10:00:00Z')).toEqual(['P-', 'P-', 'P-', 'P-', 'P-', '-C', '--', '--']);
    expect(states('2025-10-31T19:00:00Z')).toEqual(['P-', 'P-', 'P-', 'P-', 'P-', 'P-', '-C', '--']);
  });

  it('during the conference and after: all passed, none current', () => {
    expect(states('2025-12-19T06:00:00Z')).toEqual(Array(8).fill('P-'));
    expect(states('2026-01-10T00:00:00Z')).toEqual(Array(8).fill('P-'));
  });

  it('keeps the entry fields and adds the deadline', () => {
    const [first] = importantDateStates(specDates, at('2025-01-01T00:00:00Z'));
    expect(first?.title).toBe('Submission opens; call for special sessions');
    expect(first?.deadline.toISOString()).toBe('2025-04-15T18:29:59.000Z');
  });
});

describe('conference countdown target', () => {
  it('is the start of the first day in the conference zone (2025: 18 Dec 2025 IST, 2025-12-17T18:30:00Z)', () => {
    expect(conferenceStart(conference).toISOString()).toBe(new Date(edition(conference.startDate, 0, '00:00:00')).toISOString());
    expect(startOfDayInZone('2025-12-18', 'Asia/Kolkata').toISOString()).toBe('2025-12-17T18:30:00.000Z');
  });

  it('handles other zones, including daylight saving', () => {
    expect(startOfDayInZone('2025-12-18', 'UTC').toISOString()).toBe('2025-12-18T00:00:00.000Z');
    expect(startOfDayInZone('2025-07-01', 'America/New_York').toISOString()).toBe('2025-07-01T04:00:00.000Z');
    expect(startOfDayInZone('2025-12-18', 'America/New_York').toISOString()).toBe('2025-12-18T05:00:00.000Z');
  });

  it('counts down to it and is done once reached', () => {
    const start = conferenceStart(conference);
    const ms = start.getTime();
    expect(countdownParts(start, new Date(ms - 86_400_000))).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0, done: false });
    expect(countdownParts(start, new Date(ms - 1000)).seconds).toBe(1);
    expect(countdownParts(start, new Date(ms)).done).toBe(true);
    expect(countdownParts(start, new Date(edition(conference.startDate, 1))).done).toBe(true);
  });
});

describe('conferencePhase (after the conference the home page says it has ended)', () => {
  it('is before until the first day starts, under way on the days, ended from the day after the last', () => {
    expect(conferencePhase(conference, new Date(new Date(edition(conference.startDate, 0, '00:00:00')).getTime() - 1000))).toBe('before');
    expect(conferencePhase(conference, new Date(edition(conference.startDate, 0, '00:00:00')))).toBe('under-way');
    expect(conferencePhase(conference, new Date(edition(conference.endDate, 0, '23:59:59')))).toBe('under-way');
    expect(conferencePhase(conference, new Date(edition(conference.endDate, 1, '00:00:00')))).toBe('ended');
  });

  it('reads the days in the given zone', () => {
    const c = { startDate: '2025-12-18', endDate: '2025-12-21', timeZone: 'UTC' };
    expect(conferencePhase(c, at('2025-12-21T23:59:59Z'))).toBe('under-way');
    expect(conferencePhase(c, at('2025-12-22T00:00:00Z'))).toBe('ended');
  });
});

describe('countdownFigures', () => {
  it('days as they are, hours, minutes and seconds with two digits', () => {
    expect(countdownFigures(countdownParts(at('2025-12-17T18:30:00Z'), at('2025-09-01T06:00:00Z')))).toEqual({ days: '107', hours: '12', minutes: '30', seconds: '00' });
    expect(countdownFigures(countdownParts(at('2025-01-01T00:00:00Z'), at('2024-12-31T23:58:51Z')))).toEqual({ days: '0', hours: '00', minutes: '01', seconds: '09' });
    expect(countdownFigures(countdownParts(at('2025-01-01T00:00:00Z'), at('2025-01-02T00:00:00Z')))).toEqual({ days: '0', hours: '00', minutes: '00', seconds: '00' });
  });
});

describe('stableWindow (decision 019: how long a time-dependent block\'s HTML stays right)', () => {
  const deadlines = specDates.map((d) => deadlineOf(d.date));
  it('from the last boundary reached to the next one', () => {
    expect(stableWindow(deadlines, at('2025-09-01T00:00:00Z'))).toEqual({ from: Date.parse('2025-07-27T18:29:59Z'), until: Date.parse('2025-09-30T18:29:59Z') });
    // A boundary belongs to the window it opens (the card moves on at the deadline itself).
    expect(stableWindow(deadlines, at('2025-09-30T18:29:59Z'))).toEqual({ from: Date.parse('2025-09-30T18:29:59Z'), until: Date.parse('2025-10-31T18:29:59Z') });
  });
  it('open at either end before the first and after the last boundary; order does not matter', () => {
    expect(stableWindow([...deadlines].reverse(), at('2025-01-01T00:00:00Z'))).toEqual({ from: undefined, until: Date.parse('2025-04-15T18:29:59Z') });
    expect(stableWindow(deadlines, at('2026-01-01T00:00:00Z'))).toEqual({ from: Date.parse('2025-11-15T18:29:59Z'), until: undefined });
    expect(stableWindow([], at('2026-01-01T00:00:00Z'))).toEqual({ from: undefined, until: undefined });
  });
});

describe('conferenceEnd', () => {
  it('the start of the day after the last day in the conference\'s zone, where the phase turns to ended', () => {
    const end = conferenceEnd({ endDate: '2025-12-21', timeZone: 'Asia/Kolkata' });
    expect(end.toISOString()).toBe('2025-12-21T18:30:00.000Z');
    const edition = { startDate: '2025-12-18', endDate: '2025-12-21', timeZone: 'Asia/Kolkata' };
    expect(conferencePhase(edition, new Date(end.getTime() - 1))).toBe('under-way');
    expect(conferencePhase(edition, end)).toBe('ended');
  });
});
