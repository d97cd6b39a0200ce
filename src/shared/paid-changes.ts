/**
 * The kinds of change a registrant pays for after registering, in the one list every other list
 * of kinds is derived from: the change records of a registration's history (src/shared/api.ts
 * ChangeRecord), the rules of each kind (src/shared/change-kinds.ts), the lifecycle's actions
 * (src/shared/registration-lifecycle.ts), the success page's kinds of payment (PAYMENT_KINDS
 * below) and, on the server, the order registry. Each of those is an exhaustive record over these
 * kinds, so a kind added here and not handled everywhere fails `tsc`, which names each place
 * (docs/architecture.md, "Adding a kind of order").
 * A leaf module: it imports nothing, so the browser, the server and the edition's content may all
 * read it.
 */

/** Every paid change, in the order the pages and the documents list them. */
export const PAID_CHANGE_KINDS = ['tier-upgrade', 'ieee-change', 'name-transfer'] as const;
export type PaidChangeKind = (typeof PAID_CHANGE_KINDS)[number];

/** The paid changes that move a registration to another tier (one order shape, the shared tier rules). */
export const TIER_CHANGE_KINDS = ['tier-upgrade', 'ieee-change'] as const satisfies readonly PaidChangeKind[];
export type TierChangeKind = (typeof TIER_CHANGE_KINDS)[number];

/** The changes a registration's history records that cost nothing. */
export const FREE_CHANGE_KINDS = ['name-change'] as const;
export type FreeChangeKind = (typeof FREE_CHANGE_KINDS)[number];

/**
 * What a payment-success page confirms (decision 009: one wording per kind of payment): a
 * registration, each paid change, and a registration a coupon paid in full ('free-registration').
 */
export const PAYMENT_KINDS = ['registration', ...PAID_CHANGE_KINDS, 'free-registration'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
