/**
 * Rules that follow from a registration tier, written once for the browser and the server:
 * the form fields a tier decides (docs/rules.md#the-self-service-pages), who may use a coupon (docs/rules.md#the-registration-form-and-its-checks), and
 * which self-service changes a tier allows (docs/rules.md#the-self-service-pages, #fees-arithmetic-and-timings; docs/payments.md#self-service-changes:
 * a student tier upgrades to the professional tier with the same IEEE status, region and price
 * period; an IEEE-member tier converts to the non-member tier with the same type, region and
 * period). Pure: no I/O, no clock.
 */
import { findTier, isIeeeTier, isProfessionalTier, isStudentTier, type Pricing, type Tier } from './pricing';
import { messages } from './messages';
import type { TierChangeKind } from './paid-changes';

/** The form fields a tier decides. */
export interface TierDependentFields {
  ieeeMemberNumber?: string;
  noPaper?: boolean;
  paperId?: string;
}

/**
 * The field values that choosing `tierId` forces (docs/rules.md#the-self-service-pages): a non-IEEE tier
 * clears ieeeMemberNumber. A student tier no longer forces 'no paper' (a student
 * registration may name its one paper, optionally, though it never covers it for IEEE Xplore).
 * `previousTierId` is kept for callers; moving between tiers changes no paper field.
 * Returns only the fields to change; an empty object means none.
 */
export function tierDependentFields(tierId: string, _previousTierId = ''): TierDependentFields {
  const out: TierDependentFields = {};
  if (!isIeeeTier(tierId)) out.ieeeMemberNumber = '';
  return out;
}

/**
 * Coupons are valid only for professional tiers (docs/rules.md#the-registration-form-and-its-checks). Returns the rule's
 * message when `tierId` may not take a coupon, null when it may.
 */
export function couponTierError(tierId: string): string | null {
  return isProfessionalTier(tierId) ? null : messages.couponProfessionalOnly;
}

/** The two self-service changes that are paid for (docs/rules.md#the-self-service-pages, #the-api). */
export type ChangeKind = TierChangeKind;

/**
 * The tier a registration on `tierId` moves to by `kind`, or null when that change does not
 * apply: an upgrade takes a student tier to the professional tier of the same membership,
 * region and period ('stud_ieee_indian_early' -> 'prof_ieee_indian_early'); an IEEE change
 * takes a member tier to the non-member tier of the same type, region and period
 * ('prof_ieee_foreign_std' -> 'prof_non_foreign_std'). The target must exist in `p`.
 */
export function changeTarget(kind: ChangeKind, tierId: string, p: Pricing): Tier | null {
  if (!findTier(p, tierId)) return null;
  let target: string;
  if (kind === 'tier-upgrade') {
    if (!isStudentTier(tierId)) return null;
    target = `prof${tierId.slice('stud'.length)}`;
  } else {
    if (!isIeeeTier(tierId)) return null;
    target = tierId.replace('_ieee_', '_non_');
  }
  return findTier(p, target) ?? null;
}
