/**
 * The server checks behind Next on steps 3 and 4, in the wizard's late chunk (late-steps.ts):
 * IEEE membership (POST /api/ieee-status) and an accepted paper (POST
 * /api/papers/check). They return what the form should show; WizardForm applies it.
 */
import { postJson } from '../../../lib/api';
import type { IeeeStatusResponse } from '../../../shared/api';
import { apiPaths } from '../../../shared/api-paths';
import { MEMBERSHIP_TO_VERIFY_STATUS, membershipRefusal, membershipRefusalMessage, messages } from '../../../shared/messages';
import { PAPER_NOT_FOUND } from '../../../shared/papers';
import type { Pricing, Tier } from '../../../shared/pricing';
import { changeTarget } from '../../../shared/tier-rules';

/**
 * What the membership check decided: `active`; `to-verify` (no verification service: the number
 * goes to the organisers' queue once paid); or `refused` with the message for the
 * member-number field and the non-member tier to offer, null when there is none (or the
 * check got no answer).
 */
export type MembershipCheck = { result: 'active' } | { result: 'to-verify' } | { result: 'refused'; message: string; nonMemberTier: Tier | null };

/** Checks `memberId` (trimmed here) for the delegate's tier `tierId` against POST /api/ieee-status. */
export async function checkMembership(memberId: string, tierId: string, pricing: Pricing): Promise<MembershipCheck> {
  const answer = await postJson<IeeeStatusResponse>(apiPaths.ieeeStatus, { MemberID: memberId.trim() });
  if (!answer.ok) return { result: 'refused', message: messages.membershipCheckFailed, nonMemberTier: null };
  const status = answer.data?.MemberStatus ?? '';
  if (status === MEMBERSHIP_TO_VERIFY_STATUS) return { result: 'to-verify' };
  if (status === 'Active') return { result: 'active' };
  return { result: 'refused', message: membershipRefusalMessage(membershipRefusal(status)), nonMemberTier: changeTarget('ieee-change', tierId, pricing) };
}

/**
 * Once papers are imported, the Paper ID must be an accepted paper: the server's rule
 * (POST /api/papers/check, the check create-order runs too). Returns the field's error message, or
 * null. A check that gets no answer lets the delegate on: create-order applies the same rule
 * before any payment.
 */
export async function checkPaper(paperId: string, noPaper: boolean): Promise<string | null> {
  if (noPaper || !paperId.trim()) return null;
  const answer = await postJson<{ accepted: boolean }>(apiPaths.paperCheck, { paperId: paperId.trim() });
  return !answer.ok && answer.error?.code === 'PAPER_NOT_FOUND' ? PAPER_NOT_FOUND : null;
}
