/**
 * IEEE membership adapter (docs/security.md#ieee-membership). With IEEE_VERIFY_URL: an HTTP
 * membership-validation endpoint (optional key IEEE_VERIFY_KEY) that answers `{ MemberStatus }`
 * for `{ MemberID }`. Without it under production rules (no such service exists publicly; the
 * site names none), the number is accepted once its format is checked and an admin verifies it later
 * (decision 013: the registration is `membership-to-verify`). Locally: a roster file of member
 * numbers and statuses, or the admin queue with IEEE_MEMBERSHIP_QUEUE=1.
 */
import { readFile } from 'node:fs/promises';
import { MEMBERSHIP_TO_VERIFY_STATUS, messages } from '../../../src/shared/messages';
import { productionRules } from './deploy-context';
import { env } from './env';
import { ServiceUnavailableError } from './http';
import bundledRoster from './membership-roster.local.json';

/** The message of docs/rules.md#messages for a failed membership check. */
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

/** The MemberStatus ieee-status answers for a number queued for an admin (the wizard lets it through). */
export const TO_VERIFY_STATUS = MEMBERSHIP_TO_VERIFY_STATUS;

/** IEEE member numbers as the wizard and ieee-status accept them: 4 to 12 digits. */
export const MEMBER_NUMBER_PATTERN = /^\d{4,12}$/;

/**
 * How `memberId` is checked: 'service' (IEEE_VERIFY_URL), 'roster' (the local roster, `dev`
 * context only) or 'queue' (an admin verifies it later: production rules without a service, or
 * IEEE_MEMBERSHIP_QUEUE=1 in `dev`).
 */
export function membershipMode(): 'service' | 'roster' | 'queue' {
  const e = env();
  if (e.IEEE_VERIFY_URL) return 'service';
  if (productionRules() || e.IEEE_MEMBERSHIP_QUEUE === '1') return 'queue';
  return 'roster';
}

/**
 * The membership of `memberId` as a registration needs it: {checked: true, status} when a service
 * or the roster answered ('Active' means a valid member), {checked: false} when the number is
 * queued for an admin (membershipMode 'queue'; the caller checks the format with
 * MEMBER_NUMBER_PATTERN). Throws ServiceUnavailableError (503, MEMBERSHIP_CHECK_FAILED) when the
 * service cannot be asked.
 */
export async function checkMembership(memberId: string): Promise<{ checked: true; status: string } | { checked: false }> {
  if (membershipMode() === 'queue') return { checked: false };
  return { checked: true, status: await membershipStatus(memberId) };
}

/**
 * The membership status of `memberId` ('Active' means a valid member; docs/rules.md#the-registration-form-and-its-checks).
 * Throws ServiceUnavailableError (503, MEMBERSHIP_CHECK_FAILED) when the check cannot be made.
 * Without a service under production rules the local roster is never used: the answer is
 * TO_VERIFY_STATUS (the number goes to the admin queue once paid).
 */
export async function membershipStatus(memberId: string): Promise<string> {
  const e = env();
  try {
    if (e.IEEE_VERIFY_URL) return await httpStatus(memberId, e.IEEE_VERIFY_URL, e.IEEE_VERIFY_KEY);
    if (membershipMode() === 'queue') return TO_VERIFY_STATUS;
    return await rosterStatus(memberId, e.IEEE_ROSTER_FILE);
  } catch (err) {
    throw new ServiceUnavailableError(MEMBERSHIP_CHECK_FAILED, { cause: err });
  }
}
