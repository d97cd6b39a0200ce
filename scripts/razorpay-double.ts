/**
 * Razorpay test double: the parts of Razorpay's Orders/Payments/Refunds API that the
 * `razorpay` SDK calls, signed webhooks, and a stand-in for the browser Checkout
 * (served at /checkout.js). In memory, or with `dataFile` kept in a JSON file: its orders,
 * payments, refunds and refund idempotency keys survive a restart, as Razorpay never forgets a
 * payment (npm start keeps them in .data/razorpay-double.json beside its Redis data; the tests on
 * random ports keep them in memory or a temporary file). Faults and webhook events are not kept.
 *
 * Razorpay API (Basic auth key_id:key_secret, same shapes and error bodies as Razorpay;
 * amounts in minor units, times in Unix seconds):
 *   POST /v1/orders, GET /v1/orders, GET /v1/orders/:id,
 *   GET /v1/orders/:id/payments         → {entity:'collection', count, items: payments, oldest first}
 *   GET /v1/payments?from=&to=&count=&skip= → the payments created from..to (Unix seconds,
 *                                          inclusive), newest first, count 1-100 (default 10)
 *   GET /v1/payments/:id                  (amount_refunded, refund_status null|'partial'|'full';
 *                                          status 'refunded' once fully refunded)
 *   POST /v1/payments/:id/refund        {amount?, speed?: 'normal'|'optimum', notes?, receipt?}
 *        Captured payments only; amount defaults to what is still refundable; refunds never sum
 *        above the captured amount. Optional header X-Refund-Idempotency (10+ chars of
 *        [A-Za-z0-9_-]): the same key and body answer the first refund again (none is created);
 *        the same key with another body or payment is refused with 400 ('Different request with
 *        the same idempotency key has already been processed.'). Other refusals (400
 *        BAD_REQUEST_ERROR): 'The refund amount provided is greater than amount captured.',
 *        'The payment has been fully refunded already.', and for a failed payment 'The payment
 *        status should be captured for action to be taken'. Razorpay's 409 for a retry that
 *        arrives while the first request is still processing is not modelled.
 *   GET /v1/payments/:id/refunds, GET /v1/refunds (collections, newest first, ?count=&skip=),
 *   GET /v1/refunds/:id, GET /v1/payments/:id/refunds/:refundId
 * Test API (no auth):
 *   GET /_double/stats → {apiCalls}: the Razorpay API calls answered so far (the benchmarks count them).
 *   RAZORPAY_DOUBLE_DELAY_MS (or the delayMs option) holds each API call that long (docs/testing.md).
 *   POST /_double/pay      {order_id, outcome: "success"|"failure", email?, contact?, key?}
 *        Records the payment like Checkout does; never delivers a webhook.
 *   POST /_double/capture  {order_id, email?, contact?, key?} → {razorpay_order_id,
 *        razorpay_payment_id, razorpay_signature}: an alias of /_double/pay with outcome
 *        "success" (so, like it, it delivers no webhook).
 *   POST /_double/webhook  {order_id, payment_id?, event, webhookUrl?, eventId?}
 *        event: payment.captured | order.paid | payment.failed | payment.authorized.
 *   POST /_double/refund-webhook {refund_id, event, webhookUrl?, eventId?}
 *        event: refund.created (status unchanged) | refund.processed (pending or processed
 *        refund → processed) | refund.failed (pending or failed refund → failed; a failed
 *        refund no longer counts in the payment's amount_refunded). Payload
 *        {refund: {entity}, payment: {entity}}, the entities as they are after the change.
 *        Both webhook endpoints answer {delivered, status, body, eventId} (502 when the receiver
 *        is unreachable). Every delivery carries X-Razorpay-Signature (HMAC-SHA256 of the raw
 *        body with the webhook secret) and X-Razorpay-Event-Id, unique per event. Passing the
 *        eventId of an earlier event re-delivers that event's exact body (a Razorpay retry, for
 *        testing deduplication) without changing any state; an unseen eventId names a new event.
 *   POST /_double/faults   {refundDelayMs?, refundPendingStatus?, refundError?, payment_id?} → the faults now set
 *        Replaces the fault set of one payment (payment_id given; overrides the global set for
 *        that payment's refunds) or the global set; {} or {payment_id} alone clears it.
 *        refundDelayMs (0-60000): successful refund answers (new and replayed) are sent only
 *        after this delay, the refund being created first: a time-out after Razorpay processed
 *        it. refundPendingStatus: new refunds are created 'pending' instead of 'processed'.
 *        refundError {code, description}: the Refunds API refuses every new refund of the
 *        payment with 400 {error: {code, description, ...}} and creates nothing, as Razorpay
 *        refuses one it will not make (e.g. {code: 'BAD_REQUEST_ERROR', description: 'The id
 *        provided does not exist'}); a replay of a key that already made a refund still answers it.
 *        The functions tests share one double, so scope faults to a payment_id there.
 *        Global faults of the whole API and of webhook delivery (send them without payment_id):
 *        apiDelayMs (0-60000): every /v1/ answer is held that long (a slow Razorpay; the SDK's
 *        time-out turns it into a time-out). apiError {status: 500|502|503|504, count?}: the next
 *        `count` /v1/ calls (every call until cleared when absent) fail with that status and
 *        Razorpay's SERVER_ERROR body, creating nothing (an outage "for a while").
 *        webhookTimeoutMs (1-60000): how long a webhook delivery may take before it counts as
 *        failed (Razorpay's is 5000; the default is 30000, see WEBHOOK_TIMEOUT_MS).
 *   GET  /_double/faults   → {global, payments: {[payment_id]: faults}}
 *   POST /_double/late-authorise {payment_id, webhookUrl?, deliver?, autoRefund?} → {payment, order, deliveries}
 *        Late authorisation: a failed payment is authorised by the bank later and auto-captured
 *        (late_authorized: true); the order becomes paid unless another payment paid it. Delivers
 *        payment.authorized, payment.captured, then order.paid when this payment paid the order.
 *        Works whenever it is called, so also after the site's hold on the order expired.
 *        autoRefund: true (a fault: Razorpay's own behaviour, which the double leaves off by
 *        default): on an order another payment already paid, Razorpay refunds the late payment
 *        in full by itself at once instead of capturing it (its auto-refunds page: "Duplicate
 *        payment on an order that is already in the paid state ... Immediately"; only an
 *        authorised payment is auto-refunded). The payment ends 'refunded', not captured, with one
 *        refund without notes, processed (or pending under the payment's refundPendingStatus
 *        fault; /_double/refund-webhook settles it); delivers payment.authorized, then
 *        refund.processed when the refund is processed.
 *   Webhook retries: every delivery (of any endpoint here) that is not answered 2xx within the
 *        timeout is queued and retried with exponential backoff (60 s, doubling, at most 4 h
 *        apart) until 24 h after the event was created; then its URL is disabled, as Razorpay
 *        does, and gets nothing until enabled again.
 *   POST /_double/webhook-retries {advanceSeconds?} → {retried, queue, disabled, clock}
 *        Moves the retry clock forward and makes every due retry (tests need not wait hours).
 *   GET  /_double/webhooks → {queue, disabled, clock}; POST /_double/webhooks/enable {webhookUrl?}
 *   GET  /v1/payments/downtimes → {entity:'collection', count, items: downtime entities}
 *   POST /_double/downtimes {method, severity, instrument?} starts a downtime (card, netbanking,
 *        upi, wallet; low, medium, high; e.g. instrument {bank: 'HDFC'} or {vpa_handle: 'oksbi'});
 *        {id, severity?, status?: 'updated'|'resolved'} changes or resolves it. Each delivers
 *        payment.downtime.started|updated|resolved ({'payment.downtime': {entity}}) unless
 *        deliver: false. → {downtime, delivery}
 *   GET  /_double/refunds[?payment_id=] → {entity:'collection', count, items: refunds, oldest first}
 *   GET  /_double/orders/:id → {order, payments}
 *   GET  /checkout.js      → window.Razorpay stand-in
 *
 * CLI: `npx tsx scripts/razorpay-double.ts` (env RAZORPAY_DOUBLE_PORT, RAZORPAY_KEY_ID,
 *   RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, APP_URL, RAZORPAY_DOUBLE_DATA_FILE).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import writeFileAtomic from 'write-file-atomic';
import { listen } from './listen';

export interface RazorpayDoubleOptions {
  /** TCP port to listen on; 0 picks a free one. */
  port: number;
  /** Interface to bind; defaults to 127.0.0.1. */
  host?: string;
  /** API key id the SDK and the checkout must use (e.g. rzp_test_...). */
  keyId: string;
  /** API key secret: Basic auth password, and the key of checkout payment signatures. */
  keySecret: string;
  /** Secret that signs webhook bodies (X-Razorpay-Signature). */
  webhookSecret: string;
  /** Where /_double/webhook delivers events unless the request names another URL. */
  webhookUrl: string;
  /**
   * A JSON file that keeps the orders, payments, refunds and refund idempotency keys across
   * restarts (read at start when it exists, rewritten atomically after each change). Absent:
   * in memory only.
   */
  dataFile?: string;
  /**
   * Simulated network delay of every Razorpay API call (/v1/...), ms, standing in for the round
   * trip from a function's region to Razorpay; default RAZORPAY_DOUBLE_DELAY_MS or 0
   * (docs/testing.md, "Distance"). The test API (/_double/...) and checkout.js are not delayed.
   */
  delayMs?: number;
}

export interface RazorpayDouble {
  /** Base URL, e.g. http://127.0.0.1:5174; set it as the SDK's axios baseURL. */
  url: string;
  /** Stops the server and drops open connections; without `dataFile` its state is lost (with it, written out first). */
  close(): Promise<void>;
  /** Changes the simulated delay of every API call from now on (ms; the `delayMs` option). */
  setDelay(ms: number): void;
}

export type Currency = 'INR' | 'USD';
type Notes = Record<string, string> | [];

/** Razorpay order entity (amounts in minor units: paise/cents; times in Unix seconds). */
export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: Currency;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

/** Razorpay payment entity (subset of fields a card payment carries). */
export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: Currency;
  /** 'refunded' once refunds (not failed) add up to the whole amount; 'authorized' only in the snapshot of a payment.authorized event. */
  status: 'authorized' | 'captured' | 'failed' | 'refunded';
  /** True once a failed payment was authorised later by the bank (POST /_double/late-authorise). */
  late_authorized?: boolean;
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'card';
  /** Sum of the payment's refunds that have not failed (minor units). */
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string;
  bank: null;
  wallet: null;
  vpa: null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

/** Razorpay refund entity (amount in minor units; created_at in Unix seconds). */
export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: Currency;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: RefundSpeed;
}

type RefundSpeed = 'normal' | 'optimum';

/** Fault injection for POST /v1/payments/:id/refund (see POST /_double/faults). */
export interface RefundFaults {
  /** Milliseconds to hold a successful refund answer after the refund exists. */
  refundDelayMs?: number;
  /** Create refunds 'pending' (as slow bank refunds are) instead of 'processed'. */
  refundPendingStatus?: boolean;
  /** Refuse new refunds with 400 and this error (Razorpay's code and description). */
  refundError?: { code: string; description: string };
}

/** Global faults of the whole API and of webhook delivery (see POST /_double/faults). */
export interface ApiFaults {
  /** Milliseconds every /v1/ answer is held (a slow Razorpay). */
  apiDelayMs?: number;
  /** Every /v1/ call fails with this status (500, 502, 503 or 504) and Razorpay's SERVER_ERROR body; `count` calls, or until cleared. */
  apiError?: { status: number; count?: number };
  /** How long a webhook delivery may take before it counts as failed (Razorpay: 5000). */
  webhookTimeoutMs?: number;
}

/** A Razorpay payment downtime entity (GET /v1/payments/downtimes). */
export interface RazorpayDowntime {
  id: string;
  entity: 'payment.downtime';
  method: 'card' | 'netbanking' | 'upi' | 'wallet';
  begin: number;
  end: number | null;
  status: 'scheduled' | 'started' | 'updated' | 'resolved';
  scheduled: boolean;
  severity: 'low' | 'medium' | 'high';
  instrument: Record<string, string>;
  created_at: number;
  updated_at: number;
}

/** A webhook delivery that failed (non-2xx, unreachable, or slower than the timeout), waiting for Razorpay's next retry. */
interface QueuedDelivery {
  eventId: string;
  target: string;
  body: string;
  /** When the event was created (double's retry clock, Unix seconds): retries stop 24 h after it. */
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
}

/** What `dataFile` holds: everything Razorpay would still know after a restart. */
interface DoubleData {
  version: 1;
  orders: RazorpayOrder[];
  payments: RazorpayPayment[];
  refunds: RazorpayRefund[];
  idempotencyKeys: [string, { request: string; refundId: string }][];
}

type WebhookEvent = 'payment.captured' | 'order.paid' | 'payment.failed' | 'payment.authorized';
const WEBHOOK_EVENTS: readonly WebhookEvent[] = ['payment.captured', 'order.paid', 'payment.failed', 'payment.authorized'];
const API_ERROR_STATUSES = new Set([500, 502, 503, 504]);
const DOWNTIME_METHODS = new Set(['card', 'netbanking', 'upi', 'wallet']);
const DOWNTIME_SEVERITIES = new Set(['low', 'medium', 'high']);
/** Razorpay retries a failed webhook delivery with exponential backoff for 24 hours after the event was created, then disables the webhook. */
const WEBHOOK_RETRY_WINDOW_SECONDS = 24 * 3600;
/** The first retry's wait (s), doubled per attempt up to WEBHOOK_RETRY_CAP_SECONDS: Razorpay publishes no exact schedule, only "exponential backoff for 24 hours". */
const WEBHOOK_RETRY_FIRST_SECONDS = 60;
const WEBHOOK_RETRY_CAP_SECONDS = 4 * 3600;
type RefundWebhookEvent = 'refund.created' | 'refund.processed' | 'refund.failed';
const REFUND_WEBHOOK_EVENTS: readonly RefundWebhookEvent[] = ['refund.created', 'refund.processed', 'refund.failed'];
const REFUND_FIELDS = new Set(['amount', 'speed', 'notes', 'receipt']);
// Razorpay's documented rule for X-Refund-Idempotency keys.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;
const MAX_FAULT_DELAY_MS = 60_000;

const MAX_BODY_BYTES = 1024 * 1024;
// Razorpay itself gives up after 5 s, but the local dev server rebuilds a function on every call
// (about a second each), so concurrent deliveries in npm start and the e2e tests need longer.
const WEBHOOK_TIMEOUT_MS = 30_000;
const CHECKOUT_SOURCE = fileURLToPath(new URL('./razorpay-checkout-standin.js', import.meta.url));
const URL_PLACEHOLDER = '__DOUBLE_URL__';

/** An error answered in Razorpay's `{error: {...}}` shape. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    description: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(description);
  }

  toBody(): { error: Record<string, unknown> } {
    return {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: this.message,
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
        ...this.extra,
      },
    };
  }
}

const notFound = (): ApiError => new ApiError(404, 'The id provided does not exist');
const invalid = (field: string, description: string): ApiError =>
  new ApiError(400, description, {
    field,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
  });

/**
 * Starts the double.
 * @returns its base URL and a close function.
 * @throws when the port cannot be bound, or scripts/razorpay-checkout-standin.js is missing.
 */
export async function startRazorpayDouble(opts: RazorpayDoubleOptions): Promise<RazorpayDouble> {
  const host = opts.host ?? '127.0.0.1';
  const checkoutSource = await readFile(CHECKOUT_SOURCE, 'utf8');
  const expectedAuth = Buffer.from(`Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`);
  const orders = new Map<string, RazorpayOrder>();
  const payments = new Map<string, RazorpayPayment>();
  const refunds = new Map<string, RazorpayRefund>();
  // X-Refund-Idempotency key → the request it first succeeded for, to replay it or refuse a reuse.
  const idempotencyKeys = new Map<string, { request: string; refundId: string }>();
  // Every event ever built, by event id, so a test can have one re-delivered byte for byte.
  const events = new Map<string, { event: string; subject: string; body: string }>();
  let globalFaults: RefundFaults = {};
  const paymentFaults = new Map<string, RefundFaults>();
  let apiFaults: ApiFaults = {};
  const downtimes = new Map<string, RazorpayDowntime>();
  // Failed webhook deliveries waiting for a retry, and the webhook URLs Razorpay disabled after 24 h of failures.
  const retryQueue = new Map<string, QueuedDelivery>();
  const disabledTargets = new Set<string>();
  // The retry clock (Unix seconds): real time plus what POST /_double/webhook-retries advanced it by.
  let retryClockOffset = 0;
  const retryNow = (): number => nowSeconds() + retryClockOffset;
  let url = '';
  const store = opts.dataFile ? await openDataFile(opts.dataFile, { orders, payments, refunds, idempotencyKeys }) : null;
  /** Called after every change of an order, payment or refund: keeps `dataFile` up to date. */
  const changed = (): void => store?.changed();

  /** The entity of `map` with the id `id` (a path segment or a field of a request body); Razorpay's 404 for any other value. */
  const lookup =
    <T>(map: Map<string, T>) =>
    (id: unknown): T => {
      const found = typeof id === 'string' ? map.get(id) : undefined;
      if (!found) throw notFound();
      return found;
    };
  const getOrder = lookup(orders);
  const paymentsOf = (orderId: string): RazorpayPayment[] =>
    [...payments.values()].filter((p) => p.order_id === orderId);
  const getPayment = lookup(payments);
  const getRefund = lookup(refunds);
  const refundsOf = (paymentId: string): RazorpayRefund[] =>
    [...refunds.values()].filter((r) => r.payment_id === paymentId);
  const faultsFor = (paymentId: string): RefundFaults => paymentFaults.get(paymentId) ?? globalFaults;

  /** Recomputes amount_refunded, refund_status and status from the payment's refunds. */
  const settleRefunds = (payment: RazorpayPayment): void => {
    // Razorpay returns a failed refund's money to the merchant, so it stops counting as refunded.
    const refunded = refundsOf(payment.id)
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
    const full = refunded >= payment.amount;
    payment.amount_refunded = refunded;
    payment.refund_status = refunded === 0 ? null : full ? 'full' : 'partial';
    payment.status = full ? 'refunded' : 'captured';
  };

  const createOrder = (input: Record<string, unknown>): RazorpayOrder => {
    const { amount, currency = 'INR', receipt, notes } = input;
    if (amount === undefined) throw invalid('amount', 'The amount field is required.');
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      throw invalid('amount', 'The amount must be an integer.');
    }
    if (amount < 100) throw invalid('amount', `The amount must be atleast ${currency} 1.00`);
    if (currency !== 'INR' && currency !== 'USD') throw invalid('currency', 'Currency is not supported');
    if (receipt !== undefined && receipt !== null && (typeof receipt !== 'string' || receipt.length > 40)) {
      throw invalid('receipt', 'The receipt may not be greater than 40 characters.');
    }
    const order: RazorpayOrder = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: typeof receipt === 'string' ? receipt : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: parseNotes(notes),
      created_at: nowSeconds(),
    };
    orders.set(order.id, order);
    changed();
    return order;
  };

  const pay = (input: Record<string, unknown>): unknown => {
    const order = getOrder(input.order_id);
    if (input.key !== undefined && input.key !== opts.keyId) {
      throw new ApiError(400, 'The api key provided is invalid');
    }
    if (input.outcome !== 'success' && input.outcome !== 'failure') {
      throw new ApiError(400, 'outcome must be "success" or "failure"', { field: 'outcome' });
    }
    if (order.status === 'paid') throw new ApiError(400, 'Order has already been paid');

    const succeeded = input.outcome === 'success';
    // Razorpay's figures for domestic cards: 2 % fee plus 18 % GST on it, both in the fee.
    const fee = Math.round(order.amount * 0.02);
    const payment: RazorpayPayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: succeeded ? 'captured' : 'failed',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: succeeded,
      description: typeof input.description === 'string' ? input.description : null,
      card_id: newId('card'),
      bank: null,
      wallet: null,
      vpa: null,
      // Razorpay's own placeholders when the customer gave none.
      email: typeof input.email === 'string' && input.email ? input.email : 'void@razorpay.com',
      contact: typeof input.contact === 'string' && input.contact ? input.contact : '+919000090000',
      notes: [],
      fee: succeeded ? fee + Math.round(fee * 0.18) : null,
      tax: succeeded ? Math.round(fee * 0.18) : null,
      error_code: succeeded ? null : 'BAD_REQUEST_ERROR',
      error_description: succeeded ? null : 'Payment failed',
      error_source: succeeded ? null : 'customer',
      error_step: succeeded ? null : 'payment_authorization',
      error_reason: succeeded ? null : 'payment_failed',
      acquirer_data: { auth_code: succeeded ? String(randomInt(100000, 1000000)) : null },
      created_at: nowSeconds(),
    };
    payments.set(payment.id, payment);
    order.attempts += 1;
    changed();

    if (!succeeded) {
      order.status = 'attempted';
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      };
    }
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    changed();
    return {
      razorpay_order_id: order.id,
      razorpay_payment_id: payment.id,
      razorpay_signature: hmacHex(opts.keySecret, `${order.id}|${payment.id}`),
    };
  };

  /**
   * POST /v1/payments/:id/refund. `idempotencyHeader` is X-Refund-Idempotency as received.
   * Returns the refund created, or the earlier one when the key and request repeat.
   */
  const createRefund = (
    paymentId: string,
    input: Record<string, unknown>,
    idempotencyHeader: string | string[] | undefined,
  ): RazorpayRefund => {
    const payment = getPayment(paymentId);
    let key: string | undefined;
    let request = '';
    if (idempotencyHeader !== undefined) {
      key = Array.isArray(idempotencyHeader) ? idempotencyHeader.join(', ') : idempotencyHeader;
      if (!IDEMPOTENCY_KEY.test(key)) {
        // Razorpay documents the rule but not its message; this one states the rule.
        throw new ApiError(
          400,
          'The idempotency key must be at least 10 characters long and contain only alphabets, numbers, hyphens and underscores.',
          { field: 'X-Refund-Idempotency' },
        );
      }
      request = canonicalJson({ payment_id: payment.id, body: input });
      const seen = idempotencyKeys.get(key);
      // Checked before the payment's state: a replay after a full refund must still answer the refund.
      if (seen) {
        if (seen.request !== request) {
          throw new ApiError(400, 'Different request with the same idempotency key has already been processed.');
        }
        return getRefund(seen.refundId);
      }
    }

    for (const field of Object.keys(input)) {
      if (!REFUND_FIELDS.has(field)) throw invalid(field, `${field} is/are not required and should not be sent`);
    }
    const refusal = faultsFor(payment.id).refundError;
    if (refusal) throw new ApiError(400, refusal.description, { code: refusal.code, source: 'business', step: 'refund_initiation', reason: 'refund_failed' });
    if (payment.status === 'refunded') throw new ApiError(400, 'The payment has been fully refunded already.');
    if (payment.status !== 'captured') {
      throw new ApiError(400, 'The payment status should be captured for action to be taken');
    }
    const refundable = payment.amount - payment.amount_refunded;
    const { amount = refundable, speed = 'normal', notes, receipt } = input;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      throw invalid('amount', 'The amount must be an integer.');
    }
    // Razorpay accepts refunds below one rupee, so the floor is one minor unit.
    if (amount < 1) throw invalid('amount', `The amount must be at least ${payment.currency} 0.01`);
    if (amount > refundable) throw new ApiError(400, 'The refund amount provided is greater than amount captured.');
    if (speed !== 'normal' && speed !== 'optimum') throw invalid('speed', 'The selected speed is invalid.');
    if (receipt !== undefined && receipt !== null && (typeof receipt !== 'string' || receipt.length > 40)) {
      throw invalid('receipt', 'The receipt may not be greater than 40 characters.');
    }

    const pending = faultsFor(payment.id).refundPendingStatus === true;
    const refund: RazorpayRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: parseNotes(notes),
      receipt: typeof receipt === 'string' ? receipt : null,
      // The bank reference arrives after processing; Razorpay's own examples show it null.
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: pending ? 'pending' : 'processed',
      // An optimum refund that cannot go out instantly falls back to normal speed and waits.
      speed_processed: speed === 'optimum' && !pending ? 'instant' : 'normal',
      speed_requested: speed,
    };
    refunds.set(refund.id, refund);
    settleRefunds(payment);
    if (key !== undefined) idempotencyKeys.set(key, { request, refundId: refund.id });
    changed();
    return refund;
  };

  const setFaults = (input: Record<string, unknown>): unknown => {
    const API_FIELDS = ['apiDelayMs', 'apiError', 'webhookTimeoutMs'];
    for (const field of Object.keys(input)) {
      if (field !== 'refundDelayMs' && field !== 'refundPendingStatus' && field !== 'refundError' && field !== 'payment_id' && !API_FIELDS.includes(field)) {
        throw new ApiError(400, `Unknown fault ${field}`, { field });
      }
    }
    const { refundDelayMs, refundPendingStatus, refundError, payment_id: paymentId, apiDelayMs, apiError, webhookTimeoutMs } = input;
    if (
      refundDelayMs !== undefined &&
      (typeof refundDelayMs !== 'number' ||
        !Number.isInteger(refundDelayMs) ||
        refundDelayMs < 0 ||
        refundDelayMs > MAX_FAULT_DELAY_MS)
    ) {
      throw new ApiError(400, `refundDelayMs must be an integer from 0 to ${MAX_FAULT_DELAY_MS}`, { field: 'refundDelayMs' });
    }
    if (refundPendingStatus !== undefined && typeof refundPendingStatus !== 'boolean') {
      throw new ApiError(400, 'refundPendingStatus must be a boolean', { field: 'refundPendingStatus' });
    }
    if (refundError !== undefined && !isRefundError(refundError)) {
      throw new ApiError(400, 'refundError must be {code, description}: code in capitals and underscores (e.g. BAD_REQUEST_ERROR), description 1-500 characters', { field: 'refundError' });
    }
    if (paymentId !== undefined && API_FIELDS.some((f) => input[f] !== undefined)) {
      throw new ApiError(400, 'apiDelayMs, apiError and webhookTimeoutMs are global faults: send them without payment_id', { field: 'payment_id' });
    }
    const isMs = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= MAX_FAULT_DELAY_MS;
    if (apiDelayMs !== undefined && !isMs(apiDelayMs, 0)) throw new ApiError(400, `apiDelayMs must be an integer from 0 to ${MAX_FAULT_DELAY_MS}`, { field: 'apiDelayMs' });
    if (webhookTimeoutMs !== undefined && !isMs(webhookTimeoutMs, 1)) throw new ApiError(400, `webhookTimeoutMs must be an integer from 1 to ${MAX_FAULT_DELAY_MS}`, { field: 'webhookTimeoutMs' });
    if (apiError !== undefined) {
      const e = apiError as { status?: unknown; count?: unknown };
      const ok = typeof apiError === 'object' && apiError !== null && !Array.isArray(apiError) && Object.keys(apiError).every((k) => k === 'status' || k === 'count') && typeof e.status === 'number' && API_ERROR_STATUSES.has(e.status) && (e.count === undefined || (typeof e.count === 'number' && Number.isInteger(e.count) && e.count >= 1 && e.count <= 10_000));
      if (!ok) throw new ApiError(400, 'apiError must be {status: 500|502|503|504, count?: 1-10000}', { field: 'apiError' });
    }
    const faults: RefundFaults = {};
    if (refundDelayMs) faults.refundDelayMs = refundDelayMs;
    if (refundPendingStatus) faults.refundPendingStatus = true;
    if (refundError) faults.refundError = { code: refundError.code, description: refundError.description };
    if (paymentId === undefined) {
      globalFaults = faults;
      const next: ApiFaults = {};
      if (apiDelayMs) next.apiDelayMs = apiDelayMs;
      if (apiError) next.apiError = { ...(apiError as { status: number; count?: number }) };
      if (webhookTimeoutMs) next.webhookTimeoutMs = webhookTimeoutMs;
      apiFaults = next;
    } else {
      const payment = getPayment(paymentId);
      if (Object.keys(faults).length === 0) paymentFaults.delete(payment.id);
      else paymentFaults.set(payment.id, faults);
    }
    return currentFaults();
  };
  const currentFaults = (): { global: RefundFaults & ApiFaults; payments: Record<string, RefundFaults> } => ({
    global: { ...globalFaults, ...apiFaults },
    payments: Object.fromEntries(paymentFaults),
  });

  /** Applies the API faults to one /v1/ call: waits apiDelayMs, then fails it while apiError lasts. */
  const apiFault = async (): Promise<void> => {
    if (apiFaults.apiDelayMs) await new Promise<void>((resolve) => setTimeout(resolve, apiFaults.apiDelayMs).unref());
    const failure = apiFaults.apiError;
    if (!failure) return;
    if (failure.count !== undefined) {
      failure.count -= 1;
      if (failure.count <= 0) delete apiFaults.apiError;
    }
    throw new ApiError(failure.status, 'We are facing some trouble completing your request at the moment. Please try again shortly.', { code: 'SERVER_ERROR', source: 'NA', step: 'NA', reason: 'NA' });
  };

  const webhookTarget = (input: Record<string, unknown>): string => {
    const target = input.webhookUrl ?? opts.webhookUrl;
    if (typeof target !== 'string' || !/^https?:\/\//.test(target)) {
      throw new ApiError(400, 'webhookUrl must be an http(s) URL', { field: 'webhookUrl' });
    }
    return target;
  };

  /**
   * The earlier event named by input.eventId, when there is one. It must be the same event
   * about the same entity: re-delivering it as something else would be a test bug.
   */
  const earlierEvent = (
    input: Record<string, unknown>,
    event: string,
    subject: string,
  ): { id: string; body: string } | undefined => {
    const { eventId } = input;
    if (eventId === undefined) return undefined;
    if (typeof eventId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(eventId)) {
      throw new ApiError(400, 'eventId must be 1-64 characters of [A-Za-z0-9_-]', { field: 'eventId' });
    }
    const earlier = events.get(eventId);
    if (!earlier) return undefined;
    if (earlier.event !== event || earlier.subject !== subject) {
      throw new ApiError(400, `Event ${eventId} was ${earlier.event} for ${earlier.subject}`, { field: 'eventId' });
    }
    return { id: eventId, body: earlier.body };
  };

  /** Records a new event (under input.eventId when given) and returns its id and raw body. */
  const newEvent = (
    input: Record<string, unknown>,
    event: string,
    subject: string,
    contains: string[],
    payload: Record<string, { entity: unknown }>,
  ): { id: string; body: string } => {
    const id = typeof input.eventId === 'string' ? input.eventId : randomAlnum(14);
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_double', event, contains, payload, created_at: nowSeconds() });
    events.set(id, { event, subject, body });
    return { id, body };
  };

  /** One delivery attempt: the receiver's status, or null when it was unreachable or slower than the timeout. */
  const attempt = async (target: string, eventId: string, body: string): Promise<{ status: number | null; text: string; error?: string }> => {
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Razorpay-Webhook/v1',
          // Signed over the exact bytes sent: receivers must verify the raw body.
          'X-Razorpay-Signature': hmacHex(opts.webhookSecret, body),
          'X-Razorpay-Event-Id': eventId,
        },
        body,
        signal: AbortSignal.timeout(apiFaults.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS),
      });
      return { status: res.status, text: await res.text() };
    } catch (err) {
      const cause = (err as { cause?: Error }).cause;
      return { status: null, text: '', error: `${(err as Error).message}${cause ? `: ${cause.message}` : ''}` };
    }
  };

  /**
   * Delivers an event as Razorpay does: anything but a 2xx within the timeout is a failure, queued
   * for a retry on the backoff schedule (POST /_double/webhook-retries runs the due ones). A
   * disabled webhook URL gets nothing until POST /_double/webhooks/enable.
   */
  const deliver = async (target: string, eventId: string, body: string): Promise<[number, unknown]> => {
    if (disabledTargets.has(target)) {
      queue(target, eventId, body, null);
      return [200, { delivered: false, disabled: true, eventId }];
    }
    const result = await attempt(target, eventId, body);
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    if (!ok) queue(target, eventId, body, result.status);
    else retryQueue.delete(eventId);
    if (result.status === null) return [502, { delivered: false, error: result.error, eventId, queued: true }];
    return [200, { delivered: true, status: result.status, body: result.text, eventId, ...(ok ? {} : { queued: true }) }];
  };

  const queue = (target: string, eventId: string, body: string, lastStatus: number | null): void => {
    const earlier = retryQueue.get(eventId);
    const attempts = (earlier?.attempts ?? 0) + 1;
    const wait = Math.min(WEBHOOK_RETRY_CAP_SECONDS, WEBHOOK_RETRY_FIRST_SECONDS * 2 ** (attempts - 1));
    retryQueue.set(eventId, { eventId, target, body, createdAt: earlier?.createdAt ?? retryNow(), attempts, nextAttemptAt: retryNow() + wait, lastStatus });
  };

  /** Advances the retry clock by `advanceSeconds` and retries every due delivery; a target still failing 24 h after an event's creation is disabled. */
  const runRetries = async (input: Record<string, unknown>): Promise<unknown> => {
    const { advanceSeconds = 0 } = input;
    if (typeof advanceSeconds !== 'number' || !Number.isInteger(advanceSeconds) || advanceSeconds < 0 || advanceSeconds > 7 * 24 * 3600) {
      throw new ApiError(400, 'advanceSeconds must be an integer from 0 to 604800', { field: 'advanceSeconds' });
    }
    retryClockOffset += advanceSeconds;
    const results: { eventId: string; status: number | null; delivered: boolean }[] = [];
    for (const item of [...retryQueue.values()].sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)) {
      if (disabledTargets.has(item.target)) continue;
      if (retryNow() - item.createdAt > WEBHOOK_RETRY_WINDOW_SECONDS) {
        disabledTargets.add(item.target);
        continue;
      }
      if (item.nextAttemptAt > retryNow()) continue;
      const result = await attempt(item.target, item.eventId, item.body);
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      if (ok) retryQueue.delete(item.eventId);
      else queue(item.target, item.eventId, item.body, result.status);
      results.push({ eventId: item.eventId, status: result.status, delivered: ok });
    }
    return { retried: results, ...webhookState() };
  };

  const webhookState = () => ({
    queue: [...retryQueue.values()].map(({ body: _body, ...rest }) => rest),
    disabled: [...disabledTargets],
    clock: retryNow(),
  });

  /**
   * Late authorisation: failed payment `payment_id` is authorised by the bank later and
   * auto-captured. The order becomes paid when it was not; when another payment already paid it,
   * the double still captures this one and leaves the refund to the merchant, the harder case,
   * unless `autoRefund` asks for Razorpay's own refund (see the header). Delivers
   * payment.authorized, then payment.captured, then order.paid when this payment paid the order
   * (deliver: false sends none).
   */
  const lateAuthorise = async (input: Record<string, unknown>): Promise<unknown> => {
    const payment = getPayment(input.payment_id);
    if (payment.status !== 'failed') throw new ApiError(400, `Only a failed payment can be authorised late; this one is ${payment.status}`, { field: 'payment_id' });
    const order = getOrder(payment.order_id);
    const target = webhookTarget(input);
    if (input.autoRefund !== undefined && typeof input.autoRefund !== 'boolean') throw invalid('autoRefund', 'autoRefund must be a boolean');
    const fee = Math.round(payment.amount * 0.02);
    Object.assign(payment, {
      status: 'captured',
      captured: true,
      late_authorized: true,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      fee: fee + Math.round(fee * 0.18),
      tax: Math.round(fee * 0.18),
      acquirer_data: { auth_code: String(randomInt(100000, 1000000)) },
    });
    const paidOrder = order.status !== 'paid';
    if (paidOrder) {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    }
    // Razorpay's own refund of a duplicate on a paid order: made before any capture, so it is
    // the authorised payment that is refunded (no fee is charged on it).
    const autoRefund: RazorpayRefund | null =
      input.autoRefund === true && !paidOrder
        ? {
            id: newId('rfnd'),
            entity: 'refund',
            amount: payment.amount,
            currency: payment.currency,
            payment_id: payment.id,
            notes: {},
            receipt: null,
            acquirer_data: { arn: null },
            created_at: nowSeconds(),
            batch_id: null,
            // As slow bank refunds are, when the payment's faults ask for it (refundPendingStatus).
            status: faultsFor(payment.id).refundPendingStatus === true ? 'pending' : 'processed',
            speed_processed: 'normal',
            speed_requested: 'normal',
          }
        : null;
    if (autoRefund) {
      Object.assign(payment, { captured: false, fee: 0, tax: 0 });
      refunds.set(autoRefund.id, autoRefund);
      settleRefunds(payment);
    }
    changed();
    if (input.deliver === false) return { payment, order, deliveries: [] };
    const deliveries: unknown[] = [];
    const authorised = newEvent({}, 'payment.authorized', payment.id, ['payment'], { payment: { entity: { ...payment, status: 'authorized', captured: false, amount_refunded: 0, refund_status: null } } });
    deliveries.push((await deliver(target, authorised.id, authorised.body))[1]);
    if (autoRefund?.status === 'processed') {
      const processed = newEvent({}, 'refund.processed', autoRefund.id, ['refund', 'payment'], { refund: { entity: autoRefund }, payment: { entity: payment } });
      deliveries.push((await deliver(target, processed.id, processed.body))[1]);
    }
    if (autoRefund) return { payment, order, deliveries };
    const captured = newEvent({}, 'payment.captured', payment.id, ['payment'], { payment: { entity: payment } });
    deliveries.push((await deliver(target, captured.id, captured.body))[1]);
    if (paidOrder) {
      const paid = newEvent({}, 'order.paid', payment.id, ['payment', 'order'], { payment: { entity: payment }, order: { entity: order } });
      deliveries.push((await deliver(target, paid.id, paid.body))[1]);
    }
    return { payment, order, deliveries };
  };

  /**
   * Creates or changes a payment downtime ({method, severity, instrument?, status?, id?}) and
   * delivers payment.downtime.<started|updated|resolved> (deliver: false sends none). A new one
   * starts; naming an id updates it, or resolves it with status 'resolved'.
   */
  const setDowntime = async (input: Record<string, unknown>): Promise<unknown> => {
    const at = nowSeconds();
    const { id, method, severity, instrument, status } = input;
    const earlier = id === undefined ? undefined : downtimes.get(String(id));
    if (id !== undefined && !earlier) throw notFound();
    if (status !== undefined && status !== 'started' && status !== 'updated' && status !== 'resolved') throw invalid('status', 'status must be started, updated or resolved');
    if (!earlier && (typeof method !== 'string' || !DOWNTIME_METHODS.has(method))) throw invalid('method', 'method must be card, netbanking, upi or wallet');
    if ((severity !== undefined || !earlier) && (typeof severity !== 'string' || !DOWNTIME_SEVERITIES.has(severity))) throw invalid('severity', 'severity must be low, medium or high');
    if (instrument !== undefined && (typeof instrument !== 'object' || instrument === null || Array.isArray(instrument) || !Object.values(instrument).every((v) => typeof v === 'string' && v.length <= 40))) {
      throw invalid('instrument', 'instrument must be an object of short strings (bank, vpa_handle, issuer, network)');
    }
    const next: RazorpayDowntime = earlier
      ? { ...earlier, updated_at: at, ...(severity ? { severity: severity as RazorpayDowntime['severity'] } : {}), ...(instrument ? { instrument: instrument as Record<string, string> } : {}), status: status === 'resolved' ? 'resolved' : 'updated', ...(status === 'resolved' ? { end: at } : {}) }
      : { id: newId('down'), entity: 'payment.downtime', method: method as RazorpayDowntime['method'], begin: at, end: null, status: 'started', scheduled: false, severity: severity as RazorpayDowntime['severity'], instrument: (instrument as Record<string, string> | undefined) ?? {}, created_at: at, updated_at: at };
    downtimes.set(next.id, next);
    if (input.deliver === false) return { downtime: next };
    const event = `payment.downtime.${next.status === 'resolved' ? 'resolved' : next.status === 'started' ? 'started' : 'updated'}`;
    const { id: eventId, body } = newEvent({}, event, next.id, ['payment.downtime'], { 'payment.downtime': { entity: next } });
    const [, delivery] = await deliver(webhookTarget(input), eventId, body);
    return { downtime: next, delivery };
  };

  const sendWebhook = async (input: Record<string, unknown>): Promise<[number, unknown]> => {
    const order = getOrder(input.order_id);
    const event = input.event as WebhookEvent;
    if (!WEBHOOK_EVENTS.includes(event)) {
      throw new ApiError(400, `event must be one of ${WEBHOOK_EVENTS.join(', ')}`, { field: 'event' });
    }
    const candidates = paymentsOf(order.id);
    const payment =
      input.payment_id === undefined ? candidates.at(-1) : candidates.find((p) => p.id === input.payment_id);
    if (!payment) throw new ApiError(404, 'No such payment for this order', { field: 'payment_id' });
    // Razorpay never sends these combinations, so a test asking for one has a bug.
    if ((event === 'payment.failed') !== (payment.status === 'failed')) {
      throw new ApiError(400, `Cannot send ${event} for a ${payment.status} payment`, { field: 'event' });
    }
    const target = webhookTarget(input);
    const withOrder = event === 'order.paid';
    const { id, body } =
      earlierEvent(input, event, payment.id) ??
      newEvent(
        input,
        event,
        payment.id,
        withOrder ? ['payment', 'order'] : ['payment'],
        withOrder ? { payment: { entity: payment }, order: { entity: order } } : { payment: { entity: payment } },
      );
    return deliver(target, id, body);
  };

  const sendRefundWebhook = async (input: Record<string, unknown>): Promise<[number, unknown]> => {
    const refund = getRefund(input.refund_id);
    const event = input.event as RefundWebhookEvent;
    if (!REFUND_WEBHOOK_EVENTS.includes(event)) {
      throw new ApiError(400, `event must be one of ${REFUND_WEBHOOK_EVENTS.join(', ')}`, { field: 'event' });
    }
    const target = webhookTarget(input);
    const earlier = earlierEvent(input, event, refund.id);
    if (earlier) return deliver(target, earlier.id, earlier.body);

    // Processed and failed are final states: Razorpay never moves a refund out of either.
    if (event === 'refund.processed' && refund.status === 'failed') {
      throw new ApiError(400, 'Cannot send refund.processed for a failed refund', { field: 'event' });
    }
    if (event === 'refund.failed' && refund.status === 'processed') {
      throw new ApiError(400, 'Cannot send refund.failed for a processed refund (create it pending)', { field: 'event' });
    }
    const payment = getPayment(refund.payment_id);
    if (event === 'refund.processed') refund.status = 'processed';
    if (event === 'refund.failed') refund.status = 'failed';
    settleRefunds(payment);
    changed();
    const { id, body } = newEvent(input, event, refund.id, ['refund', 'payment'], {
      refund: { entity: refund },
      payment: { entity: payment },
    });
    return deliver(target, id, body);
  };

  const route = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const requestUrl = new URL(req.url ?? '/', 'http://double');
    const path = requestUrl.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';

    if (method === 'OPTIONS') {
      res.writeHead(204, { ...CORS_HEADERS, 'Access-Control-Max-Age': '600' });
      res.end();
      return;
    }

    if (path.startsWith('/v1/')) {
      if (!isAuthorized(req.headers.authorization, expectedAuth)) {
        throw new ApiError(401, 'Authentication failed');
      }
      await apiFault();
      if (method === 'GET' && path === '/v1/payments/downtimes') {
        // Razorpay lists the downtimes that are scheduled, ongoing or recently resolved.
        const items = [...downtimes.values()];
        return sendJson(res, 200, { entity: 'collection', count: items.length, items });
      }
      const segments = path.split('/').slice(2);
      const [resource, id, sub] = segments;
      if (method === 'POST' && path === '/v1/orders') {
        return sendJson(res, 200, createOrder(await readJsonObject(req)));
      }
      if (method === 'GET' && path === '/v1/orders') {
        return sendJson(res, 200, newestFirst([...orders.values()], requestUrl.searchParams));
      }
      if (method === 'GET' && resource === 'orders' && id && segments.length === 2) {
        return sendJson(res, 200, getOrder(id));
      }
      if (method === 'GET' && resource === 'orders' && id && sub === 'payments' && segments.length === 3) {
        const items = paymentsOf(getOrder(id).id);
        return sendJson(res, 200, { entity: 'collection', count: items.length, items });
      }
      if (method === 'GET' && path === '/v1/payments') {
        // Razorpay's payments list: ?from=&to= (Unix seconds, inclusive) on created_at, newest first.
        const from = clampInt(requestUrl.searchParams.get('from'), 0, 0, Number.MAX_SAFE_INTEGER);
        const to = clampInt(requestUrl.searchParams.get('to'), Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER);
        return sendJson(res, 200, newestFirst([...payments.values()].filter((p) => p.created_at >= from && p.created_at <= to), requestUrl.searchParams));
      }
      if (method === 'GET' && resource === 'payments' && id && segments.length === 2) {
        return sendJson(res, 200, getPayment(id));
      }
      if (method === 'POST' && resource === 'payments' && id && sub === 'refund' && segments.length === 3) {
        const input = await readJsonObject(req);
        const refund = createRefund(id, input, req.headers['x-refund-idempotency']);
        const delayMs = faultsFor(refund.payment_id).refundDelayMs ?? 0;
        if (delayMs > 0) {
          await new Promise<void>((resolve) => setTimeout(resolve, delayMs).unref());
          // The client may have given up (the point of the fault); the refund stands either way.
          if (res.destroyed) return;
        }
        return sendJson(res, 200, refund);
      }
      if (method === 'GET' && resource === 'payments' && id && sub === 'refunds' && segments.length === 3) {
        return sendJson(res, 200, newestFirst(refundsOf(getPayment(id).id), requestUrl.searchParams));
      }
      if (method === 'GET' && resource === 'payments' && id && sub === 'refunds' && segments.length === 4) {
        const refund = refunds.get(segments[3]!);
        if (!refund || refund.payment_id !== getPayment(id).id) throw notFound();
        return sendJson(res, 200, refund);
      }
      if (method === 'GET' && path === '/v1/refunds') {
        return sendJson(res, 200, newestFirst([...refunds.values()], requestUrl.searchParams));
      }
      if (method === 'GET' && resource === 'refunds' && id && segments.length === 2) {
        return sendJson(res, 200, getRefund(id));
      }
      throw new ApiError(404, 'The requested URL was not found on the server.');
    }

    if (method === 'POST' && path === '/_double/pay') {
      return sendJson(res, 200, pay(await readJsonObject(req)));
    }
    if (method === 'POST' && path === '/_double/capture') {
      // /_double/pay never delivers a webhook, so a capture is exactly its success outcome.
      return sendJson(res, 200, pay({ ...(await readJsonObject(req)), outcome: 'success' }));
    }
    if (method === 'POST' && path === '/_double/webhook') {
      const [status, body] = await sendWebhook(await readJsonObject(req));
      return sendJson(res, status, body);
    }
    if (method === 'POST' && path === '/_double/refund-webhook') {
      const [status, body] = await sendRefundWebhook(await readJsonObject(req));
      return sendJson(res, status, body);
    }
    if (method === 'POST' && path === '/_double/late-authorise') {
      return sendJson(res, 200, await lateAuthorise(await readJsonObject(req)));
    }
    if (method === 'POST' && path === '/_double/downtimes') {
      return sendJson(res, 200, await setDowntime(await readJsonObject(req)));
    }
    if (method === 'POST' && path === '/_double/webhook-retries') {
      return sendJson(res, 200, await runRetries(await readJsonObject(req)));
    }
    if (method === 'GET' && path === '/_double/webhooks') {
      return sendJson(res, 200, webhookState());
    }
    if (method === 'POST' && path === '/_double/webhooks/enable') {
      const { webhookUrl } = await readJsonObject(req);
      if (webhookUrl === undefined) disabledTargets.clear();
      else disabledTargets.delete(String(webhookUrl));
      return sendJson(res, 200, webhookState());
    }
    if (method === 'POST' && path === '/_double/faults') {
      return sendJson(res, 200, setFaults(await readJsonObject(req)));
    }
    if (method === 'GET' && path === '/_double/faults') {
      return sendJson(res, 200, currentFaults());
    }
    if (method === 'GET' && path === '/_double/refunds') {
      const paymentId = requestUrl.searchParams.get('payment_id');
      const items = paymentId === null ? [...refunds.values()] : refundsOf(paymentId);
      return sendJson(res, 200, { entity: 'collection', count: items.length, items });
    }
    const debugMatch = /^\/_double\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && debugMatch) {
      const order = getOrder(decodeURIComponent(debugMatch[1]!));
      return sendJson(res, 200, { order, payments: paymentsOf(order.id) });
    }
    if (method === 'GET' && path === '/checkout.js') {
      const script = checkoutSource.replaceAll(URL_PLACEHOLDER, selfUrl(req.headers.host, url));
      res.writeHead(200, {
        ...CORS_HEADERS,
        'Content-Type': 'application/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(script);
      return;
    }
    throw new ApiError(404, 'The requested URL was not found on the server.');
  };

  let delayMs = opts.delayMs ?? doubleDelayFromEnv(process.env.RAZORPAY_DOUBLE_DELAY_MS);
  const server = http.createServer((req, res) => {
    // Each API call counts (GET /_double/stats: {apiCalls}), for the benchmarks' Razorpay calls.
    const api = (req.url ?? '').startsWith('/v1/');
    if (api) apiCalls++;
    if ((req.url ?? '').startsWith('/_double/stats')) {
      req.resume();
      sendJson(res, 200, { apiCalls });
      return;
    }
    const held = api && delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve();
    held.then(() => route(req, res)).catch((err: unknown) => {
      req.resume();
      const apiError = err instanceof ApiError ? err : new ApiError(500, (err as Error).message);
      sendJson(res, apiError.status, apiError.toBody());
    });
  });

  url = await listen(server, opts.port, host);

  let closing: Promise<void> | undefined;
  return {
    url,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK's axios and browsers keep connections alive; don't wait for them to idle out.
        server.closeAllConnections();
      }).then(() => store?.flush());
      return closing;
    },
    setDelay: (ms: number) => {
      delayMs = ms;
    },
  };
}

function isRefundError(value: unknown): value is { code: string; description: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { code, description, ...rest } = value as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof code === 'string' &&
    /^[A-Z][A-Z_]{0,63}$/.test(code) &&
    typeof description === 'string' &&
    description.length >= 1 &&
    description.length <= 500
  );
}

/**
 * Loads `file` into the maps (when it exists) and returns what keeps it written: `changed()`
 * schedules one atomic rewrite (write-file-atomic: a temporary file renamed over the old one, so
 * a crash never leaves half a file), `flush()` waits for the last one. Throws when the file
 * exists but is not the double's data, rather than start with a Razorpay that forgot payments.
 */
async function openDataFile(
  file: string,
  maps: {
    orders: Map<string, RazorpayOrder>;
    payments: Map<string, RazorpayPayment>;
    refunds: Map<string, RazorpayRefund>;
    idempotencyKeys: Map<string, { request: string; refundId: string }>;
  },
): Promise<{ changed(): void; flush(): Promise<void> }> {
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text !== null) {
    let data: DoubleData;
    try {
      data = JSON.parse(text) as DoubleData;
      if (data.version !== 1 || !Array.isArray(data.orders) || !Array.isArray(data.payments) || !Array.isArray(data.refunds) || !Array.isArray(data.idempotencyKeys)) {
        throw new Error('not version 1 of the double\'s data');
      }
    } catch (err) {
      throw new Error(`The Razorpay double cannot read its data file ${file} (${(err as Error).message}). Move it away to start with an empty Razorpay.`, { cause: err });
    }
    for (const o of data.orders) maps.orders.set(o.id, o);
    for (const p of data.payments) maps.payments.set(p.id, p);
    for (const r of data.refunds) maps.refunds.set(r.id, r);
    for (const [k, v] of data.idempotencyKeys) maps.idempotencyKeys.set(k, v);
  }
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  let writing: Promise<void> = Promise.resolve();
  let queued = false;
  const write = async (): Promise<void> => {
    queued = false;
    const data: DoubleData = {
      version: 1,
      orders: [...maps.orders.values()],
      payments: [...maps.payments.values()],
      refunds: [...maps.refunds.values()],
      idempotencyKeys: [...maps.idempotencyKeys.entries()],
    };
    await writeFileAtomic(file, JSON.stringify(data));
  };
  return {
    changed() {
      // Changes made while a write runs are picked up by one more write after it.
      if (queued) return;
      queued = true;
      writing = writing.then(write).catch((err: unknown) => console.error(`[razorpay-double] could not write ${file}:`, err));
    },
    flush: () => writing,
  };
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization',
} as const;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlnum(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALNUM[randomInt(ALNUM.length)];
  return text;
}

/** Razorpay-style id: `<prefix>_` followed by 14 random alphanumerics. */
function newId(prefix: string): string {
  return `${prefix}_${randomAlnum(14)}`;
}

/** JSON with object keys sorted, so equal requests compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** A Razorpay collection page of `items` (oldest first), newest first, honouring ?count=&skip=. */
function newestFirst<T>(items: T[], params: URLSearchParams): { entity: 'collection'; count: number; items: T[] } {
  const count = clampInt(params.get('count'), 10, 1, 100);
  const skip = clampInt(params.get('skip'), 0, 0, Number.MAX_SAFE_INTEGER);
  const page = [...items].reverse().slice(skip, skip + count);
  return { entity: 'collection', count: page.length, items: page };
}

function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function parseNotes(notes: unknown): Notes {
  // Razorpay (PHP) serialises empty notes as an empty array, and clients see exactly that.
  if (notes === undefined || notes === null) return [];
  if (typeof notes !== 'object' || Array.isArray(notes)) throw invalid('notes', 'notes must be an object');
  const entries = Object.entries(notes);
  if (entries.length > 15) throw invalid('notes', 'Number of fields in notes should be less than or equal to 15');
  const result: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw invalid('notes', `notes.${key} must be a string`);
    }
    if (String(value).length > 256) throw invalid('notes', `notes.${key} may not be greater than 256 characters.`);
    result[key] = String(value);
  }
  return entries.length === 0 ? [] : result;
}

function clampInt(raw: string | null, fallback: number, min: number, max: number): number {
  const n = raw === null ? NaN : Number.parseInt(raw, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

function isAuthorized(header: string | undefined, expected: Buffer): boolean {
  if (!header) return false;
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The origin the browser used to reach us, so the checkout calls back to the same place. */
function selfUrl(hostHeader: string | undefined, fallback: string): string {
  // The Host header is client-controlled and ends up inside JavaScript: accept host[:port] only.
  return hostHeader && /^[A-Za-z0-9.\-[\]:]+$/.test(hostHeader) ? `http://${hostHeader}` : fallback;
}

function readJsonObject(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.once('error', reject);
    req.once('end', () => {
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError(413, `Request body exceeds ${MAX_BODY_BYTES} bytes`));
        return;
      }
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          reject(new ApiError(400, 'The request body must be a JSON object'));
          return;
        }
        resolve(parsed as Record<string, unknown>);
      } catch (err) {
        reject(new ApiError(400, `Invalid JSON body: ${(err as Error).message}`));
      }
    });
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Razorpay API calls answered by the doubles of this process (GET /_double/stats). */
let apiCalls = 0;

/** RAZORPAY_DOUBLE_DELAY_MS as whole ms (0 when unset); throws on anything else. */
export function doubleDelayFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`RAZORPAY_DOUBLE_DELAY_MS must be a whole number of milliseconds, not "${value}"`);
  return n;
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  const appUrl = (process.env.APP_URL ?? 'http://localhost:5173').replace(/\/+$/, '');
  const keyId = process.env.RAZORPAY_KEY_ID ?? 'rzp_test_localdouble';
  const double = await startRazorpayDouble({
    port: Number(process.env.RAZORPAY_DOUBLE_PORT ?? 5174),
    keyId,
    keySecret: process.env.RAZORPAY_KEY_SECRET ?? 'local_double_key_secret',
    webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET ?? 'local_double_webhook_secret',
    webhookUrl: `${appUrl}/api/payment/webhook`,
    ...(process.env.RAZORPAY_DOUBLE_DATA_FILE ? { dataFile: process.env.RAZORPAY_DOUBLE_DATA_FILE } : {}),
  });
  console.log(`[razorpay-double] Razorpay API at ${double.url} (key ${keyId}); checkout at ${double.url}/checkout.js`);
  console.log(`[razorpay-double] webhooks go to ${appUrl}/api/payment/webhook`);
  const shutdown = (): void => {
    void double.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
