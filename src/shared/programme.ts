/**
 * The conference programme (docs/operations.md, "The programme"; decision 037): the sessions the
 * programme chair imports as CSV, what GET /api/programme answers, and the pure rules the
 * server, the /program page's island and the admin page share: the order of sessions, the days,
 * "now and next" by room, and what counts as a session moving. No I/O, no clock of its own:
 * whatever depends on the time takes `now`. Small on purpose: the /program page's island loads it
 * (at most 15 KB of JS before the load event, docs/performance.md).
 */
import type { apiPaths } from './api-paths';
import { dayIn } from './dates';

/**
 * The programme's public endpoints. Written out rather than imported from api-paths.ts, which the
 * /program island would then load with the form pages' shared chunk; the compiler checks they agree.
 */
export const programmeApi = { programme: '/api/programme', agenda: '/api/agenda' } as const satisfies { programme: (typeof apiPaths)['programme']; agenda: (typeof apiPaths)['agenda'] };

/** GET and PUT /api/agenda/{token}; with `feed`, the agenda's calendar (`.ics`). */
export function agendaPath(token: string, feed = false): string {
  return `${programmeApi.agenda}/${encodeURIComponent(token)}${feed ? '.ics' : ''}`;
}

/** A session's kind, the CSV's `kind` column. */
export const SESSION_KINDS = ['keynote', 'tutorial', 'papers', 'break', 'other'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** The columns of the programme CSV, in the order the operations guide gives them. */
export const PROGRAMME_COLUMNS = ['session_id', 'title', 'kind', 'track', 'room', 'date', 'start', 'end', 'chair', 'paper_ids'] as const;

/** A paper as the programme shows it: authors by name only (never their addresses). */
export interface ProgrammePaper {
  paperId: string;
  title: string;
  authors: string[];
}

/** One session of GET /api/programme. `start` and `end` are ISO 8601 instants with the conference's offset (+05:30). */
export interface ProgrammeSession {
  id: string;
  title: string;
  kind: SessionKind;
  track: string;
  room: string;
  start: string;
  end: string;
  chair: string;
  papers: ProgrammePaper[];
}

/** GET /api/programme: `updatedAt` is null (and `sessions` empty) before the first import. */
export interface ProgrammeResponse {
  updatedAt: string | null;
  sessions: ProgrammeSession[];
}

/** A remark on an import that does not stop it; `row` is the file's line, null for the whole file. */
export interface ProgrammeWarning {
  row: number | null;
  message: string;
}

/** An accepted paper that no session of the programme lists. */
export interface UnplacedPaper {
  paperId: string;
  title: string;
  track: string;
}

/**
 * POST /api/admin/programme/import: `sessions` and `papers` count what the programme holds (or
 * would hold, with `dryRun`); `notices` counts the e-mails to authors the import queues.
 */
export interface ProgrammeImportResult {
  sessions: number;
  papers: number;
  warnings: ProgrammeWarning[];
  dryRun: boolean;
  unplaced: UnplacedPaper[];
  notices: number;
  programme: ProgrammeResponse;
}

/** GET /api/admin/programme: the published programme as delegates see it, its warnings, the papers not placed and the e-mails still to send. */
export interface AdminProgrammeResponse {
  programme: ProgrammeResponse;
  warnings: ProgrammeWarning[];
  unplaced: UnplacedPaper[];
  pendingNotices: number;
}

/** POST /api/agenda: the delegate's agenda link (the token, the feed in https and webcal form, the page). */
export interface AgendaLink {
  token: string;
  feedUrl: string;
  webcalUrl: string;
  pageUrl: string;
}

/** GET and PUT /api/agenda/{token}: the starred sessions and those of the delegate's own papers (on the agenda without a star). */
export interface AgendaState {
  sessions: string[];
  own: string[];
}

/** The most sessions an agenda may star: more than a delegate can attend in four days. */
export const MAX_STARRED_SESSIONS = 200;

/** Chronological order, then room: the order of GET /api/programme. */
export function compareSessions(a: Pick<ProgrammeSession, 'start' | 'room' | 'id'>, b: Pick<ProgrammeSession, 'start' | 'room' | 'id'>): number {
  return Date.parse(a.start) - Date.parse(b.start) || a.room.localeCompare(b.room, 'en') || a.id.localeCompare(b.id, 'en');
}

/** The local calendar day (YYYY-MM-DD) of an ISO instant written with the conference's offset. */
export const localDay = (iso: string): string => iso.slice(0, 10);

/** The local clock time (HH:MM) of an ISO instant written with the conference's offset. */
export const localTime = (iso: string): string => iso.slice(11, 16);

/** The sessions grouped by local day, in order (sessions already sorted). */
export function programmeDays<S extends Pick<ProgrammeSession, 'start'>>(sessions: readonly S[]): { date: string; sessions: S[] }[] {
  const days: { date: string; sessions: S[] }[] = [];
  for (const s of sessions) {
    const date = localDay(s.start);
    const last = days.at(-1);
    if (last?.date === date) last.sessions.push(s);
    else days.push({ date, sessions: [s] });
  }
  return days;
}

/** The distinct non-empty values of `field`, sorted. */
export function distinct(sessions: readonly ProgrammeSession[], field: 'track' | 'room'): string[] {
  return [...new Set(sessions.map((s) => s[field]).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'en'));
}

/** What is on in one room: the session running at `now` and the next one that day. */
export interface RoomNowNext<S> {
  room: string;
  now: S | null;
  next: S | null;
}

/**
 * "Now" and "next" by room at `now` (the /program page during the conference days): for every
 * room with a session on the conference day `now` falls on (in `timeZone`), the session running
 * (started, not ended) and the first one starting after `now` that day. Rooms with neither are
 * left out; sessions without a room (a break for everyone) too. Sorted by room.
 */
export function nowAndNext<S extends Pick<ProgrammeSession, 'start' | 'end' | 'room'>>(sessions: readonly S[], now: Date, timeZone: string): RoomNowNext<S>[] {
  const today = dayIn(now, timeZone);
  const t = now.getTime();
  const byRoom = new Map<string, RoomNowNext<S>>();
  for (const s of sessions) {
    if (!s.room || localDay(s.start) !== today) continue;
    const entry = byRoom.get(s.room) ?? { room: s.room, now: null, next: null };
    const start = Date.parse(s.start);
    if (start <= t && t < Date.parse(s.end)) entry.now = s;
    else if (start > t && (!entry.next || start < Date.parse(entry.next.start))) entry.next = s;
    byRoom.set(s.room, entry);
  }
  return [...byRoom.values()].filter((e) => e.now || e.next).sort((a, b) => a.room.localeCompare(b.room, 'en'));
}

/** Where and when a session takes place: what authors are told about, and what raises its SEQUENCE when it changes. */
export interface Placement {
  date: string;
  start: string;
  end: string;
  room: string;
}

/** True when two placements differ in day, time or room (a session "moves"; decision 037). */
export function placementChanged(a: Placement, b: Placement): boolean {
  return a.date !== b.date || a.start !== b.start || a.end !== b.end || a.room !== b.room;
}
