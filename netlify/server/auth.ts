/**
 * Admin sign-in and sessions (spec part 2 sections 4, 6, 7; ARCHITECTURE: auth).
 *
 * - One organiser password, stored as a scrypt hash (ADMIN_PASSWORD_HASH). In the `dev` deploy context a
 *   plain ADMIN_PASSWORD is accepted too, so `npm start` works with a documented dev default.
 * - A session is an HS256 JWT signed with ADMIN_JWT_SECRET: iss 'pesgre-2025', aud
 *   'pesgre-2025-admin', sub 'admin', 8 hours. Verification pins the algorithm, issuer, audience
 *   and subject, so `alg: none`, tokens for another audience and tampered tokens are refused.
 *   Sessions are stateless: signing out removes the browser's copy; rotating ADMIN_JWT_SECRET
 *   ends every session at once.
 * - Sign-in attempts are rate limited per client address (5 per 60 s fixed window) with
 *   @upstash/ratelimit on the app's own Redis client.
 * Every admin endpoint calls requireAdmin() itself; nothing relies on the SPA's guard.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Ratelimit } from '@upstash/ratelimit';
import type { Redis } from '@upstash/redis';
import { SignJWT, jwtVerify } from 'jose';
import { now as clockNow } from './clock';
import { productionRules } from './deploy-context';
import { ConfigError, env, requireSecret } from './env';
import { HttpError } from './http';
import { parsePasswordHash, verifyPassword } from './password';
import { keys, redis, withStore } from './store';

export const ADMIN_ISSUER = 'pesgre-2025';
export const ADMIN_AUDIENCE = 'pesgre-2025-admin';
export const ADMIN_SUBJECT = 'admin';
/** Session length: one working day at the registration desk. */
export const ADMIN_SESSION_SECONDS = 8 * 3600;
/** Sign-in attempts allowed per client address in the fixed window. */
export const LOGIN_ATTEMPTS = 5;
export const LOGIN_WINDOW = '60 s';

export const INVALID_PASSWORD = 'Invalid password';

function jwtKey(): Uint8Array {
  return new TextEncoder().encode(requireSecret('ADMIN_JWT_SECRET'));
}

// A per-process key for comparing the plain dev password: HMAC both sides so the comparison is
// constant-time and does not leak the password's length.
const compareKey = randomBytes(32);
function plainEquals(given: string, expected: string): boolean {
  const a = createHmac('sha256', compareKey).update(given).digest();
  const b = createHmac('sha256', compareKey).update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * True when `password` is the admin password: ADMIN_PASSWORD_HASH (scrypt), or in the `dev`
 * deploy context also ADMIN_PASSWORD. Throws ConfigError when neither is configured or the hash is
 * malformed (a 500 naming the variable in the log, never "wrong password").
 */
export async function checkAdminPassword(password: string): Promise<boolean> {
  const e = env();
  const encoded = e.ADMIN_PASSWORD_HASH;
  const strict = productionRules();
  const plain = strict ? undefined : e.ADMIN_PASSWORD;
  if (!encoded && !plain) throw new ConfigError(strict ? ['ADMIN_PASSWORD_HASH'] : ['ADMIN_PASSWORD_HASH', 'ADMIN_PASSWORD']);
  if (encoded) {
    const parsed = parsePasswordHash(encoded);
    if (!parsed) throw new ConfigError(['ADMIN_PASSWORD_HASH']);
    if (await verifyPassword(password, parsed)) return true;
  }
  return plain ? plainEquals(password, plain) : false;
}

export interface AdminSession {
  /** Bearer token (compact JWS). */
  token: string;
  /** Expiry as an ISO instant. */
  expiresAt: string;
}

/** Issues an 8-hour admin token at `now` (the server clock, so a pinned APP_NOW stays consistent). */
export async function issueAdminToken(now: Date = clockNow()): Promise<AdminSession> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ADMIN_SESSION_SECONDS;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ADMIN_ISSUER)
    .setAudience(ADMIN_AUDIENCE)
    .setSubject(ADMIN_SUBJECT)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(jwtKey());
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

const bearerRealm = 'Bearer realm="pesgre-admin"';

/** The token of an `Authorization: Bearer <token>` header, or null. Oversized headers count as none. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (!header || header.length > 4096) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Verifies an admin token at `now`. Returns the session's expiry; throws HttpError 401
 * INVALID_TOKEN for anything but a valid, unexpired HS256 token with our issuer, audience and
 * subject. ConfigError (ADMIN_JWT_SECRET unset or short) passes through as a 500.
 */
export async function verifyAdminToken(token: string, now: Date = clockNow()): Promise<{ expiresAt: string }> {
  const key = jwtKey();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ADMIN_ISSUER,
      audience: ADMIN_AUDIENCE,
      subject: ADMIN_SUBJECT,
      requiredClaims: ['exp', 'iat'],
      currentDate: now,
    });
    return { expiresAt: new Date((payload.exp ?? 0) * 1000).toISOString() };
  } catch {
    throw new HttpError(401, 'INVALID_TOKEN', 'Your admin session is invalid or has expired. Please sign in again.', undefined, undefined, {
      'WWW-Authenticate': `${bearerRealm}, error="invalid_token"`,
    });
  }
}

/**
 * Guards an admin endpoint: resolves with the session when the request carries a valid admin
 * bearer token, else throws HttpError 401 (UNAUTHORIZED without a token, INVALID_TOKEN with a
 * bad one) so the endpoint returns nothing else.
 */
export async function requireAdmin(req: Request, now: Date = clockNow()): Promise<{ expiresAt: string }> {
  const token = bearerToken(req);
  if (!token) {
    throw new HttpError(401, 'UNAUTHORIZED', 'Admin sign-in required.', undefined, undefined, { 'WWW-Authenticate': bearerRealm });
  }
  return verifyAdminToken(token, now);
}

/**
 * True when the request carries a valid admin token (create-order's foreign-author override,
 * spec part 2 section 6). Never throws: no token, a bad token, or no ADMIN_JWT_SECRET configured
 * all mean "not admin", so the public payment flow works without the admin settings.
 */
export async function isAdminRequest(req: Request, now: Date = clockNow()): Promise<boolean> {
  const token = bearerToken(req);
  if (!token) return false;
  try {
    await verifyAdminToken(token, now);
    return true;
  } catch (err) {
    if (err instanceof ConfigError) console.error(`[auth] admin token not checked: ${err.message}`);
    return false;
  }
}

let limiter: { redis: Redis; prefix: string; ratelimit: Ratelimit } | undefined;

/** The sign-in limiter, rebuilt only when the Redis client or the key prefix changes. */
function loginLimiter(): Ratelimit {
  const r = redis();
  const prefix = keys.loginRateLimit();
  if (!limiter || limiter.redis !== r || limiter.prefix !== prefix) {
    limiter = {
      redis: r,
      prefix,
      ratelimit: new Ratelimit({
        redis: r,
        limiter: Ratelimit.fixedWindow(LOGIN_ATTEMPTS, LOGIN_WINDOW),
        prefix,
        // The shared client is built without telemetry headers; keep it that way.
        enableTelemetry: false,
        analytics: false,
      }),
    };
  }
  return limiter.ratelimit;
}

/** Lifts the sign-in limit for client `address` at once (scripts/lift-limits.ts). Throws ServiceUnavailableError when Redis is down. */
export async function liftLoginLimit(address: string): Promise<void> {
  await withStore(() => loginLimiter().resetUsedTokens(address));
}

/**
 * Counts one sign-in attempt for `address`. Throws HttpError 429 TOO_MANY_ATTEMPTS with
 * Retry-After (seconds) when the address has used its 5 attempts in the window;
 * ServiceUnavailableError (503) when Redis is down (no unlimited guessing while it is).
 */
export async function limitLoginAttempt(address: string): Promise<void> {
  const result = await withStore(() => loginLimiter().limit(address));
  if (!result.success) {
    const retryAfter = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
    throw new HttpError(429, 'TOO_MANY_ATTEMPTS', `Too many sign-in attempts. Please wait ${retryAfter} seconds and try again.`, undefined, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}
