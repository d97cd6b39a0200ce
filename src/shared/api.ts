/**
 * The API contract shared by the SPA and the functions (docs/rules.md#the-api):
 * request schemas, response shapes and the one error shape (paths, limits and the self-service
 * messages, which need no zod, are in api-paths.ts).
 * Schemas use zod/mini (tree-shakable) so the browser bundle carries only the checks it uses.
 */
import * as z from 'zod/mini';
import type { PUBLIC_REGISTRATION_FIELDS } from './api-paths';
import { selfServiceMessages } from './messages';
import { printable } from './printable-text';
import { TITLES } from './form-options';
import type { RegistrationForm } from './registration-form';
import { registrationFormSchema } from './registration-schema';
import type { Currency } from './money';
import type { Charges } from './pricing';
import type { ChangeCharges } from './change-charges';
import type { ProofState, RegistrationStatus, Verification } from './registration-status';
import type { FreeChangeKind, PaidChangeKind } from './paid-changes';

/** `{ error: { code, message, fieldErrors? } }`: every non-2xx JSON answer (docs/development.md#writing-a-function). */
export interface ApiError {
  error: { code: string; message: string; fieldErrors?: Record<string, string> };
}

export const couponCodeSchema = z.pipe(
  z
    .string({ error: 'Coupon code is required.' })
    .check(
      z.trim(),
      z.minLength(1, 'Coupon code is required.'),
      z.maxLength(40, 'Coupon code is too long.'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'Coupon codes contain only letters, digits, - and _.'),
    ),
  z.transform((s: string) => s.toUpperCase()),
);

/** POST /api/coupons/verify. `registrationTier` is optional: when given, the professional-only rule is checked too. */
export const couponVerifyRequest = z.object({
  code: couponCodeSchema,
  registrationTier: z.optional(z.string().check(z.maxLength(64))),
});
export interface CouponVerifyResponse {
  valid: boolean;
  type?: 'full' | 'half';
  message: string;
}

/** POST /api/ieee-verification/ieee-status. */
export const ieeeStatusRequest = z.object({
  MemberID: z.string({ error: 'MemberID is required.' }).check(z.trim(), z.regex(/^\d{4,12}$/, 'MemberID must be 4 to 12 digits.')),
});
export interface IeeeStatusResponse {
  MemberStatus: string;
}

/** POST /api/payment/create-order: amount is the total due in whole units with 2 decimals, as the browser shows it. */
export const createOrderRequest = z.object({
  amount: z.number({ error: 'amount must be a number.' }).check(z.minimum(0, 'amount must not be negative.'), z.maximum(10_000_000, 'amount is too large.')),
  data: registrationFormSchema,
  code: z.optional(z.nullable(couponCodeSchema)),
});
export type CreateOrderRequest = z.input<typeof createOrderRequest>;

/**
 * Order response (docs/rules.md#the-stored-registration-and-the-csv), one shape per outcome. A 200 answer is either a
 * Razorpay order to pay (`amount` in minor units, as Checkout wants it) or a registration that
 * needed no payment (a 100% coupon). Refusals are 4xx answers in the error shape; the
 * early-bird one also carries `{success: false, earlyBirdExpired: true, message}`.
 */
export type CreateOrderResponse =
  | { success: true; noPayment: false; id: string; amount: number; currency: Currency; key: string }
  | { success: true; noPayment: true; registrationNumber: string; id: string; amount: 0; currency: Currency };

/** The extra fields of create-order's 409 EARLY_BIRD_EXPIRED answer (next to `error`). */
export interface EarlyBirdExpiredBody {
  success: false;
  earlyBirdExpired: true;
  message: string;
}

const razorpayId = (prefix: string) =>
  z.string({ error: `razorpay_${prefix}_id is required.` }).check(z.regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,40}$`), `razorpay_${prefix}_id is malformed.`));

/**
 * POST /api/payment/release-order: the browser closed the payment window of this unpaid order
 * (or could not open it), so its coupon use goes back at once.
 */
export const releaseOrderRequest = z.object({
  orderId: z.string({ error: 'orderId is required.' }).check(z.regex(/^order_[A-Za-z0-9]{6,40}$/, 'orderId is malformed.')),
});
export type ReleaseOrderRequest = z.input<typeof releaseOrderRequest>;

/** release-order's answer: `released` is true when this call gave a coupon use back. */
export interface ReleaseOrderResponse {
  success: true;
  released: boolean;
}

/** POST /api/payment/verify-payment: the three fields Razorpay Checkout's handler receives. */
export const verifyPaymentRequest = z.object({
  razorpay_order_id: razorpayId('order'),
  razorpay_payment_id: razorpayId('pay'),
  razorpay_signature: z.string({ error: 'razorpay_signature is required.' }).check(z.regex(/^[a-f0-9]{64}$/, 'razorpay_signature must be 64 hex characters.')),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequest>;
export interface VerifyPaymentResponse {
  success: boolean;
  registrationNumber?: string;
  /** The registration's status once the payment is applied (the self-service verify calls give it). */
  status?: string;
  error?: string;
}

/** The part of a Razorpay webhook body the app reads (order.paid, payment.captured, refund.processed, refund.failed). */
const maxText = (max: number) => z.string().check(z.maxLength(max));
const wholeNumber = () => z.number().check(z.int());
export const webhookEvent = z.object({
  event: maxText(100),
  payload: z.object({
    payment: z.optional(
      z.object({ entity: z.object({ id: maxText(60), order_id: z.optional(z.nullable(maxText(60))), amount: wholeNumber(), currency: maxText(3), status: maxText(30), late_authorized: z.optional(z.nullable(z.boolean())) }) }),
    ),
    'payment.downtime': z.optional(
      z.object({
        entity: z.object({
          id: maxText(60),
          method: maxText(30),
          status: maxText(30),
          severity: maxText(10),
          instrument: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
          begin: z.optional(z.nullable(z.number())),
          end: z.optional(z.nullable(z.number())),
        }),
      }),
    ),
    order: z.optional(z.object({ entity: z.object({ id: maxText(60), amount: wholeNumber(), status: maxText(30) }) })),
    refund: z.optional(
      z.object({ entity: z.object({ id: maxText(60), payment_id: maxText(60), amount: wholeNumber(), status: maxText(30), notes: z.optional(z.unknown()) }) }),
    ),
  }),
});

/**
 * The Razorpay payment states in which the delegate's money is taken for an order (auto-capture
 * is on, so an authorised payment is captured by Razorpay without the app). Read by the payment
 * confirmation and the reconciliation so both count the same payments as paid.
 */
export const PAID_PAYMENT_STATES: ReadonlySet<string> = new Set(['captured', 'authorized']);

// ---------------------------------------------------------------------------------------------
// Admin area (docs/rules.md#pages-and-routes, #the-stored-registration-and-the-csv, #the-registration-wizard, 6-8): sign-in, registrations, tickets.
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/admin-auth/login: `{password}` is the organisers' shared password (role owner);
 * `{email, password}` signs a named account in with its roles (decision 044).
 */
export const adminLoginRequest = z.object({
  email: z.optional(z.string({ error: 'E-mail must be text.' }).check(z.trim(), z.maxLength(254, 'E-mail is too long.'))),
  password: z.string({ error: 'Password is required.' }).check(z.minLength(1, 'Password is required.'), z.maxLength(256, 'Password is too long.')),
});
/** 200 answer of login: a bearer token (JWT, 8 hours) and when it expires (ISO instant). */
export interface AdminLoginResponse {
  token: string;
  expiresAt: string;
}
/** 200 answer of GET /api/admin-auth/verify. */
export interface AdminVerifyResponse {
  ok: true;
  expiresAt: string;
}

/**
 * A stored registration (docs/rules.md#the-stored-registration-and-the-csv) as the admin calls return
 * it: the form without verifyEmail, plus what finalising added. Money in whole units of
 * `currency` (e.g. totalPaid 20248.8); `charges` is the exact breakdown in minor units.
 * Times are ISO instants. couponCode 'NoCoupon' and paymentId 'NoPayment' mean none.
 */
/** One line of a tax document; money in minor units of the document's currency. */
export interface InvoiceLine {
  description: string;
  sac: string;
  quantity: number;
  /** Per unit. */
  rate: number;
  amount: number;
}

/** Who a tax document is addressed to: the billing details and the delegate's full name. */
export interface DocumentRecipient {
  name: string;
  delegate: string;
  addressLines: string[];
  state: string;
  gstin: string | null;
  taxNumberAsGiven: string | null;
  email: string;
}

/**
 * What a tax document prints about its recipient and its lines, frozen when its number is taken
 * and stored beside that number (the registration's `invoiceSnapshot`, a paid change's
 * `invoiceSnapshot`, an approved cancellation's `creditNoteSnapshot`). Every later rendering
 * reads it; nothing rebuilds an earlier document from later history
 * (docs/decisions/052-tax-documents-frozen-when-issued.md; built by src/shared/invoice.ts).
 */
export interface IssuedDocument {
  /** The delegate's tier id when the document was issued. */
  tier: string;
  /** The billing details and the delegate's full name as printed. */
  recipient: DocumentRecipient;
  placeOfSupply: string;
  lines: InvoiceLine[];
  /**
   * The registered e-mail the document was issued to: the registrant when it was issued; for a
   * name transfer's invoice the registrant who paid for it (`fromEmail`); for a credit note the
   * registrant of the invoice it reduces.
   */
  registrantEmail: string;
}

/**
 * One entry of a registration's change history, oldest first. Paid changes carry the amount
 * (whole units of `currency`), the order and the payment; a name change carries the old and
 * new name as `from` and `to` and no money.
 */
export type ChangeRecord =
  | {
      /** The kinds come from the one list (src/shared/paid-changes.ts). */
      kind: PaidChangeKind;
      /** Tier ids; for a name transfer, the full names of the person before and after. */
      from: string;
      to: string;
      /** Name transfer only: the registered e-mail before and after. */
      fromEmail?: string;
      toEmail?: string;
      amount: number;
      currency: Currency;
      orderId: string;
      paymentId: string;
      at: string;
      /** The tax invoice of this change, taken when it was applied. */
      invoiceNumber?: string;
      /** The change's exact breakdown in minor units (what its invoice prints). */
      charges?: ChangeCharges;
      /** What its invoice prints, frozen with `invoiceNumber`. */
      invoiceSnapshot?: IssuedDocument;
    }
  | { kind: FreeChangeKind; from: string; to: string; at: string };

export interface StoredRegistration extends Omit<RegistrationForm, 'verifyEmail' | 'registrationFee' | 'welcomeReceptionExtraFee' | 'galaDinnerExtraFee'> {
  _id: string;
  registrationNumber: string;
  registrationFee: number;
  welcomeReceptionExtraFee: number;
  galaDinnerExtraFee: number;
  couponCode: string;
  paymentId: string;
  orderId: string;
  currency: Currency;
  totalPaid: number;
  charges: Charges;
  paidAt: string;
  createdAt: string;
  updatedAt: string;
  /** Self-service changes, oldest first; absent until the first change. */
  history?: ChangeRecord[];
  /** The registration's tax invoice number (absent when nothing was paid, e.g. a 100% coupon). */
  invoiceNumber?: string;
  /** What that invoice prints, frozen when its number was taken. */
  invoiceSnapshot?: IssuedDocument;
  /** A cancellation request and what became of it (absent when none was made). */
  cancellation?: Cancellation;
  /** Raised by each name transfer: tickets of an earlier version are refused at check-in. Absent means 0. */
  ticketVersion?: number;
  /**
   * The stored status (src/shared/registration-status.ts). Absent on records written
   * before statuses existed, which are confirmed; `cancelled` is read from `cancellation`.
   */
  status?: Exclude<RegistrationStatus, 'cancelled'>;
  /** What an admin still has to check (student proof, IEEE membership), absent when nothing ever was. */
  verification?: Verification;
}

/**
 * A registration's cancellation (docs/rules.md#fees-arithmetic-and-timings, refund rule). The
 * refund is decided when the request is made (50 % of the registration fee without GST and the
 * convenience fee before 20 Nov 2025 IST, else nothing) and paid only after the conference.
 * Money in minor units of `currency`.
 */
export interface Cancellation {
  status: 'requested' | 'approved' | 'declined';
  requestedAt: string;
  decidedAt?: string;
  /** The refund due under the rule at requestedAt (0 when none). */
  refundAmount: number;
  currency: Currency;
  /** The credit note issued on approval when a refund is due. */
  creditNoteNumber?: string;
  /** What that credit note prints, frozen when its number was taken. */
  creditNoteSnapshot?: IssuedDocument;
  /** The refund's payment to the delegate, once an admin pays it. */
  refund?: RefundPayout;
}

/**
 * Paying a due refund through Razorpay, split over the registration's payments
 * (docs/operations.md, "Refunds"). A part Razorpay refused or failed stays `failed` with
 * Razorpay's reason until it is retried or paid outside Razorpay; the payout is never left
 * `processing` by a refusal.
 */
export interface RefundPayout {
  /** `failed` while any part failed; `processed` once every part was refunded or paid outside Razorpay. */
  status: 'processing' | 'processed' | 'failed';
  /** One idempotency key per refund, so a retry never refunds twice. */
  idempotencyKey: string;
  parts: RefundPart[];
  updatedAt: string;
}

/** One payment's share of a refund payout. Amount in minor units. */
export interface RefundPart {
  paymentId: string;
  amount: number;
  /** Razorpay's refund, once one was made. */
  refundId?: string;
  /** `paid-outside`: an organiser paid it another way (bank transfer...) and gave its reference. */
  status: 'pending' | 'processed' | 'failed' | 'paid-outside';
  /** Why it failed: Razorpay's own description of a refusal, or the failed refund's webhook. */
  failureReason?: string;
  /** The outside payment's reference (a bank transfer's UTR, a cheque number), with `paid-outside`. */
  reference?: string;
}

export type PublicRegistration = Pick<StoredRegistration, (typeof PUBLIC_REGISTRATION_FIELDS)[number]>;

/** GET /api/registrations/summary: the count and the 10 newest, newest first. */
export interface RegistrationsSummaryResponse {
  totalRegistrations: number;
  latestRegistrations: StoredRegistration[];
}

/** A registration number as typed by an organiser: trimmed and upper-cased, e.g. PESGRE25-7KQ2M9XD. */
export const registrationNumberSchema = z
  .string({ error: 'registrationNumber is required.' })
  .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9]{1,20}-[A-Z0-9]{4,20}$/, 'registrationNumber is not a registration number.'));

/** POST /api/admin/checkins/desk: check in a delegate found by name on the verifier. */
export const deskCheckinRequest = z.object({ registrationNumber: registrationNumberSchema });

/** POST /api/registrations/resend-ticket. */
export const resendTicketRequest = z.object({ registrationNumber: registrationNumberSchema });
export interface ResendTicketResponse {
  sent: true;
}

/**
 * POST /api/verification/verify-qr: the JSON text of the ticket QR code, exactly as scanned.
 * `rid` is the registration number, `sig` its signature: Ed25519 (86 base64url characters) on new
 * tickets, HMAC-SHA256 (43) on tickets e-mailed before decision 012.
 * Neither is trimmed or re-cased: the signature covers the exact text.
 */
export const ticketPayloadSchema = z.object({
  rid: z.string({ error: 'rid is required.' }).check(z.regex(/^[A-Z0-9]{1,20}-[A-Z0-9]{4,20}$/, 'rid is not a registration number.')),
  /** The ticket's version (absent on a registration's first ticket; raised by each name transfer). */
  v: z.optional(
    z.number({ error: 'v must be a number.' }).check(z.int('v must be a whole number.'), z.minimum(1, 'v must be at least 1.'), z.maximum(999, 'v is too large.')),
  ),
  // 43: the HMAC of tickets e-mailed before decision 012; 86: the Ed25519 signature of new tickets.
  sig: z.string({ error: 'sig is required.' }).check(z.regex(/^(?:[A-Za-z0-9_-]{43}|[A-Za-z0-9_-]{86})$/, 'sig must be 43 or 86 base64url characters.')),
});
export type TicketPayload = z.infer<typeof ticketPayloadSchema>;

/** What the desk hands out with a badge: reception and gala dinner tickets, and the diet to note. */
export interface DeskExtras {
  /** Welcome reception: the delegate's own place, and the extra tickets bought (0-3). */
  welcomeReception: { attends: boolean; extraTickets: number };
  galaDinner: { attends: boolean; extraTickets: number };
  /** The dietary requirements as one line ('VEGETARIAN, OTHER: no peanuts'); '' for none. */
  diet: string;
}

/** A valid ticket: the first scan of the day records the check-in; later scans that day are flagged. */
export type VerifyQrValid =
  | { valid: true; rid: string; repeat: false; message: string; name: string; tier: string; extras: DeskExtras; checkedInAt: string }
  | { valid: true; rid: string; repeat: true; message: string; name: string; tier: string; extras: DeskExtras; firstCheckInAt: string };
/** An invalid ticket (4xx): `rid` is null when the body could not be read; `error` is the usual error shape. */
export type VerifyQrInvalid = { valid: false; rid: string | null; message: string } & ApiError;
export type VerifyQrResponse = VerifyQrValid | VerifyQrInvalid;

// ---------------------------------------------------------------------------------------------
// Self-service (docs/rules.md#pages-and-routes, #the-registration-wizard, #the-registration-form-and-its-checks, #the-api, #messages): tier upgrade, IEEE change, name change.
// Every refusal is a 4xx in the error shape plus `{success: false, message}` (the pages show
// the server's error or message, docs/rules.md#messages).
// ---------------------------------------------------------------------------------------------

/** A registration id as a registrant types it: trimmed and upper-cased; `required` is the empty-field message. */
export function regIdSchema(required: string = selfServiceMessages.registrationIdRequired) {
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(41, 'This is not a registration ID.'),
      z.toUpperCase(),
      z.regex(/^[A-Z0-9]{1,20}-[A-Z0-9]{4,20}$/, 'This is not a registration ID.'),
    );
}

/** POST /api/tier-upgrade/upgrade-tier and /api/ieee-change/change-ieee-status. */
export const changeOrderRequest = z.object({ regId: regIdSchema() });
export type ChangeOrderRequest = z.input<typeof changeOrderRequest>;

/** The notes of an upgrade order: the total (whole units) and the tier ids. */
export interface UpgradeNotes {
  upgradeAmount: number;
  upgradeFrom: string;
  upgradeTo: string;
}
/** The notes of an IEEE-change order. */
export interface IeeeChangeNotes {
  changeAmount: number;
  changeFrom: string;
  changeTo: string;
}

/** A change order as the browser pays it through Checkout: `amount` in minor units (total x 100), `key` the public Checkout key. (The server's pending order of a change is ChangeOrder in netlify/server/orders/orders.ts.) */
export interface CheckoutOrder<N> {
  id: string;
  currency: Currency;
  amount: number;
  key: string;
  notes: N;
}
export interface ChangeOrderResponse<N> {
  success: true;
  registrationNumber: string;
  order: CheckoutOrder<N>;
}
export type UpgradeOrderResponse = ChangeOrderResponse<UpgradeNotes>;
export type IeeeChangeOrderResponse = ChangeOrderResponse<IeeeChangeNotes>;

/** A refused self-service call: the error shape plus the `{success: false, message}` the self-service pages read (docs/rules.md#the-api). */
export type SelfServiceFailure = ApiError & { success: false; message: string };

/** POST /api/tier-upgrade/verify-upgrade and /api/ieee-change/verify-ieee-change: same body as verify-payment. */
export const verifyChangeRequest = verifyPaymentRequest;
export interface VerifyChangeResponse {
  success: true;
  registrationNumber: string;
  /**
   * The registration's status after the change (src/shared/registration-status.ts): the success
   * page says whether a ticket is there or still waits for a proof of student status.
   */
  status?: RegistrationStatus;
}

const registeredEmail = z
  .string({ error: selfServiceMessages.idAndEmailRequired })
  .check(z.trim(), z.minLength(1, selfServiceMessages.idAndEmailRequired), z.maxLength(254, 'This e-mail address is too long.'));

/** POST /api/update-name/get-name. */
export const getNameRequest = z.object({
  regId: regIdSchema(selfServiceMessages.idAndEmailRequired),
  email: registeredEmail,
});
export interface GetNameResponse {
  success: true;
  title: string;
  firstName: string;
  lastName: string;
}

/** A name as it prints on the badge, the certificate and the invoices: no control character, line break or bidi override (printable-text.ts). */
const personName = z
  .string({ error: selfServiceMessages.namesRequired })
  .check(
    z.trim(),
    z.minLength(1, selfServiceMessages.namesRequired),
    z.maxLength(100, 'Names are at most 100 characters.'),
    printable('Names may not contain control characters.'),
  );

/** POST /api/update-name/update-name. `title` is one of the form's titles or empty (docs/rules.md#the-registration-form-and-its-checks: title optional). */
export const updateNameRequest = z.object({
  regId: regIdSchema(selfServiceMessages.idAndEmailRequired),
  email: registeredEmail,
  title: z.enum(['', ...TITLES], { error: 'Title must be one of Dr, Prof, Mr, Ms, Mrs or empty.' }),
  firstName: personName,
  lastName: personName,
});
export type UpdateNameRequest = z.input<typeof updateNameRequest>;
export interface UpdateNameResponse {
  success: true;
  message: string;
}

/** One payment that was taken but could not be applied (admin: "Payments needing attention"). */
export interface AttentionPayment {
  paymentId: string;
  orderId: string;
  kind: string;
  registrationNumber: string;
  /** Whole units of `currency`. */
  amount: number;
  currency: Currency;
  reason: string;
  at: string;
  /**
   * True when the payment *was* applied and is listed only for a decision (a coupon used past
   * its limit): the registration exists, so it is not refunded from this list.
   */
  applied?: boolean;
  /**
   * The refund an organiser made from the list: the latest Razorpay refund, its state
   * (settled by the refund webhooks) and its attempt number (a failed refund is made again with
   * a fresh idempotency key, attempt + 1).
   */
  refund?: {
    /** Razorpay's refund id; '' when Razorpay refused to make one, or before it answered. */
    id: string;
    /**
     * `pending` from the moment a Razorpay refund is asked for until Razorpay settles it;
     * `paid-outside` once an organiser recorded paying it back another way (with `reference`).
     */
    status: 'pending' | 'processed' | 'failed' | 'paid-outside';
    at: string;
    attempt: number;
    /** Why it failed: Razorpay's own words for a refusal (kept when it was then paid outside Razorpay). */
    reason?: string;
    /** The outside payment's reference (a bank transfer's UTR, a cheque number), with `paid-outside`. */
    reference?: string;
    /**
     * True when Razorpay refused the site's refund because the payment was refunded already (by
     * Razorpay itself, e.g. a late authorisation on a paid order, or from its Dashboard): `id` is
     * that refund, found in the payment's refunds (decision 058).
     */
    byRazorpay?: boolean;
  };
}

// ---------------------------------------------------------------------------------------------
// Accounts: tax documents, cancellations, refunds.
// ---------------------------------------------------------------------------------------------

/** POST /api/cancellation/quote and /api/cancellation/request, and /api/invoices/lookup: the registrant's id and registered e-mail. */
export const registrantRequest = z.object({
  regId: regIdSchema(selfServiceMessages.idAndEmailRequired),
  email: registeredEmail,
});

/** POST /api/invoices/download: one document of the registrant's, by number (e.g. PG25/2526/00001). */
export const invoiceDownloadRequest = z.extend(registrantRequest, {
  number: z
    .string({ error: 'number is required.' })
    .check(z.trim(), z.minLength(1, 'number is required.'), z.maxLength(16, 'Document numbers are at most 16 characters.')),
});

/** A tax document as the lookup lists it. Money in minor units. */
export interface DocumentSummary {
  number: string;
  kind: 'invoice' | 'credit-note';
  title: string;
  date: string;
  total: number;
  currency: Currency;
}
export interface InvoicesLookupResponse {
  success: true;
  registrationNumber: string;
  documents: DocumentSummary[];
  /** Payments the bank authorised late (after they were reported failed): applied, or refunded (docs/payments.md, "Late authorisation"). */
  latePayments?: LatePayment[];
}

/** GET /api/payment/downtimes takes no query parameters (a strict empty object: anything else is a 400). */
export const downtimesQuery = z.strictObject({});

/** A Checkout instrument (Razorpay's display config): a method, optionally narrowed to banks, card issuers or networks. */
export interface CheckoutInstrument {
  method: 'card' | 'netbanking' | 'upi' | 'wallet';
  banks?: string[];
  issuers?: string[];
  networks?: string[];
}

/**
 * GET /api/payment/downtimes: what Checkout should know of Razorpay's payment downtimes before the
 * delegate pays (docs/payments.md, "Payment method downtime"). `hide` goes into Checkout's
 * config.display.hide (high severity); `warn` is shown above the pay button (medium, and a high
 * one that cannot be narrowed to an instrument Checkout can hide). `asOf` is when Razorpay was
 * last asked or last told (ISO), `stale` true when that is older than the refresh interval
 * because Razorpay could not be reached.
 */
export interface PaymentDowntimesResponse {
  hide: CheckoutInstrument[];
  warn: { method: string; severity: 'low' | 'medium' | 'high'; detail: string }[];
  asOf: string | null;
  stale: boolean;
}

/** A payment authorised late by the bank, as the delegate's invoices page shows it. `amount` in whole units. */
export interface LatePayment {
  paymentId: string;
  amount: number;
  currency: 'INR' | 'USD';
  /** When the late authorisation reached the site (ISO). */
  at: string;
  /** applied: it paid its order; refunded / refund-pending / refund-failed: it could not be applied and is refunded. */
  outcome: 'applied' | 'refunded' | 'refund-pending' | 'refund-failed';
  /** Why it could not be applied (refunds only). */
  reason?: string;
  refundId?: string;
}

/** The cancellation quote or request answer. `refundAmount` in minor units. */
export interface CancellationResponse {
  success: true;
  registrationNumber: string;
  status: Cancellation['status'] | 'none';
  refundAmount: number;
  currency: Currency;
  beforeDeadline: boolean;
  message: string;
}

/** POST /api/admin/cancellations/decide. */
export const cancellationDecisionRequest = z.object({
  registrationNumber: registrationNumberSchema,
  decision: z.enum(['approve', 'decline'], { error: 'decision must be approve or decline.' }),
});

/**
 * How an organiser pays a refund, the same for a cancellation's refund and a payment needing
 * attention (docs/operations.md, "Refunds" and "Payments needing attention"): `method` 'razorpay'
 * (the default) through Razorpay, or 'outside' to record that the organisers paid it another way
 * (a bank transfer), with that payment's `reference` (3 to 100 characters, e.g. the transfer's UTR).
 */
const refundMethodFields = {
  method: z.optional(z.enum(['razorpay', 'outside'], { error: 'method must be razorpay or outside.' })),
  reference: z.optional(
    z
      .string({ error: 'reference must be text.' })
      .check(
        z.trim(),
        z.minLength(3, 'reference must be 3 to 100 characters.'),
        z.maxLength(100, 'reference must be 3 to 100 characters.'),
        printable('reference must not contain control characters.'),
      ),
  ),
};

/** A reference comes with a payment outside Razorpay, and only with one. */
function refundMethodChecks<T extends { method?: 'razorpay' | 'outside'; reference?: string }>() {
  return [
    z.refine<T>((r) => r.method !== 'outside' || r.reference !== undefined, { message: 'A payment outside Razorpay needs its reference (for example the bank transfer number).', path: ['reference'] }),
    z.refine<T>((r) => r.method === 'outside' || r.reference === undefined, { message: 'reference is only for a payment outside Razorpay.', path: ['reference'] }),
  ] as const;
}

/**
 * POST /api/admin/refunds/pay: `method` 'razorpay' (the default) pays, or retries, the refund
 * through Razorpay; 'outside' records that the organisers paid the parts Razorpay did not refund
 * another way, with the payment's `reference` (docs/operations.md, "Refunds").
 */
const refundPayFields = z.object({ registrationNumber: registrationNumberSchema, ...refundMethodFields });
export const refundPayRequest = refundPayFields.check(...refundMethodChecks<z.infer<typeof refundPayFields>>());

/**
 * POST /api/admin/attention/refund: refund a payment that could not be applied, in full, through
 * Razorpay (the default; pressed again after a failure, it is made again), or record with
 * `method: 'outside'` and its `reference` that the organisers paid it back another way
 * (docs/operations.md, "Payments needing attention").
 */
const attentionRefundFields = z.object({
  paymentId: z.string({ error: 'paymentId is required.' }).check(z.regex(/^pay_[A-Za-z0-9]{6,40}$/, 'paymentId is malformed.')),
  ...refundMethodFields,
});
export const attentionRefundRequest = attentionRefundFields.check(...refundMethodChecks<z.infer<typeof attentionRefundFields>>());

/** GET /api/admin/invoices: `number` for one document, or `day` (YYYY-MM-DD, IST) for all of that day in one PDF. */
export const adminInvoicesQuery = z.union([
  z.object({ number: z.string().check(z.trim(), z.minLength(1), z.maxLength(16)) }),
  z.object({ day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD.')) }),
]);

/** The new person of a name transfer (docs/rules.md#fees-arithmetic-and-timings: a registration moves to another person). */
export const transfereeSchema = z.object({
  title: z.enum(TITLES, { error: 'Title must be one of Dr, Prof, Mr, Ms, Mrs.' }),
  firstName: personName,
  lastName: personName,
  email: z.pipe(
    z.string({ error: 'E-mail is required.' }).check(z.trim(), z.minLength(1, 'E-mail is required.'), z.maxLength(254, 'This e-mail address is too long.')),
    z.email({ error: 'Please enter a valid email address.' }),
  ),
  organization: z.string({ error: 'Organization is required.' }).check(z.trim(), z.minLength(1, 'Organization is required.'), z.maxLength(200, 'This value is too long.'), printable()),
  mobile: z.string({ error: 'Mobile is required.' }).check(z.trim(), z.minLength(1, 'Mobile is required.'), z.maxLength(30, 'This value is too long.'), printable()),
});
export type Transferee = z.infer<typeof transfereeSchema>;

/** POST /api/name-transfer/create-order: the registrant's id and registered e-mail, and the new person. */
export const nameTransferRequest = z.extend(registrantRequest, { to: transfereeSchema });
export type NameTransferRequest = z.input<typeof nameTransferRequest>;

/** The notes of a name-transfer order: the total (whole units) and the names. */
export interface NameTransferNotes {
  transferAmount: number;
  transferFrom: string;
  transferTo: string;
}
export type NameTransferOrderResponse = ChangeOrderResponse<NameTransferNotes>;
/**
 * POST /api/registrations/email-check {email} -> {registered} (the wizard's hint before
 * paying that this address already has a registration). Says nothing else about it.
 */
export const emailCheckRequest = z.strictObject({ email: z.pipe(z.string().check(z.trim()), z.email('Enter a valid e-mail address.').check(z.maxLength(254))) });
export type EmailCheckRequest = z.input<typeof emailCheckRequest>;
export interface EmailCheckResponse {
  registered: boolean;
}

// ---------------------------------------------------------------------------------------------
// Verifications: students' proof of status, IEEE membership without a service.
// ---------------------------------------------------------------------------------------------

/** POST /api/registration/proof: the text fields of the multipart form (the file is `file`). */
export const proofUploadFields = registrantRequest;

/** POST /api/registration/proof/status {regId, email}: where the proof of student status stands. */
export const proofStatusRequest = registrantRequest;
export interface ProofStatusResponse {
  success: true;
  registrationNumber: string;
  status: RegistrationStatus;
  proof: ProofState;
  /** ISO instant of the proof received (state `received`). */
  uploadedAt?: string;
  /** The organisers' reason (state `rejected`). */
  reason?: string;
}
export interface ProofUploadResponse {
  success: true;
  registrationNumber: string;
  message: string;
}

/** POST /api/admin/verifications/decide: a reason is required to reject (it is e-mailed to the delegate). */
export const verificationDecisionRequest = z
  .object({
    registrationNumber: registrationNumberSchema,
    decision: z.enum(['approve', 'reject'], { error: "decision must be 'approve' or 'reject'." }),
    reason: z.optional(z.string({ error: 'reason must be text.' }).check(z.trim(), z.maxLength(1000, 'reason is too long (at most 1000 characters).'))),
  })
  .check(
    z.refine((v) => v.decision !== 'reject' || Boolean(v.reason), { path: ['reason'], message: 'A reason is required to reject.' }),
  );
export type VerificationDecisionRequest = z.input<typeof verificationDecisionRequest>;

/** One waiting registration of GET /api/admin/verifications (oldest first). */
export interface VerificationItem {
  registrationNumber: string;
  name: string;
  email: string;
  organization: string;
  registrationTier: string;
  status: 'awaiting-proof' | 'membership-to-verify';
  verification: Verification;
  /** The admin path that serves the proof, when one was uploaded. */
  proofPath?: string;
  paidAt: string;
}

/** POST /api/tier-upgrade/upgrade-tier: a student's upgrade may say which paper it is for. */
export const tierUpgradeRequest = z.object({
  regId: regIdSchema(),
  noPaper: z.optional(z.boolean({ error: 'noPaper must be true or false.' })),
  paperId: z.optional(z.string({ error: 'paperId must be text.' }).check(z.trim(), z.maxLength(64, 'paperId is too long.'))),
});

/** What one "send all certificates" run did (POST /api/admin/certificates/send; GET lists them, newest first). */
export interface CertificateSendLog {
  /** ISO instant of the run. */
  at: string;
  /** Certificates due: registrations checked in at least once, not cancelled. */
  eligible: number;
  /** E-mailed by this run. */
  sent: number;
  /** E-mailed by an earlier run, so not sent again. */
  alreadySent: number;
  failed: { registrationNumber: string; error: string }[];
}

// ---------------------------------------------------------------------------------------------
// The programme's personal agenda (decision 038). POST /api/agenda takes registrantRequest.
// ---------------------------------------------------------------------------------------------

/** PUT /api/agenda/{token}: the starred session ids, each a session_id of the programme (at most 200). */
export const agendaUpdateRequest = z.object({
  sessions: z
    .array(z.string({ error: 'Each session is a session id.' }).check(z.trim(), z.minLength(1, 'A session id is empty.'), z.maxLength(40, 'Session ids are at most 40 characters.')), { error: 'sessions must be a list of session ids.' })
    .check(z.maxLength(200, 'At most 200 sessions can be starred.')),
});
