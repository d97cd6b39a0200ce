/**
 * The published programme as stored, and as delegates read it (docs/operations.md, "The
 * programme"; decision 037). One JSON value (keys.programme) holds every session with its
 * revision (number, SEQUENCE, when it last changed), so a reader needs one GET, then one HMGET of
 * the placed papers for their titles and authors' names. Imports only what every reader needs:
 * GET /api/programme, the calendar feeds and the schedule for conference apps are cold-started
 * public functions (docs/development.md, "Writing a function").
 */
import { conference } from '../../src/content/conference';
import type { StoredPaper } from '../../src/shared/papers';
import { compareSessions, type Placement, type ProgrammeResponse, type ProgrammeSession, type ProgrammeWarning, type SessionKind } from '../../src/shared/programme';
import { isoInZone, wallClockInZone } from '../../src/shared/schedule';
import { keys, withStore } from './platform/store';

/** A session as stored: the CSV's cells (local day and times) and its revision. */
export interface StoredSession extends Placement {
  id: string;
  title: string;
  kind: SessionKind;
  track: string;
  chair: string;
  /** Normalised Paper IDs, in the file's order. */
  paperIds: string[];
  /** The row of the import that last wrote it. */
  row: number;
  /** A positive integer, the same for the session's whole life (the frab schedule's event id). */
  number: number;
  /** RFC 5545 SEQUENCE: 0 when first published, one more each time its day, time or room changes. */
  sequence: number;
  /** When anything of it last changed (ISO instant): the calendars' DTSTAMP and LAST-MODIFIED. */
  changedAt: string;
}

/** keys.programme: the sessions sorted by start then room, and the last import's warnings. */
export interface StoredProgramme {
  updatedAt: string;
  sessions: StoredSession[];
  warnings: ProgrammeWarning[];
}

/**
 * Cache headers of the public programme answers (GET /api/programme, programme.ics,
 * schedule.json): Netlify's CDN keeps a copy up to 2 minutes and may serve it 1 minute more while
 * it fetches a fresh one; a browser keeps its copy 1 minute. A published change therefore reaches
 * every reader within 4 minutes, without a rebuild (the issue asks 5; decision 037). `Vary` is not
 * needed: the answer is the same for everyone.
 */
export const PROGRAMME_CACHE_HEADERS: Record<string, string> = {
  'Cache-Control': 'public, max-age=60',
  'Netlify-CDN-Cache-Control': 'public, durable, max-age=120, stale-while-revalidate=60',
  'Netlify-Cache-Tag': 'programme',
};

/** The stored programme, or null before the first import. One request. */
export async function readProgramme(): Promise<StoredProgramme | null> {
  return withStore((r) => r.get<StoredProgramme>(keys.programme()));
}

/** The accepted papers named by `ids` (withdrawn ones left out), by Paper ID. One request (none for no ids). */
export async function readPapers(ids: readonly string[]): Promise<Map<string, StoredPaper>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const found = await withStore((r) => r.hmget<Record<string, StoredPaper>>(keys.papers(), ...unique));
  return new Map(Object.values(found ?? {}).filter((p): p is StoredPaper => !!p && !p.withdrawn).map((p) => [p.paperId, p]));
}

/** The stored programme and its papers: two requests (one before the first import). */
export async function readProgrammeWithPapers(): Promise<{ stored: StoredProgramme | null; papers: Map<string, StoredPaper> }> {
  const stored = await readProgramme();
  return { stored, papers: await readPapers(stored?.sessions.flatMap((s) => s.paperIds) ?? []) };
}

/** A session's start and end as instants (its local day and times read in the conference's time zone). */
export function sessionInstants(s: Placement): { start: Date; end: Date } {
  return { start: wallClockInZone(s.date, s.start, conference.timeZone), end: wallClockInZone(s.date, s.end, conference.timeZone) };
}

/**
 * A stored session as GET /api/programme shows it: start and end with the conference's offset
 * (+05:30), its papers with title and authors' names (a paper withdrawn since the import is left out).
 */
export function publicSession(s: StoredSession, papers: ReadonlyMap<string, StoredPaper>): ProgrammeSession {
  const { start, end } = sessionInstants(s);
  return {
    id: s.id,
    title: s.title,
    kind: s.kind,
    track: s.track,
    room: s.room,
    start: isoInZone(start, conference.timeZone),
    end: isoInZone(end, conference.timeZone),
    chair: s.chair,
    papers: s.paperIds.flatMap((id) => {
      const p = papers.get(id);
      return p ? [{ paperId: p.paperId, title: p.title, authors: p.authors.map((a) => a.name).filter(Boolean) }] : [];
    }),
  };
}

/** GET /api/programme's answer for `stored` (null: nothing published yet), sorted by start then room. */
export function programmeView(stored: StoredProgramme | null, papers: ReadonlyMap<string, StoredPaper>): ProgrammeResponse {
  if (!stored) return { updatedAt: null, sessions: [] };
  return { updatedAt: stored.updatedAt, sessions: stored.sessions.map((s) => publicSession(s, papers)).sort(compareSessions) };
}
