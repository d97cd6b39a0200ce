/**
 * Timing of the paid self-service pages (spec part 2 section 9), in its own module so the
 * name-transfer page can share it without loading the tier-upgrade/IEEE-change page.
 */

/** Spec section 9: the redirect to the payment-success page waits 1.5 s after verification. */
export const REDIRECT_DELAY_MS = 1500;
