/**
 * Stored registrations (ARCHITECTURE: Data in Redis, reg:{regNo} and reg:index): registration
 * numbers, and reading one, the newest, or all. Writing them is finalise.ts's (new
 * registrations, paid changes) and self-service.ts's (name changes).
 */
import { randomInt } from 'node:crypto';
import { conference } from '../../src/content/conference';
import { LATEST_REGISTRATIONS, PUBLIC_REGISTRATION_FIELDS, type PublicRegistration, type StoredRegistration } from '../../src/shared/api';
import { keys, withStore } from './store';

/**
 * The stored registration (spec part 2 section 3, "Stored registration"); the shape lives in
 * src/shared/api.ts because the admin calls return it. Spec fields keep the spec's names and
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

/** The fields of `r` the public self-service pages may read (spec part 2 section 7, GET /api/registrations/{id}). */
export function publicView(r: Registration): PublicRegistration {
  return Object.fromEntries(PUBLIC_REGISTRATION_FIELDS.map((f) => [f, r[f]])) as PublicRegistration;
}

/** Keys per MGET when reading registrations in bulk (one pipeline holds all the chunks). */
export const MGET_CHUNK = 1000;

/**
 * The dashboard summary: how many registrations there are (approved cancellations left out) and
 * the newest `limit` (default 10), newest first. Two store requests: ZCARD + ZRANGE ... REV in one pipeline, then one MGET.
 */
export async function registrationSummary(limit: number = LATEST_REGISTRATIONS): Promise<{ total: number; latest: Registration[] }> {
  return withStore(async (r) => {
    const p = r.pipeline();
    p.zcard(keys.registrationIndex());
    p.zrange(keys.registrationIndex(), 0, limit - 1, { rev: true });
    p.scard(keys.cancelledSet());
    const [indexed, newest, cancelled] = await p.exec<[number, unknown[], number]>();
    // Cancelled registrations stay in the index (the table shows them) but are not counted.
    const total = indexed - cancelled;
    if (!newest.length) return { total, latest: [] };
    const regs = await r.mget<(Registration | null)[]>(...newest.map((n) => keys.registration(String(n))));
    return { total, latest: regs.filter((x): x is Registration => x !== null) };
  });
}

/**
 * Every registration, oldest first (index order). Two store requests whatever the count: ZRANGE
 * of the index, then one pipeline of MGETs of at most MGET_CHUNK keys each. Index entries whose
 * record is missing are skipped.
 */
export async function allRegistrations(): Promise<Registration[]> {
  return withStore(async (r) => {
    const regNos = await r.zrange<unknown[]>(keys.registrationIndex(), 0, -1);
    if (!regNos.length) return [];
    const p = r.pipeline();
    for (let i = 0; i < regNos.length; i += MGET_CHUNK) {
      p.mget<(Registration | null)[]>(...regNos.slice(i, i + MGET_CHUNK).map((n) => keys.registration(String(n))));
    }
    const chunks = await p.exec<(Registration | null)[][]>();
    return chunks.flat().filter((x): x is Registration => x !== null);
  });
}
