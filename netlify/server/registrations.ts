/**
 * Stored registrations (reg:{regNo} and reg:index, docs/payments.md#exactly-once-finalise): registration
 * numbers, and reading one, the newest, or all. Writing them is finalise.ts's (new
 * registrations, paid changes) and self-service.ts's (name changes).
 */
import { randomInt } from 'node:crypto';
import { conference } from '../../src/content/conference';
import type { PublicRegistration, StoredRegistration } from '../../src/shared/api';
import { LATEST_REGISTRATIONS, PUBLIC_REGISTRATION_FIELDS } from '../../src/shared/api-paths';
import { NO_MATCH_MESSAGE } from '../../src/shared/messages';
import { refuse } from './platform/http';
import { bulkRedis, keys, withStore } from './platform/store';

/**
 * The stored registration (docs/rules.md#the-stored-registration-and-the-csv); the shape lives in
 * src/shared/api.ts because the admin calls return it. The rules' fields keep their names and
 * whole currency units (e.g. totalPaid 10030.5); `charges` keeps the exact minor-unit breakdown
 * the server computed.
 */
export type Registration = StoredRegistration;

/** Alphabet without 0/O/1/I/L so numbers read aloud or typed from paper are unambiguous. */
export const REGISTRATION_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;

/** A new random registration number, e.g. PESGRE25-7KQ2M9XD (31^8 ≈ 8.5e11 codes: not guessable). */
export function newRegistrationNumber(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += REGISTRATION_ALPHABET[randomInt(REGISTRATION_ALPHABET.length)];
  return `${conference.registrationNumberPrefix}-${code}`;
}

/** Reads a stored registration by number, or null. */
export async function getRegistration(regNo: string): Promise<Registration | null> {
  return withStore((r) => r.get<Registration>(keys.registration(regNo)));
}

/**
 * Registrant access (docs/security.md#registrant-access): the registration `r` (as read, or null when
 * the number is unknown) if `email` is its registered address, compared trimmed and
 * case-insensitive. Throws refuse(404, 'NO_MATCH', NO_MATCH_MESSAGE) for an unknown number and a
 * wrong address alike, so a caller cannot tell which numbers exist. Takes the record rather than
 * the number so a compare-and-set writer (updateRegistration) checks the record it is about to
 * change. Rate limiting stays with each endpoint (its own group, before the body is read).
 */
export function registrantOf(r: Registration | null, email: string): Registration {
  if (!r || r.email.trim().toLowerCase() !== email.trim().toLowerCase()) throw refuse(404, 'NO_MATCH', NO_MATCH_MESSAGE);
  return r;
}

/** Reads registration `regNo` for its registrant (registrantOf): the record, or 404 NO_MATCH. */
export async function getRegistrantRegistration(regNo: string, email: string): Promise<Registration> {
  return registrantOf(await getRegistration(regNo), email);
}

/** The fields of `r` the public self-service pages may read (GET /api/registrations/{id}, docs/rules.md#the-api). */
export function publicView(r: Registration): PublicRegistration {
  return Object.fromEntries(PUBLIC_REGISTRATION_FIELDS.map((f) => [f, r[f]])) as PublicRegistration;
}

/**
 * Registrations per store request when reading in bulk: one MGET of this many keys (about
 * 1.5 KB each, so a page answer stays well under Upstash's per-response limits).
 */
export const PAGE_SIZE = 500;

/** A paged read of every stored registration (openRegistrationPages). */
export interface RegistrationPages {
  /** Index entries (registrations, plus any whose record is missing). */
  indexed: number;
  /** The pages, oldest registration first: each the stored JSON texts of up to PAGE_SIZE registrations. */
  pages: AsyncGenerator<string[], void, undefined>;
}

/**
 * Pages requested ahead of the one the caller is using: the store (and the network to it) works
 * on the next pages while this function turns the current one into response bytes.
 */
export const PAGES_AHEAD = 3;

/**
 * Starts reading every registration, oldest first (index order), as stored JSON text: ZRANGE of
 * the index, then one MGET per PAGE_SIZE keys, up to PAGES_AHEAD pages requested ahead of the
 * one the caller is using. Resolves once the index and the first page have been read, so a store
 * that is down fails here (ServiceUnavailableError, a 503 before any byte is sent) rather than
 * mid-answer; a failure on a later page rejects the generator. Index entries whose record is
 * missing are skipped. 1 + ceil(n / PAGE_SIZE) store requests for n registrations.
 */
export async function openRegistrationPages(pageSize: number = PAGE_SIZE): Promise<RegistrationPages> {
  const regNos = await withStore((r) => r.zrange<string[]>(keys.registrationIndex(), 0, -1), bulkRedis);
  const recordKeys = regNos.map((n) => keys.registration(String(n)));
  const inFlight: Promise<(string | null)[]>[] = [];
  let nextFrom = 0;
  const requestAhead = () => {
    while (inFlight.length <= PAGES_AHEAD && nextFrom < recordKeys.length) {
      const from = nextFrom;
      const read = withStore((r) => r.mget<(string | null)[]>(...recordKeys.slice(from, from + pageSize)), bulkRedis);
      // A read ahead that fails after the reader stopped (client gone) must not become an unhandled rejection.
      read.catch(() => undefined);
      inFlight.push(read);
      nextFrom += pageSize;
    }
  };
  requestAhead();
  // The first page is awaited here so that a store failure answers 503 before any byte is sent.
  if (inFlight.length) await inFlight[0];
  async function* pages(): AsyncGenerator<string[], void, undefined> {
    while (inFlight.length) {
      const texts = await inFlight.shift()!;
      requestAhead();
      yield texts.filter((text): text is string => text !== null);
    }
  }
  return { indexed: recordKeys.length, pages: pages() };
}

/**
 * The dashboard summary: how many registrations count (approved cancellations left out) and the
 * newest `limit` (default 10) of those that count, newest first: the count and the carousel agree
 * on what counts (decision 017). Two store requests: ZCARD + ZRANGE ... REV + SMEMBERS in one pipeline,
 * then one MGET; a third (a longer ZRANGE) only when cancellations hide some of the newest.
 */
export async function registrationSummary(limit: number = LATEST_REGISTRATIONS): Promise<{ total: number; latest: Registration[] }> {
  return withStore(async (r) => {
    const p = r.pipeline();
    p.zcard(keys.registrationIndex());
    p.zrange(keys.registrationIndex(), 0, limit - 1, { rev: true });
    p.smembers(keys.cancelledSet());
    const [indexed, firstNewest, cancelledList] = await p.exec<[number, unknown[], unknown[]]>();
    // Cancelled registrations stay in the index (the table shows them) but are not counted.
    const cancelled = new Set(cancelledList.map(String));
    const total = indexed - cancelled.size;
    let newest = firstNewest.map(String);
    if (newest.some((n) => cancelled.has(n))) newest = (await r.zrange<unknown[]>(keys.registrationIndex(), 0, limit + cancelled.size - 1, { rev: true })).map(String);
    const counted = newest.filter((n) => !cancelled.has(n)).slice(0, limit);
    if (!counted.length) return { total, latest: [] };
    const regs = await r.mget<(Registration | null)[]>(...counted.map((n) => keys.registration(n)));
    return { total, latest: regs.filter((x): x is Registration => x !== null) };
  });
}

/**
 * Every registration, oldest first (index order), parsed: openRegistrationPages() read to the
 * end. For callers that need them all in memory (the invoice lists); the list and the CSV export
 * stream the pages instead.
 */
export async function allRegistrations(): Promise<Registration[]> {
  const { pages } = await openRegistrationPages();
  const out: Registration[] = [];
  for await (const texts of pages) for (const text of texts) out.push(JSON.parse(text) as Registration);
  return out;
}
