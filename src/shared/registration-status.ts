/**
 * A registration's status, written once for the
 * functions, the admin pages and the CSV. The rule comes from docs/rules.md#the-registration-wizard: students must send proof of status and are confirmed only once it is
 * verified; IEEE membership only changes the price, so a member whose number awaits a check
 * still has a ticket. Pure: no I/O, no clock.
 *
 * - `confirmed`: nothing is waiting; the ticket is valid.
 * - `awaiting-proof`: a student tier, its proof of status not yet approved; no valid ticket.
 * - `membership-to-verify`: an IEEE-member tier whose number no service checked (production has
 *   no IEEE_VERIFY_URL); the ticket is valid unless an admin rejected the membership, then the
 *   difference to the non-member tier is due (IEEE-status change page) before the door.
 * - `cancelled`: an approved cancellation (what cancellations already record).
 */
import { isIeeeTier, isStudentTier } from './pricing';

export const REGISTRATION_STATUSES = ['confirmed', 'awaiting-proof', 'membership-to-verify', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** What an admin still has to check on a registration. */
export type PendingCheck = 'student-proof' | 'ieee-membership';

/** A proof of status as stored (the file itself is in Netlify Blobs under `key`). */
export interface ProofFile {
  /** The blob key in the proofs store. */
  key: string;
  /** The type found in the file's bytes: application/pdf, image/jpeg or image/png. */
  contentType: string;
  /** Bytes. */
  size: number;
  /** The name the delegate's file had (shown to the admin only; never used to decide the type). */
  fileName: string;
  /** ISO instant. */
  uploadedAt: string;
}

/** An admin's rejection of a proof or a membership: why, and when (ISO instant). */
export interface VerificationRejection {
  at: string;
  reason: string;
}

/** What is waiting on a registration and what became of it (absent on a registration with nothing to verify). */
export interface Verification {
  /** The checks still open; empty once approved (or once a tier change made them moot). */
  pending: PendingCheck[];
  /** The IEEE member number, when the membership is one of the checks (as typed in the wizard). */
  memberNumber?: string;
  /** The latest proof uploaded (each upload replaces the previous one). */
  proof?: ProofFile;
  /** The latest rejection, while a check is still open. */
  rejection?: VerificationRejection;
  /** When an admin approved (ISO instant). */
  approvedAt?: string;
}

/** The stored status that the open checks give (cancellation is read from the record: registrationStatus). */
export function statusOfChecks(pending: readonly PendingCheck[]): Exclude<RegistrationStatus, 'cancelled'> {
  if (pending.includes('student-proof')) return 'awaiting-proof';
  if (pending.includes('ieee-membership')) return 'membership-to-verify';
  return 'confirmed';
}

/**
 * The checks a new registration on `tierId` starts with: a student tier waits for its proof; an
 * IEEE-member tier waits for an admin when no service confirmed the membership
 * (`membershipChecked` false: netlify/server/platform/membership.ts answered 'to-verify').
 */
export function initialChecks(tierId: string, membershipChecked: boolean): PendingCheck[] {
  const pending: PendingCheck[] = [];
  if (isStudentTier(tierId)) pending.push('student-proof');
  if (isIeeeTier(tierId) && !membershipChecked) pending.push('ieee-membership');
  return pending;
}

/** The part of a stored registration the status reads. */
export interface StatusFields {
  registrationTier?: string;
  /** Loose (any text) so the browser can pass JSON as received; an unknown value reads as stored records without one. */
  status?: string;
  verification?: Verification;
  cancellation?: { status?: string };
}

/**
 * The status of registration `r`: `cancelled` after an approved cancellation, else the stored
 * one; records written before statuses existed have none and are `confirmed`.
 */
export function registrationStatus(r: StatusFields): RegistrationStatus {
  if (r.cancellation?.status === 'approved') return 'cancelled';
  return (REGISTRATION_STATUSES as readonly string[]).includes(r.status ?? '') ? (r.status as RegistrationStatus) : 'confirmed';
}

/**
 * The status fields after a tier change to `r.registrationTier` (tier upgrade, IEEE change): a
 * check the new tier no longer needs is dropped (an upgraded student needs no proof; a delegate
 * who paid the difference to the non-member tier needs no membership), with its rejection once
 * nothing is left. Returns `r` unchanged when nothing was pending.
 */
export function afterTierChange<R extends StatusFields & { registrationTier: string }>(r: R): R {
  const v = r.verification;
  if (!v || !v.pending.length) return r;
  const pending = v.pending.filter((c) => (c === 'student-proof' ? isStudentTier(r.registrationTier) : isIeeeTier(r.registrationTier)));
  if (pending.length === v.pending.length) return r;
  const { rejection, ...rest } = v;
  return { ...r, status: statusOfChecks(pending), verification: { ...rest, pending, ...(pending.length && rejection ? { rejection } : {}) } };
}

/**
 * Whether the ticket of `r` admits its holder, and if not what is missing (the verifier's
 * message). Only `confirmed` is valid, except `membership-to-verify` before a rejection (the
 * membership only changes the price).
 */
export function ticketRefusal(r: StatusFields): { code: string; message: string } | null {
  const status = registrationStatus(r);
  if (status === 'cancelled') return { code: 'REGISTRATION_CANCELLED', message: 'Registration cancelled' };
  if (status === 'awaiting-proof') {
    return r.verification?.rejection
      ? { code: 'AWAITING_PROOF', message: 'Not confirmed: the proof of student status was rejected; a new proof (or an upgrade to a full registration) is needed.' }
      : { code: 'AWAITING_PROOF', message: 'Not confirmed: proof of student status not yet verified.' };
  }
  if (status === 'membership-to-verify' && r.verification?.rejection) {
    return { code: 'MEMBERSHIP_NOT_VERIFIED', message: 'IEEE membership not verified: difference due' };
  }
  return null;
}

/** How the admin pages and the CSV label each status. */
export const statusLabels: Record<RegistrationStatus, string> = {
  confirmed: 'Confirmed',
  'awaiting-proof': 'Awaiting proof',
  'membership-to-verify': 'Membership to verify',
  cancelled: 'Cancelled',
};

/** IEEE's own member validation page: the admin queue links it beside a number to check by hand. */
export const IEEE_MEMBER_VALIDATION_URL = 'https://services24.ieee.org/membership-validator.html';

/**
 * Where a registration's proof of student status stands (a student has a page that says
 * "awaiting proof" or "proof received"): `awaiting` (none received yet), `received` (uploaded, not
 * yet checked), `rejected` (an organiser refused it; `reason`), `approved`, or `not-needed` (not a
 * student registration waiting or ever waiting for one). Pure.
 */
export type ProofState = 'awaiting' | 'received' | 'rejected' | 'approved' | 'not-needed';

/** The proof state of `r`, with the upload's instant or the rejection's reason when there is one. */
export function proofStateOf(r: StatusFields): { state: ProofState; uploadedAt?: string; reason?: string } {
  const v = r.verification;
  if (registrationStatus(r) !== 'cancelled' && v?.pending.includes('student-proof')) {
    if (v.rejection) return { state: 'rejected', reason: v.rejection.reason };
    if (v.proof) return { state: 'received', uploadedAt: v.proof.uploadedAt };
    return { state: 'awaiting' };
  }
  if (v?.approvedAt && (v.proof || isStudentTier(r.registrationTier ?? ''))) return { state: 'approved' };
  return { state: 'not-needed' };
}
