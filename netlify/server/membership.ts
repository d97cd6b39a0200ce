/**
 * IEEE membership adapter (ARCHITECTURE: external systems). Production: an HTTP
 * membership-validation endpoint (IEEE_VERIFY_URL, optional key IEEE_VERIFY_KEY) that answers
 * `{ MemberStatus }` for `{ MemberID }`. Locally: a roster file of member numbers and statuses.
 */
import { readFile } from 'node:fs/promises';
import { messages } from '../../src/shared/messages';
import { productionRules } from './deploy-context';
import { env } from './env';
import { ServiceUnavailableError } from './http';
import bundledRoster from './membership-roster.local.json';

/** The message of spec part 2 section 8 for a failed membership check. */
export const MEMBERSHIP_CHECK_FAILED = messages.membershipCheckFailed;

/** Status returned for numbers the roster does not know. */
export const UNKNOWN_MEMBER_STATUS = 'Not Found';

interface Roster {
  members: Record<string, string>;
}

async function rosterStatus(memberId: string, file?: string): Promise<string> {
  const roster: Roster = file ? (JSON.parse(await readFile(file, 'utf8')) as Roster) : bundledRoster;
  return roster.members[memberId] ?? UNKNOWN_MEMBER_STATUS;
}

async function httpStatus(memberId: string, url: string, key?: string): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify({ MemberID: memberId }),
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`membership endpoint answered ${res.status}`);
  const body = (await res.json()) as { MemberStatus?: unknown };
  if (typeof body.MemberStatus !== 'string') throw new Error('membership endpoint sent no MemberStatus');
  return body.MemberStatus;
}

/**
 * The membership status of `memberId` ('Active' means a valid member; spec part 2 section 5).
 * Throws ServiceUnavailableError (503, MEMBERSHIP_CHECK_FAILED) when the check cannot be made,
 * including without IEEE_VERIFY_URL under production rules (every deploy context but `dev`),
 * where the local roster is never used.
 */
export async function membershipStatus(memberId: string): Promise<string> {
  const e = env();
  try {
    if (e.IEEE_VERIFY_URL) return await httpStatus(memberId, e.IEEE_VERIFY_URL, e.IEEE_VERIFY_KEY);
    if (productionRules()) throw new Error('IEEE_VERIFY_URL is not set and the local roster is for the dev deploy context only');
    return await rosterStatus(memberId, e.IEEE_ROSTER_FILE);
  } catch (err) {
    throw new ServiceUnavailableError(MEMBERSHIP_CHECK_FAILED, { cause: err });
  }
}
