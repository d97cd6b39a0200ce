/**
 * The API contract shared by the SPA and the functions (spec part 2 section 7):
 * paths, request schemas, response shapes and the one error shape.
 */
import { z } from 'zod';
import { registrationFormSchema, type RegistrationForm } from './registration-form';
import type { Currency } from './money';
import type { Charges } from './pricing';

export const apiPaths = {
  root: '/api',
  pricing: '/api/pricing',
  couponVerify: '/api/coupons/verify',
  ieeeStatus: '/api/ieee-verification/ieee-status',
  createOrder: '/api/payment/create-order',
  verifyPayment: '/api/payment/verify-payment',
  webhook: '/api/payment/webhook',
  // Admin area (spec part 2 sections 6-7): every one but login needs `Authorization: Bearer <token>`.
  adminLogin: '/api/admin-auth/login',
  adminVerify: '/api/admin-auth/verify',
  registrationsSummary: '/api/registrations/summary',
  registrations: '/api/registrations',
  registrationsExport: '/api/registrations/export',
  resendTicket: '/api/registrations/resend-ticket',
  verifyQr: '/api/verification/verify-qr',
} as const;

/** Largest request body any function accepts, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** `{ error: { code, message, fieldErrors? } }`: every non-2xx JSON answer (ARCHITECTURE: Errors). */
export interface ApiError {
  error: { code: string; message: string; fieldErrors?: Record<string, string> };
}

export const couponCodeSchema = z
  .string({ error: 'Coupon code is required.' })
  .trim()
  .min(1, 'Coupon code is required.')
  .max(40, 'Coupon code is too long.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Coupon codes contain only letters, digits, - and _.')
  .transform((s) => s.toUpperCase());

/** POST /api/coupons/verify. `registrationTier` is optional: when given, the professional-only rule is checked too. */
export const couponVerifyRequest = z.object({
  code: couponCodeSchema,
  registrationTier: z.string().max(64).optional(),
});
export interface CouponVerifyResponse {
  valid: boolean;
  type?: 'full' | 'half';
  message: string;
}

/** POST /api/ieee-verification/ieee-status. */
export const ieeeStatusRequest = z.object({
  MemberID: z
    .string({ error: 'MemberID is required.' })
    .trim()
    .regex(/^\d{4,12}$/, 'MemberID must be 4 to 12 digits.'),
});
export interface IeeeStatusResponse {
  MemberStatus: string;
}

/** POST /api/payment/create-order: amount is the total due in whole units with 2 decimals, as the browser shows it. */
export const createOrderRequest = z.object({
  amount: z.number({ error: 'amount must be a number.' }).min(0, 'amount must not be negative.').max(10_000_000, 'amount is too large.'),
  data: registrationFormSchema,
  code: couponCodeSchema.nullable().optional(),
});
export type CreateOrderRequest = z.input<typeof createOrderRequest>;

/** Order response (spec part 2 section 3). `amount` is in minor units as Razorpay Checkout wants it. */
export interface CreateOrderResponse {
  success: boolean;
  noPayment?: boolean;
  registrationNumber?: string;
  id?: string;
  amount?: number;
  currency?: Currency;
  /** Public Razorpay key id for Checkout (not a secret). */
  key?: string;
  earlyBirdExpired?: boolean;
  message?: string;
  error?: string;
}

const razorpayId = (prefix: string) =>
  z
    .string({ error: `razorpay_${prefix}_id is required.` })
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,40}$`), `razorpay_${prefix}_id is malformed.`);

/** POST /api/payment/verify-payment: the three fields Razorpay Checkout's handler receives. */
export const verifyPaymentRequest = z.object({
  razorpay_order_id: razorpayId('order'),
  razorpay_payment_id: razorpayId('pay'),
  razorpay_signature: z
    .string({ error: 'razorpay_signature is required.' })
    .regex(/^[a-f0-9]{64}$/, 'razorpay_signature must be 64 hex characters.'),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequest>;
export interface VerifyPaymentResponse {
  success: boolean;
  registrationNumber?: string;
  error?: string;
}

/** The part of a Razorpay webhook body the app reads (order.paid, payment.captured). */
export const webhookEvent = z.object({
  event: z.string().max(100),
  payload: z.object({
    payment: z
      .object({ entity: z.object({ id: z.string().max(60), order_id: z.string().max(60).nullable().optional(), amount: z.number().int(), currency: z.string().max(3), status: z.string().max(30) }) })
      .optional(),
    order: z.object({ entity: z.object({ id: z.string().max(60), amount: z.number().int(), status: z.string().max(30) }) }).optional(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Admin area (spec part 2 sections 2-4, 6-8): sign-in, registrations, tickets.
// ---------------------------------------------------------------------------------------------

/** POST /api/admin-auth/login. */
export const adminLoginRequest = z.object({
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(256, 'Password is too long.'),
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
 * A stored registration (spec part 2 section 3, "Stored registration") as the admin calls return
 * it: the form without verifyEmail, plus what finalising added. Money in whole units of
 * `currency` (e.g. totalPaid 20248.8); `charges` is the exact breakdown in minor units.
 * Times are ISO instants. couponCode 'NoCoupon' and paymentId 'NoPayment' mean none.
 */
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
}

/** GET /api/registrations/summary: the count and the 10 newest, newest first. */
export interface RegistrationsSummaryResponse {
  totalRegistrations: number;
  latestRegistrations: StoredRegistration[];
}
/** How many registrations the summary lists. */
export const LATEST_REGISTRATIONS = 10;

/** A registration number as typed by an organiser: trimmed and upper-cased, e.g. PESGRE25-7KQ2M9XD. */
export const registrationNumberSchema = z
  .string({ error: 'registrationNumber is required.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,20}-[A-Z0-9]{4,20}$/, 'registrationNumber is not a registration number.');

/** POST /api/registrations/resend-ticket. */
export const resendTicketRequest = z.object({ registrationNumber: registrationNumberSchema });
export interface ResendTicketResponse {
  sent: true;
}

/** Largest verify-qr body, in bytes: a ticket is about 90. */
export const MAX_QR_BODY_BYTES = 2 * 1024;

/**
 * POST /api/verification/verify-qr: the JSON text of the ticket QR code, exactly as scanned.
 * `rid` is the registration number, `sig` the base64url HMAC-SHA256 over it (43 characters).
 * Neither is trimmed or re-cased: the signature covers the exact text.
 */
export const ticketPayloadSchema = z.object({
  rid: z.string({ error: 'rid is required.' }).regex(/^[A-Z0-9]{1,20}-[A-Z0-9]{4,20}$/, 'rid is not a registration number.'),
  sig: z.string({ error: 'sig is required.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'sig must be 43 base64url characters.'),
});
export type TicketPayload = z.infer<typeof ticketPayloadSchema>;

/** A valid ticket: the first scan of the day records the check-in; later scans that day are flagged. */
export type VerifyQrValid =
  | { valid: true; rid: string; repeat: false; message: string; name: string; tier: string; checkedInAt: string }
  | { valid: true; rid: string; repeat: true; message: string; name: string; tier: string; firstCheckInAt: string };
/** An invalid ticket (4xx): `rid` is null when the body could not be read; `error` is the usual error shape. */
export type VerifyQrInvalid = { valid: false; rid: string | null; message: string } & ApiError;
export type VerifyQrResponse = VerifyQrValid | VerifyQrInvalid;
