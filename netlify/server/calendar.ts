/**
 * iCalendar (RFC 5545) files, written by ical-generator (docs/operations.md, "The programme";
 * decision 038): the whole programme (GET /api/programme.ics), a delegate's agenda
 * (GET /api/agenda/{token}.ics) and the conference days attached to the confirmation e-mail.
 *
 * One VEVENT per session: a UID made of the session_id (which the programme chair keeps from one
 * import to the next) that never changes; SEQUENCE, the session's revision, which grows each time
 * its day, time or room changes, so a subscribed calendar replaces its copy; DTSTAMP and
 * LAST-MODIFIED, when the session last changed; DTSTART and DTEND in UTC (the `Z` form, which
 * needs no VTIMEZONE and which every calendar shows in its own zone); LOCATION, the room and the
 * venue. The feeds ask to be fetched again every hour (REFRESH-INTERVAL, X-PUBLISHED-TTL).
 */
import ical, { ICalCalendarMethod } from 'ical-generator';
import { conference } from '../../src/content/conference';
import { dayAfter } from '../../src/shared/dates';
import type { StoredPaper } from '../../src/shared/papers';
import { paths } from '../../src/shared/routes';
import { siteUrl } from './platform/env';
import { sessionInstants, type StoredSession } from './programme-store';

/** The right-hand side of every UID: the edition, not the host (a UID must not change when the site moves). */
export const UID_DOMAIN = `programme.${conference.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}`;

/** The UID of session `id`: the same in every feed and every version of the programme. */
export const sessionUid = (id: string): string => `session-${id}@${UID_DOMAIN}`;

const prodId = { company: conference.name, product: 'Programme', language: 'EN' };
/** How often a subscribed calendar should fetch the feed again, in seconds. */
const REFRESH_SECONDS = 3600;

/** The room and the venue, as LOCATION and the e-mails write them. */
export function placeOf(room: string): string {
  return room ? `${room}, ${conference.venue}` : conference.venue;
}

/** The lines of a session's DESCRIPTION: what it is, its chair, its papers with their authors. */
function descriptionOf(s: StoredSession, papers: ReadonlyMap<string, StoredPaper>, own: ReadonlySet<string>): string {
  const lines = [[s.kind === 'papers' ? 'Paper session' : s.kind[0]!.toUpperCase() + s.kind.slice(1), s.track].filter(Boolean).join(' · ')];
  if (s.chair) lines.push(`Chair: ${s.chair}`);
  if (own.has(s.id)) lines.push('Your paper is presented in this session.');
  for (const id of s.paperIds) {
    const p = papers.get(id);
    if (p) lines.push(`${p.paperId}: ${p.title} (${p.authors.map((a) => a.name).filter(Boolean).join(', ')})`);
  }
  return lines.join('\n');
}

/**
 * The calendar of `sessions` (a feed): `name` is the calendar's name; `own` the ids of sessions
 * that present the reader's papers (said in their DESCRIPTION). Returns the .ics text.
 */
export function sessionsCalendar(sessions: readonly StoredSession[], papers: ReadonlyMap<string, StoredPaper>, opts: { name: string; description: string; own?: ReadonlySet<string> }): string {
  const base = siteUrl();
  const calendar = ical({ name: opts.name, description: opts.description, prodId, ttl: REFRESH_SECONDS, url: `${base}${paths.programme}` });
  for (const s of sessions) {
    const { start, end } = sessionInstants(s);
    const changed = new Date(s.changedAt);
    calendar.createEvent({
      id: sessionUid(s.id),
      sequence: s.sequence,
      stamp: changed,
      lastModified: changed,
      start,
      end,
      summary: s.title,
      description: descriptionOf(s, papers, opts.own ?? new Set()),
      location: placeOf(s.room),
      url: `${base}${paths.programme}#session-${encodeURIComponent(s.id)}`,
      categories: s.track ? [{ name: s.track }] : [],
    });
  }
  return calendar.toString();
}

/**
 * The conference days as one all-day event (the confirmation e-mail's attachment): from the first
 * day to the last, at the venue, stamped `at`. METHOD:PUBLISH, so a mail client offers to add it.
 */
export function conferenceDaysCalendar(at: Date): string {
  const calendar = ical({ name: conference.name, prodId, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: `conference-days@${UID_DOMAIN}`,
    allDay: true,
    start: new Date(`${conference.startDate}T00:00:00Z`),
    // DTEND of an all-day event is the day after the last (RFC 5545: the end is not included).
    end: new Date(`${dayAfter(conference.endDate)}T00:00:00Z`),
    stamp: at,
    summary: conference.name,
    description: `${conference.fullName}. The programme: ${siteUrl()}${paths.programme}`,
    location: conference.venue,
    url: `${siteUrl()}${paths.programme}`,
  });
  return calendar.toString();
}

/** The headers of an .ics answer named `filename` (shown inline: a phone opens it in its calendar). */
export function calendarHeaders(filename: string): Record<string, string> {
  return { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `inline; filename="${filename}"` };
}
