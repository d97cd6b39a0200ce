/**
 * Razorpay test double: the parts of Razorpay's Orders/Payments API that the
 * `razorpay` SDK calls, signed webhooks, and a stand-in for the browser Checkout
 * (served at /checkout.js), all in memory.
 *
 * Razorpay API (Basic auth key_id:key_secret, same shapes and error bodies as Razorpay):
 *   POST /v1/orders, GET /v1/orders, GET /v1/orders/:id, GET /v1/orders/:id/payments,
 *   GET /v1/payments/:id
 * Test API (no auth):
 *   POST /_double/pay      {order_id, outcome: "success"|"failure", email?, contact?, key?}
 *   POST /_double/webhook  {order_id, payment_id?, event, webhookUrl?}
 *   GET  /_double/orders/:id → {order, payments}
 *   GET  /checkout.js      → window.Razorpay stand-in
 *
 * CLI: `npx tsx scripts/razorpay-double.ts` (env RAZORPAY_DOUBLE_PORT, RAZORPAY_KEY_ID,
 *   RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, APP_URL).
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
}

export interface RazorpayDouble {
  /** Base URL, e.g. http://127.0.0.1:5174; set it as the SDK's axios baseURL. */
  url: string;
  /** Stops the server and drops open connections; in-memory state is lost. */
  close(): Promise<void>;
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
  status: 'captured' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'card';
  amount_refunded: number;
  refund_status: null;
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

type WebhookEvent = 'payment.captured' | 'order.paid' | 'payment.failed';
const WEBHOOK_EVENTS: readonly WebhookEvent[] = ['payment.captured', 'order.paid', 'payment.failed'];

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
  let url = '';

  const getOrder = (id: unknown): RazorpayOrder => {
    const order = typeof id === 'string' ? orders.get(id) : undefined;
    if (!order) throw notFound();
    return order;
  };
  const paymentsOf = (orderId: string): RazorpayPayment[] =>
    [...payments.values()].filter((p) => p.order_id === orderId);

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
    return {
      razorpay_order_id: order.id,
      razorpay_payment_id: payment.id,
      razorpay_signature: hmacHex(opts.keySecret, `${order.id}|${payment.id}`),
    };
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
    const target = input.webhookUrl ?? opts.webhookUrl;
    if (typeof target !== 'string' || !/^https?:\/\//.test(target)) {
      throw new ApiError(400, 'webhookUrl must be an http(s) URL', { field: 'webhookUrl' });
    }

    const withOrder = event === 'order.paid';
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_double',
      event,
      contains: withOrder ? ['payment', 'order'] : ['payment'],
      payload: withOrder ? { payment: { entity: payment }, order: { entity: order } } : { payment: { entity: payment } },
      created_at: nowSeconds(),
    });
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Razorpay-Webhook/v1',
          // Signed over the exact bytes sent: receivers must verify the raw body.
          'X-Razorpay-Signature': hmacHex(opts.webhookSecret, body),
          'X-Razorpay-Event-Id': randomBytes(12).toString('hex'),
        },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      return [200, { delivered: true, status: res.status, body: await res.text() }];
    } catch (err) {
      const cause = (err as { cause?: Error }).cause;
      return [502, { delivered: false, error: `${(err as Error).message}${cause ? `: ${cause.message}` : ''}` }];
    }
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
      const segments = path.split('/').slice(2);
      const [resource, id, sub] = segments;
      if (method === 'POST' && path === '/v1/orders') {
        return sendJson(res, 200, createOrder(await readJsonObject(req)));
      }
      if (method === 'GET' && path === '/v1/orders') {
        const count = clampInt(requestUrl.searchParams.get('count'), 10, 1, 100);
        const skip = clampInt(requestUrl.searchParams.get('skip'), 0, 0, Number.MAX_SAFE_INTEGER);
        const items = [...orders.values()].reverse().slice(skip, skip + count);
        return sendJson(res, 200, { entity: 'collection', count: items.length, items });
      }
      if (method === 'GET' && resource === 'orders' && id && segments.length === 2) {
        return sendJson(res, 200, getOrder(id));
      }
      if (method === 'GET' && resource === 'orders' && id && sub === 'payments' && segments.length === 3) {
        const items = paymentsOf(getOrder(id).id);
        return sendJson(res, 200, { entity: 'collection', count: items.length, items });
      }
      if (method === 'GET' && resource === 'payments' && id && segments.length === 2) {
        const payment = payments.get(id);
        if (!payment) throw notFound();
        return sendJson(res, 200, payment);
      }
      throw new ApiError(404, 'The requested URL was not found on the server.');
    }

    if (method === 'POST' && path === '/_double/pay') {
      return sendJson(res, 200, pay(await readJsonObject(req)));
    }
    if (method === 'POST' && path === '/_double/webhook') {
      const [status, body] = await sendWebhook(await readJsonObject(req));
      return sendJson(res, status, body);
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

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
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
      });
      return closing;
    },
  };
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization',
} as const;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-style id: `<prefix>_` followed by 14 random alphanumerics. */
function newId(prefix: string): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 14; i++) id += ALNUM[randomInt(ALNUM.length)];
  return id;
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
  });
  console.log(`[razorpay-double] Razorpay API at ${double.url} (key ${keyId}); checkout at ${double.url}/checkout.js`);
  console.log(`[razorpay-double] webhooks go to ${appUrl}/api/payment/webhook`);
  const shutdown = (): void => {
    void double.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
