/**
 * The status a registration starts with and the status fields a tier change leaves (decision 013,
 * one status per registration; the rules themselves are in src/shared/registration-status.ts).
 * Kept apart from orders/finalise.ts and orders/registry.ts so each calls one function.
 */
import { afterTierChange, initialChecks, statusOfChecks } from '../../src/shared/registration-status';
import type { Registration } from './registrations';
import type { RegistrationOrder, TierChangeOrder } from './orders/orders';

/**
 * `status` and, when a check is open, `verification` of the registration `order` creates: a
 * student tier is `awaiting-proof`; an IEEE-member tier whose number was queued for an admin
 * (order.membershipChecked false) is `membership-to-verify`; everything else `confirmed`.
 */
export function initialStatusFields(order: RegistrationOrder): Pick<Registration, 'status' | 'verification'> {
  const pending = initialChecks(order.form.registrationTier, order.membershipChecked !== false);
  const status = statusOfChecks(pending);
  if (!pending.length) return { status };
  return { status, verification: { pending, ...(pending.includes('ieee-membership') ? { memberNumber: order.form.ieeeMemberNumber } : {}) } };
}

/**
 * Registration `next` (already on the order's new tier) with the checks the new tier no longer
 * needs dropped (afterTierChange) and, for a student's upgrade, the paper they answered for:
 * an upgraded student is `confirmed` without proof (decision 013).
 */
export function statusAfterTierChange(next: Registration, order: TierChangeOrder): Registration {
  const withPaper = order.paper ? { ...next, noPaper: order.paper.noPaper, paperId: order.paper.noPaper ? '' : order.paper.paperId } : next;
  return afterTierChange(withPaper);
}
