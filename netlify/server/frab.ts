/**
 * The programme in the frab schedule format (GET /api/programme/schedule.json;
 * docs/operations.md, "The programme"; decision 038): the JSON that conference apps such as
 * Giggity and EventFahrplan read, laid out as the c3voc schedule schema describes it:
 * `schedule.conference.days[].rooms{room: [events]}`. Each event has a stable `guid` (a name-based
 * UUID v5 of the session_id, from the uuid package) and `id` (the session's number, which never
 * changes), its `date` (ISO 8601 with the conference's offset), `start` and `duration` as HH:MM in
 * the conference's time, and its papers' authors as `persons` (names only: no addresses are
 * published). `version` changes with every import (the programme's updatedAt), which is how the
 * apps notice a new schedule.
 */
import { v5 as uuidv5 } from 'uuid';
import { conference } from '../../src/content/conference';
import { dayAfter } from '../../src/shared/dates';
import type { StoredPaper } from '../../src/shared/papers';
import { paths } from '../../src/shared/routes';
import { isoInZone, wallClockInZone } from '../../src/shared/schedule';
import { siteUrl } from './platform/env';
import { publicSession, sessionInstants, type StoredProgramme } from './programme-store';

/** The namespace of this site's UUIDs: uuid v5 of the edition's name in the URL namespace. */
const NAMESPACE = uuidv5(`urn:${conference.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}:programme`, uuidv5.URL);

/** The schedule's acronym: the edition's name in lower case without spaces ('pesgre2025'). */
export const ACRONYM = conference.name.toLowerCase().replace(/[^a-z0-9]+/g, '');

const two = (n: number) => String(n).padStart(2, '0');
/** Minutes as frab's HH:MM duration. */
const hhmm = (minutes: number) => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
/** A slug as frab's pattern takes it: lower case letters, digits, '-' and '_', ending in a letter or digit. */
const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/-+/g, '-').replace(/^-|[-_]+$/g, '') || 'session';

/**
 * The frab schedule of `stored` (null: no programme yet, the conference's days without events).
 * Each conference day is a day of the schedule, 00:00 to 24:00 in the conference's time.
 */
export function frabSchedule(stored: StoredProgramme | null, papers: ReadonlyMap<string, StoredPaper>) {
  const base = siteUrl();
  const tz = conference.timeZone;
  // Stored in order of day, start and room (programme-import.ts).
  const sessions = stored?.sessions ?? [];
  const dates: string[] = [];
  for (let d: string = conference.startDate; d <= conference.endDate; d = dayAfter(d)) dates.push(d);
  const rooms = [...new Set(sessions.map((s) => s.room || conference.venue))].sort((a, b) => a.localeCompare(b, 'en'));
  const tracks = [...new Set(sessions.map((s) => s.track).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'en'));
  const days = dates.map((date, i) => {
    const byRoom: Record<string, unknown[]> = {};
    for (const s of sessions.filter((x) => x.date === date)) {
      const view = publicSession(s, papers);
      const { start, end } = sessionInstants(s);
      const room = s.room || conference.venue;
      const persons = [...new Set(view.papers.flatMap((p) => p.authors))].map((name) => ({ name, public_name: name }));
      const abstract = [s.chair ? `Chair: ${s.chair}` : '', ...view.papers.map((p) => `${p.paperId}: ${p.title} (${p.authors.join(', ')})`)].filter(Boolean).join('\n');
      (byRoom[room] ??= []).push({
        guid: uuidv5(`session:${s.id}`, NAMESPACE),
        id: s.number,
        date: isoInZone(start, tz),
        start: s.start,
        duration: hhmm(Math.round((end.getTime() - start.getTime()) / 60_000)),
        room,
        slug: `${ACRONYM}-${s.number}-${slugOf(s.title)}`.slice(0, 100).replace(/[-_]+$/, ''),
        url: `${base}${paths.programme}#session-${encodeURIComponent(s.id)}`,
        title: s.title,
        subtitle: '',
        track: s.track || null,
        type: s.kind,
        language: 'en',
        abstract,
        description: '',
        recording_license: '',
        do_not_record: null,
        persons,
        links: [],
        attachments: [],
      });
    }
    return {
      index: i + 1,
      date,
      day_start: isoInZone(wallClockInZone(date, '00:00', tz), tz),
      day_end: isoInZone(wallClockInZone(dayAfter(date), '00:00', tz), tz),
      rooms: byRoom,
    };
  });
  return {
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: { name: `${conference.name} programme`, version: '1' },
    schedule: {
      version: stored?.updatedAt ?? 'unpublished',
      base_url: `${base}/`,
      conference: {
        acronym: ACRONYM,
        title: conference.fullName,
        start: conference.startDate,
        end: conference.endDate,
        daysCount: dates.length,
        timeslot_duration: '00:15',
        time_zone_name: tz,
        url: `${base}${paths.programme}`,
        rooms: rooms.map((name) => ({ name, guid: uuidv5(`room:${name}`, NAMESPACE) })),
        tracks: tracks.map((name) => ({ name })),
        days,
      },
    },
  };
}
