/**
 * Helpers for calling functions the way Netlify does (a Web Request in, a Response out),
 * a valid registration form, and direct looks into Redis through the same client the app uses.
 */
import { createServer, type Server } from 'node:http';
import { inject } from 'vitest';
import type { RegistrationForm } from '../../src/shared/registration-form';
export { validForm } from './helpers-form';
import { computeCharges, findTier, pricing } from '../../src/shared/pricing';
import { fromMinor, percentOf } from '../../src/shared/money';
import { keyPrefix, redis } from '../../netlify/server/platform/store';
import { startUpstashBridge } from '../../scripts/upstash-bridge';
import { jsonOrUndefined } from '../setup/mail-receiver';
import { beforeEarlyBird, standardPeriod } from '../setup/edition-clock';

/** The part of Netlify's invocation context the functions read (netlify/server/platform/http.ts RequestContext). */
export interface InvocationContext {
  ip?: string;
  deploy?: { context?: string };
  /** Netlify's context.waitUntil: work the function goes on with after its answer. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export type Fn = (req: Request, context?: InvocationContext) => Promise<Response>;

/**
 * The invocation context the tests run functions in: `dev`, the one deploy context whose local
 * relaxations (pinned clock, local roster, outbox) they rely on, as npm start's runtime passes it.
 * tests/functions/deploy-context.test.ts covers the other contexts and none at all.
 */
export const DEV: InvocationContext = { deploy: { context: 'dev' } };

/**
 * Dates pinned for the tests, in the conference's zone, derived from the edition's dates in
 * src/content (tests/setup/edition-clock.ts): 2025-10-15 and 2025-11-10, 10:00 IST, for 2025.
 */
export const EARLY_BIRD_DAY = beforeEarlyBird();
export const STANDARD_DAY = standardPeriod();
export { afterConference, at, beforeEarlyBird, beforeRefundDeadline, conferenceDay, refundDeadline, standardPeriod } from '../setup/edition-clock';

export function pinClock(iso: string): void {
  process.env.APP_NOW = iso;
}

let ipCounter = 0;

/** A client address no other call of this test file has used (documentation range 198.18.0.0/15). */
export function freshAddress(): string {
  ipCounter++;
  return `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/**
 * Calls a function handler with a JSON (or raw string) body; returns status, parsed body and headers.
 * `ip` is Netlify's context.ip, the client address the rate limits and coupon holds count by:
 * a string for that address, null for none (the shared 'unknown' bucket), and when left out a
 * fresh address per call, so tests that are not about limits behave like many delegates.
 * `deployContext` is context.deploy.context: `dev` unless given; null sends none.
 * The context has Netlify's `waitUntil`: once the answer is read, the call waits for the work the
 * function passed it (the e-mail hand-off to mail-send, decision 053), as the platform keeps the
 * invocation alive for it, so a test reads the e-mail right after; `settle: false` returns at
 * once and leaves it running (`pending` holds it).
 */
export async function call(
  fn: Fn,
  opts: { method?: string; path?: string; body?: unknown; raw?: string; headers?: Record<string, string>; ip?: string | null; deployContext?: string | null; settle?: boolean } = {},
) {
  const method = opts.method ?? (opts.body !== undefined || opts.raw !== undefined ? 'POST' : 'GET');
  const body = opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
  const req = new Request(`http://localhost${opts.path ?? '/'}`, {
    method,
    headers: { 'content-type': 'application/json', ...opts.headers },
    body,
  });
  const ip = opts.ip === undefined ? freshAddress() : opts.ip;
  const deploy = opts.deployContext === null ? {} : { deploy: { context: opts.deployContext ?? 'dev' } };
  const pending: Promise<unknown>[] = [];
  const waitUntil = (promise: Promise<unknown>) => void pending.push(promise.catch((err: unknown) => console.error('[test] waitUntil task failed:', err)));
  const res = await fn(req, ip === null ? { ...deploy, waitUntil } : { ip, ...deploy, waitUntil });
  const text = await res.text();
  const json = jsonOrUndefined(text);
  // Work given to waitUntil may give it more (a queued webhook's handling hands off its e-mail): wait for all of it.
  const drain = async () => {
    for (let done = 0; done < pending.length; ) {
      const batch = pending.slice(done);
      done = pending.length;
      await Promise.all(batch);
    }
  };
  if (opts.settle !== false) await drain();
  return { status: res.status, body: json, text, headers: res.headers, pending: drain() };
}

/**
 * A total (minor units) worked by hand from this edition's content:
 * GST on `feeMinor`, then the convenience fee on both, each rounded half up. For 2025 (the
 * worked example of decision 018): 15000 + 18 % GST (2700) + 4 % of 17700 (708) = 18408.
 */
export function byHand(feeMinor: number): number {
  const gst = percentOf(feeMinor, pricing.gst);
  return feeMinor + gst + percentOf(feeMinor + gst, pricing.convinienceFee);
}

/** A tier's fee in minor units, from this edition's content. */
export const feeOf = (tier: string): number => Math.round(findTier(pricing, tier)!.fee * 100);

/** The total the browser would show for `form` (whole units), from the shared arithmetic. */
export function totalFor(form: RegistrationForm, coupon: 'full' | 'half' | null = null): number {
  return fromMinor(computeCharges(pricing, form, coupon).total);
}

/** All keys under this test file's prefix matching `pattern` (e.g. 'reg:*'). */
export async function keysMatching(pattern: string): Promise<string[]> {
  return redis().keys(`${keyPrefix()}${pattern}`);
}

/**
 * Runs a scheduled function once, as Netlify does on its schedule (a POST whose body names the
 * next run) in the `dev` deploy context; returns its answer.
 */
export function runScheduled(fn: Fn, context: InvocationContext = DEV): Promise<Response> {
  return fn(new Request('http://localhost/.netlify/functions/scheduled', { method: 'POST', body: JSON.stringify({ next_run: new Date(Date.now() + 600_000).toISOString() }) }), context);
}

/** The Razorpay double's test API. */
export async function doublePay(orderId: string, outcome: 'success' | 'failure' = 'success') {
  const res = await fetch(`${inject('doubleUrl')}/_double/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, outcome }),
  });
  return (await res.json()) as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

/** Asks the double to deliver a signed webhook to `webhookUrl`. */
export async function doubleWebhook(orderId: string, paymentId: string, event: string, webhookUrl: string) {
  const res = await fetch(`${inject('doubleUrl')}/_double/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, payment_id: paymentId, event, webhookUrl }),
  });
  return (await res.json()) as { delivered: boolean; status: number; body: string };
}

/** Serves one function handler over real HTTP (for webhooks the double delivers). */
export async function serve(fn: Fn): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const response = await fn(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }), DEV);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address() as { port: number };
  return { url: `http://127.0.0.1:${addr.port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** A loopback URL on which nothing listens (a port we bound and released). */
export async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/**
 * Runs `fn` with the store unreachable in the two ways production can see it: the REST endpoint
 * down ('endpoint'), or the endpoint up with Redis behind it down ('redis').
 */
export async function withStoreDown<T>(mode: 'endpoint' | 'redis', fn: () => Promise<T>): Promise<T> {
  const saved = process.env.UPSTASH_REDIS_REST_URL;
  let bridge: { url: string; close(): Promise<void> } | undefined;
  if (mode === 'endpoint') {
    process.env.UPSTASH_REDIS_REST_URL = await deadUrl();
  } else {
    const redisDown = (await deadUrl()).replace('http:', 'redis:');
    bridge = await startUpstashBridge({ port: 0, redisUrl: redisDown, token: process.env.UPSTASH_REDIS_REST_TOKEN! });
    process.env.UPSTASH_REDIS_REST_URL = bridge.url;
  }
  try {
    return await fn();
  } finally {
    process.env.UPSTASH_REDIS_REST_URL = saved;
    await bridge?.close();
  }
}
