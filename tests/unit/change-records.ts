/**
 * The change-history records the admin views' tests share (unit project and tests/e2e/admin-history):
 * a delegate upgraded from the Indian non-member student tier to the full one, ₹4,130 paid on
 * 21 Oct 2025 at 14:05 IST, and the two tiers' names as the pages print them. No I/O.
 */
import type { PaidChangeRecord } from '../../src/shared/change-kinds';

/** The name the pages print for `stud_non_indian_std`. */
export const STUDENT_TIER_NAME = 'Student Registration – Non-IEEE Member (Indian, Standard)';
/** The name the pages print for `prof_non_indian_std`. */
export const FULL_TIER_NAME = 'Full Registration – Non-IEEE Member (Indian, Standard)';

/** The student → full tier upgrade (amount in rupees); `ids` replaces its Razorpay order and payment ids. */
export function studentToFullUpgrade(ids: { orderId: string; paymentId: string } = { orderId: 'order_UPG123456', paymentId: 'pay_UPG123456' }): PaidChangeRecord {
  return {
    kind: 'tier-upgrade',
    from: 'stud_non_indian_std',
    to: 'prof_non_indian_std',
    amount: 4130,
    currency: 'INR',
    ...ids,
    // 14:05 IST.
    at: '2025-10-21T08:35:00.000Z',
  };
}
