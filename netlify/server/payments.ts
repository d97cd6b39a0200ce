/**
 * Payments adapter: Razorpay Orders API through the `razorpay` SDK, plus the two signature
 * checks (Checkout handler and webhook). In npm start and the tests RAZORPAY_API_BASE_URL points
 * the SDK at scripts/razorpay-double.ts, so this same code runs everywhere.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Currency } from '../../src/shared/money';
import { env } from './env';
import { ServiceUnavailableError } from './http';

let cached: { key: string; rzp: Razorpay } | undefined;

function client(): Razorpay {
  const e = env();
  const key = `${e.RAZORPAY_KEY_ID}|${e.RAZORPAY_KEY_SECRET}|${e.RAZORPAY_API_BASE_URL ?? ''}`;
  if (!cached || cached.key !== key) {
    const rzp = new Razorpay({ key_id: e.RAZORPAY_KEY_ID, key_secret: e.RAZORPAY_KEY_SECRET });
    if (e.RAZORPAY_API_BASE_URL) {
      // The SDK hard-codes https://api.razorpay.com; its axios instance is the only seam to repoint it.
      (rzp as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = e.RAZORPAY_API_BASE_URL.replace(/\/$/, '');
    }
    cached = { key, rzp };
  }
  return cached.rzp;
}

/** The public key id Checkout needs (not a secret). */
export function publicKeyId(): string {
  return env().RAZORPAY_KEY_ID;
}

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

export interface ProviderPayment {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: string;
}

const PROVIDER_DOWN = 'The payment provider could not be reached. Nothing was charged; please try again in a few minutes.';

/**
 * Creates a Razorpay order for `amountMinor` (paise or cents). `receipt` is at most 40 chars.
 * Throws ServiceUnavailableError when Razorpay cannot be reached or refuses.
 */
export async function createProviderOrder(amountMinor: number, currency: Currency, receipt: string, notes: Record<string, string>): Promise<ProviderOrder> {
  try {
    const order = await client().orders.create({ amount: amountMinor, currency, receipt: receipt.slice(0, 40), notes });
    return { id: order.id, amount: Number(order.amount), currency: order.currency, status: order.status };
  } catch (err) {
    throw new ServiceUnavailableError(PROVIDER_DOWN, { cause: err });
  }
}

/** Fetches a payment by id. Throws ServiceUnavailableError when Razorpay cannot be reached. */
export async function fetchProviderPayment(paymentId: string): Promise<ProviderPayment> {
  try {
    const p = await client().payments.fetch(paymentId);
    return { id: p.id, order_id: p.order_id ?? null, amount: Number(p.amount), currency: p.currency, status: p.status };
  } catch (err) {
    throw new ServiceUnavailableError(
      'Your payment could not be confirmed with the payment provider just now. If you were charged, your registration will be confirmed automatically; please do not pay again.',
      { cause: err },
    );
  }
}

/** Hex HMAC-SHA256 of `message` with `secret`. */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of two hex signatures (false for different lengths or non-hex). */
export function signaturesMatch(expectedHex: string, givenHex: string): boolean {
  if (!/^[a-f0-9]+$/i.test(givenHex) || givenHex.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex.toLowerCase(), 'hex'));
}

/**
 * Checkout handler signature: HMAC-SHA256(`${orderId}|${paymentId}`, key secret), as Razorpay
 * documents for the Orders flow. Binds the payment to this order, so a signature replayed for
 * another order fails.
 */
export function isCheckoutSignatureValid(orderId: string, paymentId: string, signature: string): boolean {
  return signaturesMatch(hmacHex(env().RAZORPAY_KEY_SECRET, `${orderId}|${paymentId}`), signature);
}

/** Webhook signature: HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET (X-Razorpay-Signature). */
export function isWebhookSignatureValid(rawBody: string, signature: string): boolean {
  return signaturesMatch(hmacHex(env().RAZORPAY_WEBHOOK_SECRET, rawBody), signature);
}
