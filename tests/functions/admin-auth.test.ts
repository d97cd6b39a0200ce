/**
 * Admin sign-in and sessions: the password check (scrypt hash, the local plain password), the
 * rate limit, the token's claims, and every way a token can be wrong. Every admin endpoint
 * refuses requests without a valid token.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import login from '../../netlify/functions/admin-auth-login';
import verify from '../../netlify/functions/admin-auth-verify';
import summary from '../../netlify/functions/registrations-summary';
import list from '../../netlify/functions/registrations-list';
import exportCsv from '../../netlify/functions/registrations-export';
import resend from '../../netlify/functions/registrations-resend-ticket';
import verifyQr from '../../netlify/functions/verify-qr';
import paymentsAttention from '../../netlify/functions/payments-attention';
import createOrder from '../../netlify/functions/payment-create-order';
import { hashPassword, parsePasswordHash, verifyPassword } from '../../netlify/server/platform/password';
import { keys, redis } from '../../netlify/server/platform/store';
import { DEV, STANDARD_DAY, call, keysMatching, pinClock, totalFor, validForm, type Fn } from './helpers';
import { adminToken } from './helpers-admin';
import { testSecrets } from '../setup/secrets';

const secret = new TextEncoder().encode(testSecrets.adminJwtSecret);
/** A distinct client address per test, so the rate limit of one test never spills into another. */
const freshIp = () => `198.51.100.${randomBytes(1)[0]! % 250}-${randomBytes(3).toString('hex')}`;

function postLogin(password: unknown, ip = freshIp(), deployContext = 'dev') {
  return call(login, { body: { password }, ip, deployContext });
}

function verifyWith(token: string) {
  return call(verify, { headers: { authorization: `Bearer ${token}` } });
}

/** A token like ours but with chosen claims/algorithm/key. */
async function craft(opts: { aud?: string; iss?: string; sub?: string; expSecondsFromNow?: number; alg?: string; key?: Uint8Array } = {}) {
  const nowSec = Math.floor(Date.parse(STANDARD_DAY) / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(opts.iss ?? 'pesgre-2025')
    .setAudience(opts.aud ?? 'pesgre-2025-admin')
    .setSubject(opts.sub ?? 'admin')
    .setIssuedAt(nowSec - 60)
    .setExpirationTime(nowSec + (opts.expSecondsFromNow ?? 3600))
    .sign(opts.key ?? secret);
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/**
 * The sliding window weighs the previous 60-second bucket by how much of it still overlaps, so a
 * burst that straddles a bucket boundary may get one more attempt through. Bursts in these tests
 * start at least 3 s before a boundary, so they always fall in one bucket.
 */
async function awayFromWindowEdge(): Promise<void> {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 57_000) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 50));
}

beforeEach(() => pinClock(STANDARD_DAY));

const saved = { ...process.env };
afterEach(() => {
  for (const k of ['ADMIN_PASSWORD', 'ADMIN_PASSWORD_HASH', 'ADMIN_JWT_SECRET']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('POST /api/admin-auth/login', () => {
  it('signs in with the right password: an 8-hour HS256 token with our issuer, audience and subject', async () => {
    const r = await postLogin(testSecrets.adminPassword);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['expiresAt', 'token']);
    expect(decodeProtectedHeader(r.body.token)).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(r.body.token);
    expect(claims).toMatchObject({ iss: 'pesgre-2025', aud: 'pesgre-2025-admin', sub: 'admin' });
    expect(claims.iat).toBe(Date.parse(STANDARD_DAY) / 1000);
    expect(claims.exp! - claims.iat!).toBe(8 * 3600);
    expect(r.body.expiresAt).toBe(new Date(claims.exp! * 1000).toISOString());
    expect(r.headers.get('cache-control')).toBe('no-store');
    const v = await verifyWith(r.body.token);
    expect(v.status).toBe(200);
    expect(v.body).toEqual({ ok: true, expiresAt: r.body.expiresAt });
    const audit = await redis().lrange<{ action: string }>(keys.audit(), 0, 0);
    expect(audit[0]?.action).toBe('admin.login');
  });

  it('refuses a wrong password with 401 Invalid password', async () => {
    const r = await postLogin('not-the-password');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: { code: 'INVALID_PASSWORD', message: 'Invalid password' } });
  });

  it('rejects a missing, empty or non-JSON body with 400, and other methods with 405', async () => {
    expect((await call(login, { body: {}, ip: freshIp() })).status).toBe(400);
    expect((await postLogin('')).status).toBe(400);
    expect((await call(login, { raw: 'password=x', ip: freshIp() })).status).toBe(400);
    const get = await call(login, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers 429 with Retry-After after 5 attempts a minute from one address, even for the right password', async () => {
    const ip = freshIp();
    await awayFromWindowEdge();
    for (let i = 0; i < 5; i++) expect((await postLogin(`wrong-${i}`, ip)).status).toBe(401);
    const blocked = await postLogin(testSecrets.adminPassword, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(blocked.body.error.message).toMatch(/Too many sign-in attempts/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await postLogin(testSecrets.adminPassword)).status).toBe(200);
    // The limiter's keys live under this deploy's prefix.
    expect((await keysMatching('ratelimit:login:*')).length).toBeGreaterThan(0);
  });

  it("limits by Netlify's context.ip before any header", async () => {
    const ip = freshIp();
    const attempt = (headerIp: string) =>
      login(new Request('http://localhost/api/admin-auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': headerIp }, body: JSON.stringify({ password: 'nope' }) }), { ip, ...DEV });
    // A client rotating X-Forwarded-For stays one address.
    await awayFromWindowEdge();
    for (let i = 0; i < 5; i++) expect((await attempt(freshIp())).status).toBe(401);
    expect((await attempt(freshIp())).status).toBe(429);
  });

  it('accepts the plain ADMIN_PASSWORD in the dev deploy context only', async () => {
    process.env.ADMIN_PASSWORD = 'plain-dev-password';
    expect((await postLogin('plain-dev-password')).status).toBe(200);
    expect((await postLogin(testSecrets.adminPassword)).status).toBe(200);
    expect((await postLogin('plain-dev-password', freshIp(), 'production')).status).toBe(401);
    expect((await postLogin(testSecrets.adminPassword, freshIp(), 'production')).status).toBe(200);
  });

  it('answers a plain 500 (no internals) when no password or secret is configured', async () => {
    delete process.env.ADMIN_PASSWORD_HASH;
    const r = await postLogin('anything');
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe('INTERNAL_ERROR');
    expect(r.text).not.toMatch(/ADMIN_/);
    process.env.ADMIN_PASSWORD_HASH = 'scrypt$1$1$1$bad$bad';
    expect((await postLogin('anything')).status).toBe(500);
    process.env.ADMIN_PASSWORD_HASH = testSecrets.adminPasswordHash;
    process.env.ADMIN_JWT_SECRET = 'too-short';
    expect((await postLogin(testSecrets.adminPassword)).status).toBe(500);
  });
});

describe('GET /api/admin-auth/verify', () => {
  it('accepts a valid token', async () => {
    const r = await verifyWith(await adminToken());
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
  });

  it('refuses a request without a token, or with another scheme', async () => {
    const none = await call(verify);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED');
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await call(verify, { headers: { authorization: `Basic ${Buffer.from('admin:x').toString('base64')}` } })).status).toBe(401);
    expect((await call(verify, { headers: { authorization: 'Bearer' } })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const r = await verifyWith(await craft({ expSecondsFromNow: -1 }));
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('INVALID_TOKEN');
    // A real token of ours, 8 hours and a second later.
    const token = await adminToken();
    pinClock(new Date(Date.parse(STANDARD_DAY) + 8 * 3600_000 + 1000).toISOString());
    expect((await verifyWith(token)).status).toBe(401);
  });

  it('refuses a tampered token (one character changed in the payload or the signature)', async () => {
    const token = await adminToken();
    const [h, p, s] = token.split('.') as [string, string, string];
    const flip = (text: string, i: number) => text.slice(0, i) + (text[i] === 'A' ? 'B' : 'A') + text.slice(i + 1);
    expect((await verifyWith(`${h}.${flip(p, 10)}.${s}`)).status).toBe(401);
    expect((await verifyWith(`${h}.${p}.${flip(s, 5)}`)).status).toBe(401);
    // A payload re-encoded with a longer expiry, old signature kept.
    const claims = decodeJwt(token);
    expect((await verifyWith(`${h}.${b64url({ ...claims, exp: claims.exp! + 86400 })}.${s}`)).status).toBe(401);
  });

  it('refuses alg none, other algorithms, and tokens signed with another key', async () => {
    const claims = decodeJwt(await adminToken());
    expect((await verifyWith(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`)).status).toBe(401);
    expect((await verifyWith(`${b64url({ alg: 'none' })}.${b64url(claims)}`)).status).toBe(401);
    expect((await verifyWith(await craft({ alg: 'HS512' }))).status).toBe(401);
    expect((await verifyWith(await craft({ key: new TextEncoder().encode('another-secret-another-secret-0123456789') }))).status).toBe(401);
    expect((await verifyWith('not.a.jwt')).status).toBe(401);
  });

  it('refuses a wrong audience, issuer or subject', async () => {
    expect((await verifyWith(await craft()))).toMatchObject({ status: 200 });
    expect((await verifyWith(await craft({ aud: 'pesgre-2025-delegate' }))).status).toBe(401);
    expect((await verifyWith(await craft({ iss: 'someone-else' }))).status).toBe(401);
    expect((await verifyWith(await craft({ sub: 'delegate' }))).status).toBe(401);
  });
});

describe('admin endpoints', () => {
  const endpoints: [string, Fn, { method: string; body?: unknown }][] = [
    ['verify', verify, { method: 'GET' }],
    ['summary', summary, { method: 'GET' }],
    ['list', list, { method: 'GET' }],
    ['export', exportCsv, { method: 'GET' }],
    ['resend-ticket', resend, { method: 'POST', body: { registrationNumber: 'PESGRE25-ABCDEFGH' } }],
    ['verify-qr', verifyQr, { method: 'POST', body: { rid: 'PESGRE25-ABCDEFGH', sig: 'x'.repeat(43) } }],
    ['payments-attention', paymentsAttention, { method: 'GET' }],
  ];

  it.each(endpoints)('%s answers 401 without a valid token and writes nothing', async (_name, fn, opts) => {
    const before = (await keysMatching('*')).sort();
    const auditBefore = await redis().llen(keys.audit());
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer nonsense' }, { authorization: `Bearer ${await craft({ expSecondsFromNow: -10 })}` }];
    for (const headers of variants) {
      const r = await call(fn, { ...opts, headers });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toMatch(/^(UNAUTHORIZED|INVALID_TOKEN)$/);
      expect(Object.keys(r.body)).toEqual(['error']);
    }
    expect((await keysMatching('*')).sort()).toEqual(before);
    expect(await redis().llen(keys.audit())).toBe(auditBefore);
  });

  it('answer 405 to other methods', async () => {
    for (const [, fn, opts] of endpoints) {
      expect((await call(fn, { method: opts.method === 'GET' ? 'DELETE' : 'GET' })).status).toBe(405);
    }
  });
});

describe('create-order admin override (foreign authors)', () => {
  // Only an admin may register a delegate outside the tier set of their country (docs/rules.md#pages-and-routes; decision 015).
  const foreign = () => validForm({ registrationTier: 'prof_non_foreign_std', registrationCurrency: 'USD', country: 'India', billingCountry: 'Germany' });

  it('accepts a USD tier and a foreign country with a valid admin token', async () => {
    const data = foreign();
    const r = await call(createOrder, { body: { amount: totalFor(data), data }, headers: { authorization: `Bearer ${await adminToken()}` } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, noPayment: false, currency: 'USD' });
    const audit = await redis().lrange<{ action: string; actor: string }>(keys.audit(), 0, 0);
    expect(audit[0]).toMatchObject({ action: 'order.created', actor: 'admin' });
  });

  it('stays non-admin (403) without a token or with an invalid one', async () => {
    const data = foreign();
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer nonsense' }, { authorization: `Bearer ${await craft({ aud: 'other' })}` }, { authorization: `Bearer ${await craft({ expSecondsFromNow: -5 })}` }];
    for (const headers of variants) {
      const r = await call(createOrder, { body: { amount: totalFor(data), data }, headers });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('INTERNATIONAL_PAYMENTS');
    }
  });

  it('keeps working for delegates when the admin settings are missing', async () => {
    delete process.env.ADMIN_JWT_SECRET;
    const data = validForm();
    const r = await call(createOrder, { body: { amount: totalFor(data), data }, headers: { authorization: 'Bearer some.token.here' } });
    expect(r.status).toBe(200);
  });
});

describe('password hashes', () => {
  it('round-trips through scrypt and refuses other passwords', async () => {
    const encoded = await hashPassword('correct horse battery staple', { N: 2 ** 12, r: 8, p: 1 });
    expect(encoded).toMatch(/^scrypt\$4096\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const parsed = parsePasswordHash(encoded)!;
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.hash).toHaveLength(32);
    expect(await verifyPassword('correct horse battery staple', parsed)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', parsed)).toBe(false);
    expect(await verifyPassword('', parsed)).toBe(false);
    // A fresh salt every time.
    expect(await hashPassword('x', { N: 2 ** 12, r: 8, p: 1 })).not.toBe(await hashPassword('x', { N: 2 ** 12, r: 8, p: 1 }));
  });

  it('uses OWASP-strength parameters by default', async () => {
    expect(parsePasswordHash(await hashPassword('x'))?.params).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('rejects malformed hashes and out-of-bounds parameters', () => {
    const ok = testSecrets.adminPasswordHash;
    expect(parsePasswordHash(ok)).not.toBeNull();
    for (const bad of ['', 'scrypt', ok.replace('scrypt', 'bcrypt'), ok.replace('$16384$', '$16383$'), ok.replace('$16384$', '$2147483648$'), ok.replace('$8$1$', '$0$1$'), `${ok}$extra`, ok.replace(/\$[^$]+$/, '$not*base64')]) {
      expect(parsePasswordHash(bad), bad).toBeNull();
    }
  });

  it('scripts/admin-hash-password.ts prints a hash for a password from stdin or argv', async () => {
    const tsxCli = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs');
    const run = (args: string[], input = '') =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [tsxCli, 'scripts/admin-hash-password.ts', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stdout, stderr }));
        child.stdin.end(input);
      });
    // Three runs at once: each is a tsx start-up plus a default-strength scrypt.
    const [fromStdin, fromArgv, empty] = await Promise.all([run([], 'pass phrase with spaces \n'), run(['argv-password']), run([], '')]);
    expect(fromStdin.status, fromStdin.stderr).toBe(0);
    const line = fromStdin.stdout.trim();
    expect(fromStdin.stdout).toBe(`${line}\n`);
    const parsed = parsePasswordHash(line)!;
    expect(parsed).not.toBeNull();
    // Only the final newline is dropped; the trailing space is part of the password.
    expect(await verifyPassword('pass phrase with spaces ', parsed)).toBe(true);
    expect(fromArgv.status, fromArgv.stderr).toBe(0);
    expect(await verifyPassword('argv-password', parsePasswordHash(fromArgv.stdout.trim())!)).toBe(true);
    expect(empty.status).toBe(2);
  });
});
