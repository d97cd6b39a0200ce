/**
 * The programme's pure rules (decision 037): India time with its offset, the order of sessions,
 * "now" and "next" by room with a pinned clock, what counts as a move, the CSV's cell checks, the
 * sample programme passing them, and the Program menu's current entry.
 */
import { describe, expect, it } from 'vitest';
import { parseProgrammeCsv } from '../../netlify/server/programme-csv';
import { isCurrentChild, navEntries, type NavGroupEntry } from '../../src/app/nav';
import { conference } from '../../src/content/conference';
import { compareSessions, nowAndNext, placementChanged, programmeDays, type ProgrammeSession } from '../../src/shared/programme';
import { paths } from '../../src/shared/routes';
import { isoInZone, wallClockInZone } from '../../src/shared/schedule';
import { sampleProgrammeCsv } from '../../scripts/sample-programme';

const tz = 'Asia/Kolkata';
const session = (id: string, room: string, date: string, start: string, end: string): ProgrammeSession => ({
  id,
  title: id,
  kind: 'papers',
  track: '',
  room,
  start: isoInZone(wallClockInZone(date, start, tz), tz),
  end: isoInZone(wallClockInZone(date, end, tz), tz),
  chair: '',
  papers: [],
});

describe('India time', () => {
  it('reads a wall clock in the conference zone and writes it back with +05:30', () => {
    expect(wallClockInZone('2025-12-18', '09:30', tz).toISOString()).toBe('2025-12-18T04:00:00.000Z');
    expect(isoInZone(new Date('2025-12-18T04:00:00Z'), tz)).toBe('2025-12-18T09:30:00+05:30');
    expect(isoInZone(new Date('2025-12-18T20:00:00Z'), tz)).toBe('2025-12-19T01:30:00+05:30');
    // A zone west of Greenwich, with daylight saving (the next edition may be elsewhere).
    expect(isoInZone(wallClockInZone('2026-07-01', '10:00', 'America/Toronto'), 'America/Toronto')).toBe('2026-07-01T10:00:00-04:00');
    expect(() => wallClockInZone('2025-12-18', '9.30', tz)).toThrow('Not a time');
  });
});

describe('sessions', () => {
  const list = [session('B', 'Hall B', '2025-12-18', '11:00', '12:00'), session('A', 'Hall A', '2025-12-18', '11:00', '12:00'), session('E', 'Hall A', '2025-12-18', '09:00', '10:00'), session('D', 'Hall A', '2025-12-19', '09:00', '10:00')];

  it('sort by start, then room, and group by local day', () => {
    const sorted = [...list].sort(compareSessions);
    expect(sorted.map((s) => s.id)).toEqual(['E', 'A', 'B', 'D']);
    expect(programmeDays(sorted).map((d) => [d.date, d.sessions.map((s) => s.id)])).toEqual([
      ['2025-12-18', ['E', 'A', 'B']],
      ['2025-12-19', ['D']],
    ]);
  });

  it('"now" and "next" by room follow the clock, only on the day the clock is on', () => {
    const at = (iso: string) => nowAndNext(list, new Date(iso), tz).map((r) => [r.room, r.now?.id ?? null, r.next?.id ?? null]);
    // 09:30 IST on the 18th.
    expect(at('2025-12-18T04:00:00Z')).toEqual([
      ['Hall A', 'E', 'A'],
      ['Hall B', null, 'B'],
    ]);
    // 11:00 IST exactly: A and B have started; E is over.
    expect(at('2025-12-18T05:30:00Z')).toEqual([
      ['Hall A', 'A', null],
      ['Hall B', 'B', null],
    ]);
    // 12:00 IST: everything of the day is over.
    expect(at('2025-12-18T06:30:00Z')).toEqual([]);
    // 08:00 IST on the 19th: only the 19th's session.
    expect(at('2025-12-19T02:30:00Z')).toEqual([['Hall A', null, 'D']]);
  });

  it('a session moves when its day, time or room changes, not its title', () => {
    const p = { date: '2025-12-18', start: '09:00', end: '10:00', room: 'Hall A' };
    expect(placementChanged(p, { ...p })).toBe(false);
    expect(placementChanged(p, { ...p, room: 'Hall B' })).toBe(true);
    expect(placementChanged(p, { ...p, end: '10:30' })).toBe(true);
    expect(placementChanged(p, { ...p, date: '2025-12-19' })).toBe(true);
  });
});

describe('the programme CSV', () => {
  const csv = (body: string) => new TextEncoder().encode(`session_id,title,kind,track,room,date,start,end,chair,paper_ids\n${body}`);

  it('reads the cells, normalises Paper IDs and times, and numbers rows as a spreadsheet does', () => {
    const parsed = parseProgrammeCsv(csv('S1,Grid control,Papers,Smart Grid,Hall A,2025-12-18,9:00,10:30,Dr. Patil, p-101 ; P-102;p-101\n\nS2,Tea,break,,,2025-12-18,10:30,11:00,,'));
    expect(parsed.refused).toEqual([]);
    expect(parsed.rows).toEqual([
      { row: 2, id: 'S1', title: 'Grid control', kind: 'papers', track: 'Smart Grid', room: 'Hall A', date: '2025-12-18', start: '09:00', end: '10:30', chair: 'Dr. Patil', paperIds: ['P-101', 'P-102'] },
      { row: 4, id: 'S2', title: 'Tea', kind: 'break', track: '', room: '', date: '2025-12-18', start: '10:30', end: '11:00', chair: '', paperIds: [] },
    ]);
    expect(parsed.warnings).toEqual([{ row: 2, message: 'A Paper ID is listed twice in this session; it is placed once.' }]);
  });

  it('refuses bad cells, each row with all its reasons', () => {
    const parsed = parseProgrammeCsv(csv(',,talk,,,2025-02-30,25:00,10:00,,\nS 2,x,papers,,Hall A,2025-12-18,10:00,10:00,,'));
    expect(parsed.refused).toEqual([
      {
        row: 2,
        reason:
          'session_id is empty. title is empty. kind must be one of keynote, tutorial, papers, break, other (it is "talk"). room is empty (only a break may have no room: it is for everyone). date must be a day written YYYY-MM-DD (it is "2025-02-30"). start must be a time written HH:MM (it is "25:00").',
      },
      { row: 3, reason: 'session_id "S 2" may hold only letters, digits, ".", "_" and "-" (at most 40). end (10:00) must be after start (10:00).' },
    ]);
  });

  it('refuses a file without its columns or without a session', () => {
    expect(() => parseProgrammeCsv(new TextEncoder().encode('session,title\nS1,x'))).toThrow('has no "session_id", "kind", "track", "room", "date", "start", "end", "chair", "paper_ids" columns');
    expect(() => parseProgrammeCsv(csv(''))).toThrow('has no session');
  });

  it('reads the sample programme of src/content without a refusal', () => {
    const parsed = parseProgrammeCsv(new TextEncoder().encode(sampleProgrammeCsv()));
    expect(parsed.refused).toEqual([]);
    expect(parsed.rows.length).toBeGreaterThan(20);
    expect(parsed.rows.every((r) => r.date >= conference.startDate && r.date <= conference.endDate)).toBe(true);
  });
});

describe('the Program menu', () => {
  it('has the programme, current only on its own page', () => {
    const program = navEntries.find((e) => 'children' in e && e.label === 'Program') as NavGroupEntry;
    const entry = program.children.find((c) => c.to === paths.programme)!;
    expect(entry.label).toBe('Programme');
    expect(isCurrentChild(program, entry, paths.programme)).toBe(true);
    expect(isCurrentChild(program, entry, paths.keynoteSpeakers)).toBe(false);
    const keynotes = program.children.find((c) => c.to === paths.keynoteSpeakers)!;
    expect(isCurrentChild(program, keynotes, paths.keynoteSpeakers)).toBe(true);
  });
});

describe("the home page's schema.org Event data", () => {
  it('gives the days, the place and the organiser from the content, scheduled and attended in person', async () => {
    const { conferenceEvent, conferenceEventJson } = await import('../../src/features/home/event-data');
    expect(conferenceEvent()).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: conference.fullName,
      startDate: conference.startDate,
      endDate: conference.endDate,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: conference.instituteName, address: { '@type': 'PostalAddress', addressLocality: conference.city, addressRegion: conference.state, addressCountry: conference.country } },
    });
    // Safe inside a <script> element: no '<' survives.
    expect(conferenceEventJson()).not.toContain('<');
    expect(JSON.parse(conferenceEventJson())).toEqual(conferenceEvent());
  });
});
