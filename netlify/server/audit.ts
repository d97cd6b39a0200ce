/**
 * The audit record (docs/security.md, "The audit record"; decision 044): one Redis list,
 * `audit`, newest first, that every state change appends to (store.ts AuditEntry). Admin entries
 * name who acted (the organiser's account, a desk device, or the shared password), their roles
 * and the client address (request-scope.ts); this module builds them and reads the list back for
 * GET /api/admin/audit and its CSV export, filtered by actor and action.
 *
 * Paging: the list grows at its head, so an index from the head moves with every write. A
 * cursor counts from the oldest entry instead (entry k of the list's tail end stays k), so the
 * next page continues where the last one stopped however many entries arrived in between.
 */
import { conference } from '../../src/content/conference';
import { formatDateTime, neutraliseFormula, type CsvCell } from '../../src/shared/csv';
import { actingFields } from './platform/request-scope';
import { audit, keys, withStore, type AuditEntry } from './platform/store';

/** An admin's audit entry at `at`: who acts now (request-scope.ts), the action and what changed. */
export function adminEntry(at: Date | string, action: string, details: Record<string, unknown>): AuditEntry {
  return { at: typeof at === 'string' ? at : at.toISOString(), ...actingFields(), action, details };
}

/** Appends an admin's audit entry (adminEntry). Throws ServiceUnavailableError when Redis is down. */
export async function recordAdmin(at: Date | string, action: string, details: Record<string, unknown>): Promise<void> {
  await audit(adminEntry(at, action, details));
}

/** What to list: entries of one actor id and / or one action (exact, or a prefix ending at a dot: 'refund' takes 'refund.started'). */
export interface AuditFilter {
  actor?: string;
  action?: string;
}

/** True when `entry` passes `filter`. */
export function auditMatches(entry: AuditEntry, filter: AuditFilter): boolean {
  if (filter.actor && entry.actor !== filter.actor) return false;
  if (filter.action && entry.action !== filter.action && !entry.action.startsWith(`${filter.action}.`)) return false;
  return true;
}

// KEYS: the audit list. ARGV: cursor (entries from the oldest end still to read; -1 for the
// newest), how many to read. Returns {length, cursor used, entries...} (entries newest first).
const PAGE_SCRIPT = `
local n = redis.call('LLEN', KEYS[1])
local c = tonumber(ARGV[1])
if c < 0 or c > n then c = n end
if c == 0 then return {n, 0} end
local start = n - c
local stop = math.min(start + tonumber(ARGV[2]), n) - 1
local out = {n, c}
for _, v in ipairs(redis.call('LRANGE', KEYS[1], start, stop)) do out[#out + 1] = v end
return out
`;

/** Entries read per script call. */
const CHUNK = 1000;

/** One chunk of the list from `cursor` (newest first), the list's length, and the cursor the chunk started at (clamped to the length). */
async function readChunk(cursor: number): Promise<{ length: number; entries: AuditEntry[]; used: number }> {
  const out = await withStore((r) => r.eval<string[], unknown[]>(PAGE_SCRIPT, [keys.audit()], [String(cursor), String(CHUNK)]));
  const entries = out.slice(2).map((v) => (typeof v === 'string' ? (JSON.parse(v) as AuditEntry) : (v as AuditEntry)));
  return { length: Number(out[0]), entries, used: Number(out[1]) };
}

/** A page of the audit record. */
export interface AuditPage {
  entries: AuditEntry[];
  /** Pass back as `cursor` for the next (older) page; null when none is left. */
  nextCursor: string | null;
  /** Entries in the whole record (unfiltered). */
  total: number;
}

/** Most entries looked at per request, so a rare filter answers in bounded time (the page says "more" and the next call goes on). */
const SCAN_BUDGET = 5 * CHUNK;

/**
 * Up to `limit` entries matching `filter`, newest first, from `cursor` (a string from an earlier
 * page; absent or invalid: the newest). Reads at most SCAN_BUDGET entries; when it stops before
 * the oldest, `nextCursor` continues, even if the page holds fewer than `limit`.
 */
export async function auditPage(filter: AuditFilter, limit: number, cursor?: string): Promise<AuditPage> {
  let at = cursor !== undefined && /^\d{1,12}$/.test(cursor) ? Number(cursor) : -1;
  const entries: AuditEntry[] = [];
  let total = 0;
  let scanned = 0;
  for (;;) {
    const chunk = await readChunk(at);
    total = chunk.length;
    let taken = 0;
    for (const e of chunk.entries) {
      taken++;
      if (auditMatches(e, filter)) entries.push(e);
      if (entries.length === limit) break;
    }
    at = chunk.used - taken;
    scanned += taken;
    if (at <= 0 || !taken || entries.length === limit || scanned >= SCAN_BUDGET) break;
  }
  return { entries, nextCursor: at > 0 ? String(at) : null, total };
}

/** Every entry matching `filter`, newest first, a chunk at a time (the CSV export). */
export async function* auditEntries(filter: AuditFilter): AsyncGenerator<AuditEntry[], void, undefined> {
  let at = -1;
  for (;;) {
    const chunk = await readChunk(at);
    const found = chunk.entries.filter((e) => auditMatches(e, filter));
    if (found.length) yield found;
    at = chunk.used - chunk.entries.length;
    if (at <= 0 || !chunk.entries.length) return;
  }
}

/** The CSV's columns. */
export const AUDIT_CSV_HEADERS = ['Time (IST)', 'Time (ISO)', 'Actor', 'Actor name', 'Roles', 'Client address', 'Action', 'Details'] as const;

/** One entry as a CSV row, every text cell neutralised against formulas (src/shared/csv.ts). */
export function auditCsvRow(e: AuditEntry): CsvCell[] {
  return [formatDateTime(e.at, conference.timeZone), e.at, e.actor, e.actorName ?? '', (e.roles ?? []).join(' '), e.address ?? '', e.action, JSON.stringify(e.details ?? {})].map((c) => neutraliseFormula(c));
}
