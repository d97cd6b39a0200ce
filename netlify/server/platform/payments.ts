/**
 * Payments adapter: Razorpay Orders API through the `razorpay` SDK, plus the two signature
 * checks (Checkout handler and webhook). In npm start and the tests RAZORPAY_API_BASE_URL points
 * the SDK at scripts/razorpay-double.ts, so this same code runs everywhere.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type Razorpay from 'razorpay';
import type { Currency } from '../../../src/shared/money';
import { env } from './env';
import { HttpError, ServiceUnavailableError } from './http';

let cached: { key: string; rzp: Razorpay } | undefined;

// The SDK (with axios and form-data, about 100 ms of a cold start) is imported on the first call
// that talks to Razorpay: most webhook events, a verify of a settled order and every refused
// request never do (decision 054; docs/performance.md, "Cold starts").
async function client(): Promise<Razorpay> {
  const e = env();
  const key = `${e.RAZORPAY_KEY_ID}|${e.RAZORPAY_KEY_SECRET}|${e.RAZORPAY_API_BASE_URL ?? ''}|${e.RAZORPAY_TIMEOUT_MS}`;
  if (!cached || cached.key !== key) {
    const { default: Razorpay } = await import('razorpay');
    const rzp = new Razorpay({ key_id: e.RAZORPAY_KEY_ID, key_secret: e.RAZORPAY_KEY_SECRET });
    // A slow Razorpay must not hold a function until the platform kills it; a timed-out refund is
    // retried with the same idempotency key.
    (rzp as unknown as { api: { rq: { defaults: { timeout: number } } } }).api.rq.defaults.timeout = e.RAZORPAY_TIMEOUT_MS;
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
    const order = await (await client()).orders.create({ amount: amountMinor, currency, receipt: receipt.slice(0, 40), notes });
    return { id: order.id, amount: Number(order.amount), currency: order.currency, status: order.status };
  } catch (err) {
    throw new ServiceUnavailableError(PROVIDER_DOWN, { cause: err });
  }
}

/** Fetches a payment by id. Throws ServiceUnavailableError when Razorpay cannot be reached. */
export async function fetchProviderPayment(paymentId: string): Promise<ProviderPayment> {
  try {
    const p = await (await client()).payments.fetch(paymentId);
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

export interface ProviderRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
}

/**
 * Razorpay answered a refund with a refusal (4xx): it made no refund. `reason` is Razorpay's own
 * description ('The id provided does not exist'), `providerCode` its error code. A 409
 * REFUND_REFUSED to a caller that lets it through.
 */
/**
 * How an organiser pays a refund (POST /api/admin/refunds/pay and POST /api/admin/attention/refund
 * alike): through Razorpay (the default), or recorded as paid another way (a bank transfer) with
 * that payment's reference (docs/operations.md, "Refunds").
 */
export type RefundPayMethod = { method?: 'razorpay' } | { method: 'outside'; reference: string };

/** The RefundPayMethod of a validated request (refundPayRequest, attentionRefundRequest: 'outside' always carries its reference). */
export function refundPayMethod(request: { method?: 'razorpay' | 'outside'; reference?: string }): RefundPayMethod {
  return request.method === 'outside' && request.reference !== undefined ? { method: 'outside', reference: request.reference } : {};
}

export class RefundRefusedError extends HttpError {
  constructor(
    readonly reason: string,
    readonly providerCode: string | null,
  ) {
    super(409, 'REFUND_REFUSED', `Razorpay refused the refund: ${reason}`);
  }
}

/**
 * Refunds `amountMinor` of payment `paymentId` through Razorpay's Refunds API with the
 * `X-Refund-Idempotency` header, so a repeat with the same key and amount returns the first
 * refund instead of refunding again. The SDK's `payments.refund` sends no headers, so the call
 * goes through the SDK's own HTTP client (same base URL and authentication).
 * Throws RefundRefusedError (409 REFUND_REFUSED, with Razorpay's reason) when Razorpay refuses
 * (over-refund, not captured, unknown payment), and ServiceUnavailableError when it cannot be
 * reached (retry later with the same key).
 */
export async function createProviderRefund(paymentId: string, amountMinor: number, idempotencyKey: string, notes: Record<string, string>): Promise<ProviderRefund> {
  const rq = ((await client()) as unknown as { api: { rq: { post: (url: string, data: unknown, config: unknown) => Promise<{ data: ProviderRefund }> } } }).api.rq;
  try {
    const res = await rq.post(`/v1/payments/${encodeURIComponent(paymentId)}/refund`, { amount: amountMinor, speed: 'normal', notes }, { headers: { 'X-Refund-Idempotency': idempotencyKey } });
    return { id: res.data.id, payment_id: res.data.payment_id, amount: Number(res.data.amount), status: res.data.status };
  } catch (err) {
    const status = (err as { response?: { status?: number; data?: { error?: { code?: unknown; description?: unknown } } } }).response;
    if (status?.status && status.status >= 400 && status.status < 500) {
      const { code, description } = status.data?.error ?? {};
      // Razorpay's words are shown to organisers: text only, bounded.
      const reason = typeof description === 'string' && description.trim() ? description.trim().slice(0, 300) : `status ${status.status}`;
      throw new RefundRefusedError(reason, typeof code === 'string' ? code.slice(0, 64) : null);
    }
    throw new ServiceUnavailableError('The payment provider could not be reached. Nothing was refunded twice; please try again in a few minutes.', { cause: err });
  }
}

/**
 * The refunds of payment `paymentId` as Razorpay lists them (GET /v1/payments/:id/refunds, at most
 * 100, newest first), Razorpay's own refunds included. Throws ServiceUnavailableError when
 * Razorpay cannot be reached or does not answer with the list.
 */
export async function fetchPaymentRefunds(paymentId: string): Promise<ProviderRefund[]> {
  try {
    const page = await (await client()).payments.fetchMultipleRefund(paymentId, { count: 100 });
    return page.items.map((r) => ({ id: r.id, payment_id: r.payment_id, amount: Number(r.amount), status: r.status }));
  } catch (err) {
    throw new ServiceUnavailableError('The payment provider could not be reached. Nothing was refunded twice; please try again in a few minutes.', { cause: err });
  }
}

/** The payments of order `orderId` (any state), as Razorpay lists them. Throws ServiceUnavailableError when it cannot be reached. */
export async function fetchOrderPayments(orderId: string): Promise<ProviderPayment[]> {
  try {
    const list = (await (await client()).orders.fetchPayments(orderId)) as unknown as { items: { id: string; order_id: string | null; amount: number | string; currency: string; status: string }[] };
    return list.items.map((p) => ({ id: p.id, order_id: p.order_id ?? null, amount: Number(p.amount), currency: p.currency, status: p.status }));
  } catch (err) {
    throw new ServiceUnavailableError(PROVIDER_DOWN, { cause: err });
  }
}

/** One page of Razorpay's payments list. */
export interface ProviderPaymentPage {
  /** `late_authorized`: the bank authorised it after Razorpay had marked it failed. */
  items: (ProviderPayment & { created_at: number; late_authorized?: boolean })[];
}

/**
 * One page (at most 100, newest first) of the payments Razorpay created between `from` and `to`
 * (Unix seconds, inclusive), skipping the newest `skip`: Razorpay's payments list API, which the
 * reconciliation run reads instead of asking per order. Throws ServiceUnavailableError when
 * Razorpay cannot be reached.
 */
export async function listProviderPayments(from: number, to: number, skip: number, count = 100): Promise<ProviderPaymentPage> {
  try {
    const list = (await (await client()).payments.all({ from, to, skip, count })) as unknown as { items: { id: string; order_id: string | null; amount: number | string; currency: string; status: string; created_at: number; late_authorized?: boolean }[] };
    return { items: list.items.map((p) => ({ id: p.id, order_id: p.order_id ?? null, amount: Number(p.amount), currency: p.currency, status: p.status, created_at: Number(p.created_at), ...(p.late_authorized === true ? { late_authorized: true } : {}) })) };
  } catch (err) {
    throw new ServiceUnavailableError(PROVIDER_DOWN, { cause: err });
  }
}

/** A Razorpay payment downtime (GET /v1/payments/downtimes; times in Unix seconds). */
export interface ProviderDowntime {
  id: string;
  method: string;
  status: string;
  severity: string;
  instrument: Record<string, unknown>;
  begin: number | null;
  end: number | null;
}

/**
 * Razorpay's payment downtimes (scheduled, ongoing and recently resolved): the Payment Downtime
 * API, through the SDK's HTTP client (the SDK has no call for it). Throws ServiceUnavailableError
 * when Razorpay cannot be reached.
 */
export async function listProviderDowntimes(): Promise<ProviderDowntime[]> {
  const rq = ((await client()) as unknown as { api: { rq: { get: (url: string) => Promise<{ data: { items?: unknown[] } }> } } }).api.rq;
  try {
    const res = await rq.get('/v1/payments/downtimes');
    return (res.data.items ?? []).flatMap((raw) => {
      const d = raw as Partial<ProviderDowntime> & { instrument?: unknown };
      if (typeof d.id !== 'string' || typeof d.method !== 'string' || typeof d.status !== 'string' || typeof d.severity !== 'string') return [];
      const instrument = d.instrument && typeof d.instrument === 'object' && !Array.isArray(d.instrument) ? (d.instrument as Record<string, unknown>) : {};
      return [{ id: d.id, method: d.method, status: d.status, severity: d.severity, instrument, begin: typeof d.begin === 'number' ? d.begin : null, end: typeof d.end === 'number' ? d.end : null }];
    });
  } catch (err) {
    throw new ServiceUnavailableError(PROVIDER_DOWN, { cause: err });
  }
}
