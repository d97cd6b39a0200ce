/**
 * Publishing the programme (docs/operations.md, "The programme"; decision 037): the programme
 * chair's CSV against the accepted papers and the published programme.
 *
 * - Refused, naming the row (400, nothing written): a cell that is not what its column takes
 *   (programme-csv.ts), a Paper ID that is not an accepted paper, a day outside the conference
 *   days, a room holding two sessions at once, a paper in two sessions, a session_id used twice.
 * - Importing again replaces the programme. A session keeps its session_id, and with it its
 *   number (the frab schedule's event id) and its calendar UID; its SEQUENCE grows by one each
 *   time its day, time or room changes (a per-session revision kept in keys.programmeRevisions,
 *   even while the session is out of the programme, so a session that comes back goes on counting).
 * - Each author of a placed paper who has a live registration is told once per change of where and
 *   when their paper is presented: the first publication, then each move (day, time or room), as
 *   long as the session is still to come (an import after it tells nobody). One
 *   notice per author and session change, never one per field; keys.programmeTold remembers what
 *   each author was told. The notices are queued here with the programme, in the same script, and
 *   sent by programme-notices.ts.
 * The write is one Lua script that checks the programme's write counter first, so two imports at
 * once cannot interleave: the second is answered 409 and changes nothing.
 */
import { conference } from '../../src/content/conference';
import { tracks as conferenceTracks } from '../../src/content/tracks';
import { formatDayRange } from '../../src/shared/dates';
import { registrationPaperStatus, type StoredPaper } from '../../src/shared/papers';
import { placementChanged, type AdminProgrammeResponse, type Placement, type ProgrammeImportResult, type ProgrammeWarning, type UnplacedPaper } from '../../src/shared/programme';
import { HttpError } from './platform/http';
import { parseProgrammeCsv, type ProgrammeRow } from './programme-csv';
import { programmeView, sessionInstants, type StoredProgramme, type StoredSession } from './programme-store';
import type { Registration } from './registrations';
import { actingFields } from './platform/request-scope';
import { audit, emailHash, keys, withStore } from './platform/store';

/** keys.programmeRevisions: what a session was when last published, kept after it leaves the programme. */
interface SessionRevision extends Placement {
  number: number;
  sequence: number;
}

/** keys.programmeTold: the placement an author was last told about, for one paper. */
export interface ToldPlacement extends Placement {
  sessionId: string;
}

/** One e-mail to one author about one session (keys.programmeNotices). */
export interface ProgrammeNotice {
  id: string;
  email: string;
  name: string;
  registrationNumber: string;
  sessionId: string;
  /** Where and when the session is, as this notice tells it; a later change supersedes the notice. */
  placement: Placement;
  /** What the author was told before ('moved'), or null (the first publication of their paper). */
  previous: Placement | null;
  paperIds: string[];
  attempts: number;
}

// KEYS: programme, version, revisions, told, notice queue, notices, sessions by author.
// ARGV: expected version, programme JSON, revisions {id: json}, told {field: json}, notices [[id, json, dueMs]],
//       sessions by author {hash: json} (replaces the whole hash).
// Returns the new version, or -1 when another import wrote first (nothing written).
const PUBLISH_SCRIPT = `
local v = redis.call('GET', KEYS[2]) or '0'
if v ~= ARGV[1] then return -1 end
redis.call('SET', KEYS[1], ARGV[2])
for id, r in pairs(cjson.decode(ARGV[3])) do redis.call('HSET', KEYS[3], id, r) end
for field, t in pairs(cjson.decode(ARGV[4])) do redis.call('HSET', KEYS[4], field, t) end
for _, n in ipairs(cjson.decode(ARGV[5])) do
  redis.call('HSET', KEYS[6], n[1], n[2])
  redis.call('ZADD', KEYS[5], n[3], n[1])
end
redis.call('DEL', KEYS[7])
for hash, list in pairs(cjson.decode(ARGV[6])) do redis.call('HSET', KEYS[7], hash, list) end
return redis.call('INCR', KEYS[2])
`;

const placementOf = (s: Placement): Placement => ({ date: s.date, start: s.start, end: s.end, room: s.room });
const toldField = (paperId: string, hash: string) => `${paperId}|${hash}`;
const sameContent = (a: StoredSession, row: ProgrammeRow) =>
  a.title === row.title && a.kind === row.kind && a.track === row.track && a.chair === row.chair && JSON.stringify(a.paperIds) === JSON.stringify(row.paperIds) && !placementChanged(a, row);

/** What the store holds before an import: read in one pipeline. */
async function readState(): Promise<{ version: string; programme: StoredProgramme | null; revisions: Map<string, SessionRevision>; told: Map<string, ToldPlacement>; papers: Map<string, StoredPaper> }> {
  const [version, programme, revisions, told, papers] = await withStore(async (r) => {
    const p = r.pipeline();
    p.get<string | number>(keys.programmeVersion());
    p.get<StoredProgramme>(keys.programme());
    p.hgetall<Record<string, SessionRevision>>(keys.programmeRevisions());
    p.hgetall<Record<string, ToldPlacement>>(keys.programmeTold());
    p.hgetall<Record<string, StoredPaper>>(keys.papers());
    return p.exec<[string | number | null, StoredProgramme | null, Record<string, SessionRevision> | null, Record<string, ToldPlacement> | null, Record<string, StoredPaper> | null]>();
  });
  return {
    version: String(version ?? '0'),
    programme,
    revisions: new Map(Object.entries(revisions ?? {})),
    told: new Map(Object.entries(told ?? {})),
    papers: new Map(Object.entries(papers ?? {})),
  };
}

/** The rules that need every row and the stored papers; returns the refusals (row and reason). */
function crossCheck(rows: readonly ProgrammeRow[], accepted: ReadonlyMap<string, StoredPaper>): { row: number; reason: string }[] {
  const refused: { row: number; reason: string }[] = [];
  const ids = new Map<string, number>();
  const placed = new Map<string, ProgrammeRow>();
  const days = formatDayRange(conference.startDate, conference.endDate);
  for (const row of rows) {
    const problems: string[] = [];
    const first = ids.get(row.id);
    if (first !== undefined) problems.push(`session_id ${row.id} is used again (first on row ${first}).`);
    else ids.set(row.id, row.row);
    if (row.date < conference.startDate || row.date > conference.endDate) problems.push(`date ${row.date} is outside the conference days (${days}).`);
    if (row.room) {
      const clash = rows.find((o) => o !== row && o.row < row.row && o.room === row.room && o.date === row.date && o.start < row.end && row.start < o.end);
      if (clash) problems.push(`Room ${row.room} already holds session ${clash.id} (row ${clash.row}) from ${clash.start} to ${clash.end} on ${row.date}.`);
    }
    for (const paperId of row.paperIds) {
      if (!accepted.has(paperId)) {
        problems.push(`Paper ID ${paperId} is not an accepted paper.`);
        continue;
      }
      const other = placed.get(paperId);
      if (other) problems.push(`Paper ID ${paperId} is already in session ${other.id} (row ${other.row}).`);
      else placed.set(paperId, row);
    }
    if (problems.length) refused.push({ row: row.row, reason: problems.join(' ') });
  }
  return refused;
}

/** The accepted (not withdrawn) papers that no session places, by Paper ID. */
function unplacedPapers(accepted: ReadonlyMap<string, StoredPaper>, placed: ReadonlySet<string>): UnplacedPaper[] {
  return [...accepted.values()]
    .filter((p) => !placed.has(p.paperId))
    .map((p) => ({ paperId: p.paperId, title: p.title, track: p.track }))
    .sort((a, b) => a.paperId.localeCompare(b.paperId, 'en', { numeric: true }));
}

/** Remarks that do not stop an import. */
function warningsOf(rows: readonly ProgrammeRow[], previous: StoredProgramme | null, accepted: ReadonlyMap<string, StoredPaper>, unplaced: number): ProgrammeWarning[] {
  const warnings: ProgrammeWarning[] = [];
  const known = new Set([...conferenceTracks, ...[...accepted.values()].flatMap((p) => [p.track, p.specialSession ?? ''])].filter(Boolean).map((t) => t.toLowerCase()));
  for (const row of rows) {
    if (row.kind === 'papers' && !row.paperIds.length) warnings.push({ row: row.row, message: `Session ${row.id} is a papers session without a Paper ID.` });
    if (row.kind === 'break' && row.paperIds.length) warnings.push({ row: row.row, message: `Session ${row.id} is a break with papers.` });
    if (row.track && !known.has(row.track.toLowerCase())) warnings.push({ row: row.row, message: `Track "${row.track}" of session ${row.id} is neither a conference track nor a track of an accepted paper.` });
  }
  const ids = new Set(rows.map((r) => r.id));
  for (const s of previous?.sessions ?? []) {
    if (!ids.has(s.id)) warnings.push({ row: null, message: `Session ${s.id} (${s.title}) was published and is not in this file: it leaves the programme and the calendars.` });
  }
  if (unplaced) warnings.push({ row: null, message: `${unplaced} accepted paper${unplaced > 1 ? 's are' : ' is'} in no session.` });
  return warnings;
}

/**
 * The live registrations of each e-mail hash in `hashes` (cancelled ones left out): two requests
 * (the by-e-mail sets in one pipeline, then the records), none for no hashes.
 */
async function registrationsOf(hashes: readonly string[]): Promise<Map<string, Registration>> {
  if (!hashes.length) return new Map();
  const sets = await withStore(async (r) => {
    const p = r.pipeline();
    for (const h of hashes) p.smembers(keys.registrationsByEmail(h));
    return p.exec<string[][]>();
  });
  const numbers = [...new Set(sets.flat().map(String))];
  if (!numbers.length) return new Map();
  const records = await withStore((r) => r.mget<(Registration | null)[]>(...numbers.map((n) => keys.registration(n))));
  const out = new Map<string, Registration>();
  for (const reg of records) {
    if (!reg || registrationPaperStatus(reg) === 'cancelled') continue;
    const h = emailHash(reg.email);
    if (!out.has(h)) out.set(h, reg);
  }
  return out;
}

/**
 * Imports the programme CSV `bytes` at `at`: checks it (400 HttpError naming every refused row in
 * `refused`, the first in the message), works out each session's revision and the authors to
 * tell, and unless `dryRun` writes it all in one script (409 when another import wrote since this
 * one read; ServiceUnavailableError when the store is down). Returns the counts, the warnings,
 * the papers in no session, the notices queued and the programme as delegates will read it.
 */
export async function importProgramme(bytes: Uint8Array, at: Date, dryRun: boolean): Promise<ProgrammeImportResult> {
  const parsed = parseProgrammeCsv(bytes);
  const state = await readState();
  const accepted = new Map([...state.papers].filter(([, p]) => !p.withdrawn));
  const refused = [...parsed.refused, ...crossCheck(parsed.rows, accepted)].sort((a, b) => a.row - b.row);
  if (refused.length) {
    const first = refused[0]!;
    throw new HttpError(400, 'PROGRAMME_REFUSED', `Nothing was imported: ${refused.length} row${refused.length > 1 ? 's have' : ' has'} a problem. Row ${first.row}: ${first.reason}`, undefined, { refused });
  }
  const iso = at.toISOString();
  const previous = new Map((state.programme?.sessions ?? []).map((s) => [s.id, s]));
  let nextNumber = Math.max(0, ...[...state.revisions.values()].map((r) => r.number)) + 1;
  const revisionWrites: Record<string, string> = {};
  const sessions: StoredSession[] = parsed.rows.map((row) => {
    const rev = state.revisions.get(row.id);
    const before = previous.get(row.id);
    const number = rev?.number ?? nextNumber++;
    const sequence = rev ? rev.sequence + (placementChanged(rev, row) ? 1 : 0) : 0;
    const changedAt = before && sameContent(before, row) ? before.changedAt : iso;
    if (!rev || sequence !== rev.sequence) revisionWrites[row.id] = JSON.stringify({ number, sequence, ...placementOf(row) } satisfies SessionRevision);
    const { row: line, id, title, kind, track, room, date, start, end, chair, paperIds } = row;
    return { id, title, kind, track, room, date, start, end, chair, paperIds, row: line, number, sequence, changedAt };
  });
  sessions.sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.room.localeCompare(b.room, 'en') || a.id.localeCompare(b.id));
  const placed = new Set(sessions.flatMap((s) => s.paperIds));
  const unplaced = unplacedPapers(accepted, placed);
  const warnings = [...parsed.warnings, ...warningsOf(parsed.rows, state.programme, accepted, unplaced.length)];
  const stored: StoredProgramme = { updatedAt: iso, sessions, warnings };

  // The authors to tell: each author of a placed paper whose told placement differs from the session's.
  const wanted = new Map<string, { hash: string; email: string; name: string; session: StoredSession; previous: Placement | null; paperIds: string[] }>();
  const toldWrites: Record<string, string> = {};
  for (const session of sessions) {
    for (const paperId of session.paperIds) {
      for (const author of accepted.get(paperId)!.authors) {
        const hash = emailHash(author.email);
        const told = state.told.get(toldField(paperId, hash));
        const now: ToldPlacement = { sessionId: session.id, ...placementOf(session) };
        if (told && !placementChanged(told, session)) {
          if (told.sessionId !== session.id) toldWrites[toldField(paperId, hash)] = JSON.stringify(now);
          continue;
        }
        const key = `${hash}|${session.id}`;
        const entry = wanted.get(key) ?? { hash, email: author.email, name: author.name, session, previous: told ? placementOf(told) : null, paperIds: [] };
        entry.paperIds.push(paperId);
        wanted.set(key, entry);
      }
    }
  }
  const registered = await registrationsOf([...new Set([...wanted.values()].map((w) => w.hash))]);
  const notices: [string, string, number][] = [];
  for (const w of wanted.values()) {
    const reg = registered.get(w.hash);
    // An author without a registration is not told (and is told once registered, at a later import).
    if (!reg) continue;
    for (const paperId of w.paperIds) toldWrites[toldField(paperId, w.hash)] = JSON.stringify({ sessionId: w.session.id, ...placementOf(w.session) } satisfies ToldPlacement);
    // A session already over (an import after the conference, tidying the record) is news to nobody.
    if (sessionInstants(w.session).end.getTime() <= at.getTime()) continue;
    const id = `${w.hash.slice(0, 16)}:${w.session.id}:${at.getTime()}`;
    const notice: ProgrammeNotice = { id, email: w.email, name: w.name || reg.firstName, registrationNumber: reg.registrationNumber, sessionId: w.session.id, placement: placementOf(w.session), previous: w.previous, paperIds: w.paperIds, attempts: 0 };
    notices.push([id, JSON.stringify(notice), at.getTime()]);
  }

  // Which sessions present each author's papers: a delegate's agenda holds them without a star (agenda.ts).
  const byAuthor = new Map<string, Set<string>>();
  for (const session of sessions) {
    for (const paperId of session.paperIds) {
      for (const author of accepted.get(paperId)!.authors) {
        const hash = emailHash(author.email);
        byAuthor.set(hash, (byAuthor.get(hash) ?? new Set()).add(session.id));
      }
    }
  }

  const result: ProgrammeImportResult = {
    sessions: sessions.length,
    papers: placed.size,
    warnings,
    dryRun,
    unplaced,
    notices: notices.length,
    programme: programmeView(stored, accepted),
  };
  if (dryRun) return result;
  const written = await withStore((r) =>
    r.eval<string[], number>(
      PUBLISH_SCRIPT,
      [keys.programme(), keys.programmeVersion(), keys.programmeRevisions(), keys.programmeTold(), keys.programmeNoticeQueue(), keys.programmeNotices(), keys.programmeByAuthor()],
      [state.version, JSON.stringify(stored), JSON.stringify(revisionWrites), JSON.stringify(toldWrites), JSON.stringify(notices), JSON.stringify(Object.fromEntries([...byAuthor].map(([h, ids]) => [h, JSON.stringify([...ids])])))],
    ),
  );
  if (Number(written) < 0) throw new HttpError(409, 'PROGRAMME_CHANGED', 'Another import was published while this one was checked. Nothing was imported: please import again.');
  await audit({ at: iso, ...actingFields(), action: 'programme.imported', details: { sessions: result.sessions, papers: result.papers, warnings: warnings.length, notices: notices.length } });
  return result;
}

/**
 * GET /api/admin/programme: the published programme as delegates read it, the last import's
 * warnings (and a paper of it withdrawn since), the accepted papers in no session, and the author
 * notices still to send. Three requests.
 */
export async function adminProgramme(): Promise<AdminProgrammeResponse> {
  const [programme, papers, pending] = await withStore(async (r) => {
    const p = r.pipeline();
    p.get<StoredProgramme>(keys.programme());
    p.hgetall<Record<string, StoredPaper>>(keys.papers());
    p.zcard(keys.programmeNoticeQueue());
    return p.exec<[StoredProgramme | null, Record<string, StoredPaper> | null, number]>();
  });
  const all = new Map(Object.entries(papers ?? {}));
  const accepted = new Map([...all].filter(([, p]) => !p.withdrawn));
  const placed = new Set(programme?.sessions.flatMap((s) => s.paperIds) ?? []);
  const withdrawn: ProgrammeWarning[] = (programme?.sessions ?? []).flatMap((s) =>
    s.paperIds.filter((id) => !accepted.has(id)).map((id) => ({ row: s.row, message: `Paper ID ${id} of session ${s.id} is no longer an accepted paper (withdrawn since the import): it is not shown.` })),
  );
  return { programme: programmeView(programme, accepted), warnings: [...(programme?.warnings ?? []), ...withdrawn], unplaced: unplacedPapers(accepted, placed), pendingNotices: Number(pending ?? 0) };
}

