/**
 * The API contract shared by the SPA and the functions (spec part 2 section 7):
 * paths, request schemas, response shapes and the one error shape.
 */
import { z } from 'zod';
import { registrationFormSchema } from './registration-form';
import type { Currency } from './money';

export const apiPaths = {
  root: '/api',
  pricing: '/api/pricing',
  couponVerify: '/api/coupons/verify',
  ieeeStatus: '/api/ieee-verification/ieee-status',
  createOrder: '/api/payment/create-order',
  verifyPayment: '/api/payment/verify-payment',
  webhook: '/api/payment/webhook',
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
