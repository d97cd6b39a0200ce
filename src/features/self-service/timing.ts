/**
 * Timing of the paid self-service pages (docs/rules.md#fees-arithmetic-and-timings), in its own module so the
 * name-transfer page can share it without loading the tier-upgrade/IEEE-change page.
 */

/** docs/rules.md#fees-arithmetic-and-timings: the redirect to the payment-success page waits 1.5 s after verification. */
export const REDIRECT_DELAY_MS = 1500;
