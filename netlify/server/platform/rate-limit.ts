/**
 * Per-client-address rate limits for the public endpoints that do work (docs/security.md#rate-limits-and-the-client-address:
 * the lookups; 429), with @upstash/ratelimit on the app's own Redis client.
 * Each endpoint group has its own fixed window, sized so a real delegate never meets it: a
 * registrant fetches a record or starts a payment a handful of times, not dozens.
 */
import { Ratelimit } from '@upstash/ratelimit';
import type { Redis } from '@upstash/redis';
import { HttpError, clientAddress, type RequestContext } from './http';
import { keys, redis, withStore } from './store';

/**
 * The limited endpoint groups: requests allowed per client address per fixed window. The
 * docs/security.md lists each with why a real delegate never meets it; keep the two in step.
 */
export const RATE_LIMITS = {
  /** POST /api/coupons/verify: a delegate applies a code once or twice (a typo or two); a guesser needs millions. */
  'coupon-verify': { requests: 10, window: '10 m' },
  /** POST /api/ieee-verification/ieee-status: one member number per registration, a retry for a typo. */
  'ieee-status': { requests: 20, window: '10 m' },
  /** POST /api/payment/create-order without an admin token: each call stores an order and creates a Razorpay order. */
  'create-order': { requests: 20, window: '10 m' },
  /** POST /api/payment/release-order: one call per closed payment window. */
  'order-release': { requests: 20, window: '10 m' },
  /** GET /api/registrations/{id} without an admin token. */
  'registration-lookup': { requests: 30, window: '10 m' },
  /** upgrade-tier and change-ieee-status: each call creates a Razorpay order. */
  'change-order': { requests: 20, window: '10 m' },
  /** get-name and update-name (registration id + e-mail). */
  'name-change': { requests: 20, window: '10 m' },
  /** Cancellation quote and request (registration id + e-mail). */
  cancellation: { requests: 20, window: '10 m' },
  /** Invoice list and downloads (registration id + e-mail). */
  invoice: { requests: 30, window: '10 m' },
  /** Certificate downloads (registration id + e-mail): one certificate, a retry or two. */
  certificate: { requests: 20, window: '10 m' },
  /** The public certificate check (a certificate's QR): an employer checks a few; a walker of numbers needs millions. */
  'certificate-verify': { requests: 60, window: '10 m' },
  /** The wizard's "already registered" hint for an e-mail address. */
  'email-check': { requests: 20, window: '10 m' },
  /** The wizard's paper step: a Paper ID checked once or twice (a typo) per registration. */
  'paper-check': { requests: 30, window: '10 m' },
  /** POST /api/visa-letters/request (registration id + e-mail, passport data): one letter, a retry after a rejection. */
  'visa-letter': { requests: 10, window: '10 m' },
  /** The public visa-letter check (a letter's QR): a consulate checks a few; a walker of references needs millions. */
  'visa-letter-verify': { requests: 60, window: '10 m' },
  /** POST /api/registration/proof (registration id + e-mail and a file of up to 5 MB): a delegate sends one proof, or two. */
  'proof-upload': { requests: 10, window: '10 m' },
  /** POST /api/agenda (registration id + e-mail): the agenda link is asked for once per device, a retry for a typo. */
  agenda: { requests: 20, window: '10 m' },
  /** POST /api/registration/proof/status (registration id + e-mail): a student looks a few times while waiting. */
  'proof-status': { requests: 20, window: '10 m' },
} as const satisfies Record<string, { requests: number; window: `${number} ${'s' | 'm' | 'h'}` }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const limiters = new Map<string, { redis: Redis; ratelimit: Ratelimit }>();

/** The limiter of `name`, rebuilt only when the Redis client or the key prefix changes. */
function limiter(name: RateLimitName): Ratelimit {
  const r = redis();
  const prefix = keys.rateLimit(name);
  const cached = limiters.get(prefix);
  if (cached && cached.redis === r) return cached.ratelimit;
  const { requests, window } = RATE_LIMITS[name];
  const ratelimit = new Ratelimit({
    redis: r,
    // A fixed window: once Retry-After (the end of the window) has passed, the whole budget is
    // back. A sliding window would still weigh the previous window then, and let one call through.
    limiter: Ratelimit.fixedWindow(requests, window),
    prefix,
    // The shared client is built without telemetry headers; keep it that way.
    enableTelemetry: false,
    analytics: false,
  });
  limiters.set(prefix, { redis: r, ratelimit });
  return ratelimit;
}

/**
 * Counts one request of group `name` for the request's client address (Netlify's context.ip;
 * see clientAddress). Throws HttpError 429 TOO_MANY_REQUESTS with Retry-After (seconds) and the
 * API's `{success: false, message}` (docs/rules.md#the-api) beside the error shape once the address has used its
 * window; ServiceUnavailableError (503) when Redis is down (fails closed: no unlimited lookups
 * while the store cannot count them).
 */
export async function limitRequest(name: RateLimitName, req: Request, context?: RequestContext): Promise<void> {
  const address = clientAddress(req, context);
  const result = await withStore(() => limiter(name).limit(address));
  if (!result.success) {
    const retryAfter = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
    const message = `Too many requests from your network. Please wait ${retryAfter} seconds and try again.`;
    throw new HttpError(429, 'TOO_MANY_REQUESTS', message, undefined, { success: false, message }, { 'Retry-After': String(retryAfter) });
  }
}

/**
 * Lifts group `name`'s limit for client `address` at once by deleting its counts
 * (@upstash/ratelimit's resetUsedTokens): the organiser's way out for a delegate who met a limit
 * (scripts/lift-limits.ts, `npm run limits:lift`). Throws ServiceUnavailableError when Redis is down.
 */
export async function liftLimit(name: RateLimitName, address: string): Promise<void> {
  await withStore(() => limiter(name).resetUsedTokens(address));
}
