/**
 * Admin sign-in, sessions and the role guard (docs/security.md,
 * "Admin sign-in" and "Roles, accounts and devices"; decision 044).
 *
 * - The organisers' shared password, stored as a scrypt hash (ADMIN_PASSWORD_HASH; in the `dev`
 *   deploy context a plain ADMIN_PASSWORD too), signs in as the subject `admin` with the role
 *   owner. Named accounts (team.ts) sign in with their e-mail and their own password and get
 *   their roles. Desk devices get a token with the role desk alone, made by the owner or
 *   registrations, which lasts until the end of the conference's last day.
 * - A session is an HS256 JWT signed with ADMIN_JWT_SECRET: iss 'pesgre-2025', aud
 *   'pesgre-2025-admin', sub the subject, and the claims `kind` (password, account, device),
 *   `roles`, `name` and `tv`, the subject's token version when it was issued. People's tokens last
 *   8 hours. Verification pins the algorithm, issuer and audience, so `alg: none`, tokens for
 *   another audience and tampered tokens are refused. A token without `roles` (issued before
 *   roles existed) is accepted only for the subject `admin`, as owner.
 * - Revocation: requireRole() compares the token's `tv` with the subject's current version
 *   (team.ts tokenVersion, cached at most 30 s per process), so disabling a person, changing
 *   their roles or revoking a device ends their tokens within a minute everywhere.
 * - Every admin endpoint calls requireRole() with its own name: the roles it accepts are in one
 *   table (src/shared/admin-roles.ts). Nothing relies on the SPA's guard.
 * - Sign-in attempts are rate limited per client address (5 per 60 s fixed window) with
 *   @upstash/ratelimit on the app's own Redis client.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Ratelimit } from '@upstash/ratelimit';
import type { Redis } from '@upstash/redis';
// jose is imported where a token is signed or checked: create-order reads this module for the
// admin override, and only a request that sends a token needs the library (decision 054).
import type { JWTPayload } from 'jose';
import { PASSWORD_SUBJECT, forbiddenRoleMessage, isRole, mayCall, type AdminEndpoint, type PrincipalKind, type Role } from '../../src/shared/admin-roles';
import { now as clockNow } from './platform/clock';
import { productionRules } from './platform/deploy-context';
import { ConfigError, env, requireSecret } from './platform/env';
import { HttpError, ServiceUnavailableError } from './platform/http';
import { parsePasswordHash, verifyPassword } from './platform/password';
import { setActor, type Actor } from './platform/request-scope';
import { keys, redis, withStore } from './platform/store';
import { tokenVersion, type StoredAccount, type StoredDevice } from './team';

export const ADMIN_ISSUER = 'pesgre-2025';
export const ADMIN_AUDIENCE = 'pesgre-2025-admin';
/** The subject of the shared password's tokens (kept from before roles, so its tokens and clients stay as they were). */
export const ADMIN_SUBJECT = PASSWORD_SUBJECT;
/** Session length: one working day at the registration desk. */
export const ADMIN_SESSION_SECONDS = 8 * 3600;
/** Sign-in attempts allowed per client address in the fixed window. */
export const LOGIN_ATTEMPTS = 5;
export const LOGIN_WINDOW = '60 s';

export const INVALID_PASSWORD = 'Invalid password';
export const INVALID_EMAIL_OR_PASSWORD = 'Invalid e-mail or password';
/** How the shared password's sessions are named in the audit record and the title bar. */
export const PASSWORD_ACTOR_NAME = "Organisers' shared password";

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

/** Who a valid token speaks for. */
export interface Principal {
  /** 'admin' (the shared password), an account id or a device id. */
  subject: string;
  kind: PrincipalKind;
  roles: Role[];
  /** A person's name and e-mail, a device's name, or PASSWORD_ACTOR_NAME. */
  name: string;
  /** The subject's token version when the token was issued. */
  tokenVersion: number;
  /** Expiry as an ISO instant. */
  expiresAt: string;
}

/** The audit record's view of a principal (request-scope.ts). */
export function actorOf(p: Principal): Actor {
  return { actor: p.subject, actorName: p.name, roles: p.roles, kind: p.kind };
}

/** Signs a token for `p` at `now`, valid until `expires` (default: 8 hours on). */
async function issueToken(p: Omit<Principal, 'expiresAt'>, now: Date, expires?: Date): Promise<AdminSession> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = expires ? Math.floor(expires.getTime() / 1000) : iat + ADMIN_SESSION_SECONDS;
  const { SignJWT } = await import('jose');
  const token = await new SignJWT({ kind: p.kind, roles: p.roles, name: p.name, tv: p.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ADMIN_ISSUER)
    .setAudience(ADMIN_AUDIENCE)
    .setSubject(p.subject)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(jwtKey());
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The shared password's principal (role owner) at its current token version. */
async function passwordPrincipal(): Promise<Omit<Principal, 'expiresAt'>> {
  return { subject: ADMIN_SUBJECT, kind: 'password', roles: ['owner'], name: PASSWORD_ACTOR_NAME, tokenVersion: await tokenVersion(ADMIN_SUBJECT, { fresh: true }) };
}

/** Issues an 8-hour owner token for the shared password at `now` (the server clock, so a pinned APP_NOW stays consistent). */
export async function issueAdminToken(now: Date = clockNow()): Promise<AdminSession> {
  return issueToken(await passwordPrincipal(), now);
}

/** The principal the shared password signs in as (for the sign-in's audit entry). */
export async function passwordSignIn(now: Date = clockNow()): Promise<{ session: AdminSession; principal: Principal }> {
  const p = await passwordPrincipal();
  const session = await issueToken(p, now);
  return { session, principal: { ...p, expiresAt: session.expiresAt } };
}

/** Issues an 8-hour token for an organiser's account, with its roles, at `now`. */
export async function issueAccountToken(account: StoredAccount, now: Date = clockNow()): Promise<{ session: AdminSession; principal: Principal }> {
  const p: Omit<Principal, 'expiresAt'> = { subject: account.id, kind: 'account', roles: [...account.roles], name: `${account.name} <${account.email}>`, tokenVersion: await tokenVersion(account.id, { fresh: true }) };
  const session = await issueToken(p, now);
  return { session, principal: { ...p, expiresAt: session.expiresAt } };
}

/** Issues a desk device's token (role desk alone) at `now`, valid until the device's expiresAt. */
export async function issueDeviceToken(device: StoredDevice, now: Date = clockNow()): Promise<AdminSession> {
  return issueToken({ subject: device.id, kind: 'device', roles: ['desk'], name: device.name, tokenVersion: await tokenVersion(device.id, { fresh: true }) }, now, new Date(device.expiresAt));
}

const bearerRealm = 'Bearer realm="pesgre-admin"';

/** The token of an `Authorization: Bearer <token>` header, or null. Oversized headers count as none. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (!header || header.length > 4096) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

const invalidToken = () =>
  new HttpError(401, 'INVALID_TOKEN', 'Your admin session is invalid or has expired. Please sign in again.', undefined, undefined, {
    'WWW-Authenticate': `${bearerRealm}, error="invalid_token"`,
  });

/** The principal a verified payload names, or null when its claims are not ours. */
function principalOf(payload: JWTPayload): Principal | null {
  const expiresAt = new Date((payload.exp ?? 0) * 1000).toISOString();
  const sub = payload.sub;
  if (typeof sub !== 'string' || !sub) return null;
  // A token from before roles: only the shared password's, which was everything.
  if (payload.roles === undefined) {
    return sub === ADMIN_SUBJECT ? { subject: sub, kind: 'password', roles: ['owner'], name: PASSWORD_ACTOR_NAME, tokenVersion: 0, expiresAt } : null;
  }
  const { roles, kind, name, tv } = payload as { roles: unknown; kind?: unknown; name?: unknown; tv?: unknown };
  if (!Array.isArray(roles) || !roles.length || !roles.every(isRole)) return null;
  if (kind !== 'password' && kind !== 'account' && kind !== 'device') return null;
  // A device is never more than the desk, and only the shared password is `admin`.
  if (kind === 'device' && (roles.length !== 1 || roles[0] !== 'desk')) return null;
  if ((kind === 'password') !== (sub === ADMIN_SUBJECT)) return null;
  const version = tv === undefined ? 0 : tv;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) return null;
  return { subject: sub, kind, roles: [...new Set(roles)], name: typeof name === 'string' ? name : sub, tokenVersion: version, expiresAt };
}

/**
 * Verifies an admin token's signature and claims at `now` (not yet whether it was revoked: see
 * requireRole). Returns its principal; throws HttpError 401 INVALID_TOKEN for anything but a valid,
 * unexpired HS256 token with our issuer and audience and well-formed claims. ConfigError
 * (ADMIN_JWT_SECRET unset or short) passes through as a 500.
 */
export async function verifyAdminToken(token: string, now: Date = clockNow()): Promise<Principal> {
  const key = jwtKey();
  const { jwtVerify } = await import('jose');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ADMIN_ISSUER,
      audience: ADMIN_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: now,
    }));
  } catch {
    throw invalidToken();
  }
  const principal = principalOf(payload);
  if (!principal) throw invalidToken();
  return principal;
}

/**
 * Throws HttpError 401 TOKEN_REVOKED when `p`'s token is older than its subject's current version
 * (a person disabled, their roles or password changed, a device revoked). The version is cached
 * for at most 30 s; a token newer than the cached version reads it afresh.
 */
async function assertCurrent(p: Principal): Promise<void> {
  let current = await tokenVersion(p.subject);
  if (p.tokenVersion > current) current = await tokenVersion(p.subject, { fresh: true });
  if (p.tokenVersion !== current) {
    const what = p.kind === 'device' ? 'This desk device was revoked' : 'This session was ended by the owner';
    throw new HttpError(401, 'TOKEN_REVOKED', `${what}. Please sign in again.`, undefined, undefined, { 'WWW-Authenticate': `${bearerRealm}, error="invalid_token"` });
  }
}

/**
 * Guards the admin endpoint `endpoint` (its function's name in the role table,
 * src/shared/admin-roles.ts): resolves with the principal when the request carries a valid,
 * unrevoked token of a role the table accepts for it, and names that principal as the actor of
 * the request's audit entries. Throws HttpError 401 UNAUTHORIZED (no token), INVALID_TOKEN (a
 * bad one), TOKEN_REVOKED (revoked), or 403 FORBIDDEN_ROLE naming the roles needed, so the
 * endpoint reads and writes nothing else.
 */
export async function requireRole(req: Request, endpoint: AdminEndpoint, now: Date = clockNow()): Promise<Principal> {
  const token = bearerToken(req);
  if (!token) {
    throw new HttpError(401, 'UNAUTHORIZED', 'Admin sign-in required.', undefined, undefined, { 'WWW-Authenticate': bearerRealm });
  }
  const principal = await verifyAdminToken(token, now);
  if (!mayCall(principal.roles, endpoint)) throw new HttpError(403, 'FORBIDDEN_ROLE', forbiddenRoleMessage(endpoint, principal.roles));
  await assertCurrent(principal);
  setActor(actorOf(principal));
  return principal;
}

/**
 * True when the request carries a valid, unrevoked token of a role `endpoint` accepts (the public
 * endpoints a token gives more: create-order's admin mode, the whole registration). Names the
 * principal as the request's actor when so. Never throws for a missing, bad or other-role token,
 * nor when ADMIN_JWT_SECRET is unset: all mean "not admin", so the public flow works without the
 * admin settings. Throws ServiceUnavailableError when Redis cannot say whether the token was revoked.
 */
export async function isAdminRequest(req: Request, now: Date, endpoint: AdminEndpoint): Promise<boolean> {
  const token = bearerToken(req);
  if (!token) return false;
  try {
    const principal = await verifyAdminToken(token, now);
    if (!mayCall(principal.roles, endpoint)) return false;
    await assertCurrent(principal);
    setActor(actorOf(principal));
    return true;
  } catch (err) {
    if (err instanceof ServiceUnavailableError) throw err;
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
