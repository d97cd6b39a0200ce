/**
 * The deploy context at run time (decision 001): functions read it from their invocation context
 * (`context.deploy.context`), never from a CONTEXT variable, and fail closed. For each of
 * production, deploy-preview, branch-deploy, dev, and for an invocation that names none, an empty
 * or an unknown one, these tests call real functions with no CONTEXT and no KEY_PREFIX in the
 * environment and check the key prefix and every production guard: the pinned clock, the plain
 * admin password, the local IEEE roster, the .eml outbox, the local site address.
 *
 * The `pesgre:{context}:` keys this file writes live in a Redis database of their own (index 9,
 * through a second bridge), emptied of `pesgre:*` before and after, so they never meet the keys
 * of `npm start` or another run in database 0.
 */
import { randomBytes } from 'node:crypto';
import { Redis as IORedis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import login from '../../netlify/functions/admin-auth-login';
import ieeeStatus from '../../netlify/functions/ieee-status';
import resendTicket from '../../netlify/functions/registrations-resend-ticket';
import reconcile from '../../netlify/functions/reconcile-payments';
import { issueAdminToken } from '../../netlify/server/auth';
import { now } from '../../netlify/server/platform/clock';
import { deployContext, deployContextOf, setContextOutsideInvocations, withDeployContext } from '../../netlify/server/platform/deploy-context';
import { env } from '../../netlify/server/platform/env';
import { keyPrefix } from '../../netlify/server/platform/store';
import { startUpstashBridge } from '../../scripts/upstash-bridge';
import { testSecrets } from '../setup/secrets';
import { call, runScheduled } from './helpers';
import { seedRegistration, startSmtpReceiver, type SmtpReceiver } from './helpers-admin';

/** A pinned clock far from the real date, so whether it was honoured shows whatever today is. */
const PINNED = '2031-05-05T10:00:00.000Z';
const EIGHT_HOURS = 8 * 3600_000;
const DB = 9;

/** What each `deploy.context` the invocation carries must resolve to (undefined: none sent). */
const cases: Array<{ sent: string | undefined; context: string; relaxed: boolean }> = [
  { sent: 'production', context: 'production', relaxed: false },
  { sent: 'deploy-preview', context: 'deploy-preview', relaxed: false },
  { sent: 'branch-deploy', context: 'branch-deploy', relaxed: false },
  { sent: 'dev', context: 'dev', relaxed: true },
  { sent: undefined, context: 'production', relaxed: false },
  { sent: '', context: 'production', relaxed: false },
  { sent: 'Dev', context: 'production', relaxed: false },
  { sent: 'staging', context: 'production', relaxed: false },
];

let bridge: Awaited<ReturnType<typeof startUpstashBridge>>;
let db: IORedis;
let smtp: SmtpReceiver;
const saved = { ...process.env };

async function clearDb(): Promise<void> {
  const found = await db.keys('pesgre:*');
  if (found.length) await db.del(...found);
}

beforeAll(async () => {
  bridge = await startUpstashBridge({ port: 0, redisUrl: `${inject('redisUrl')}/${DB}`, token: testSecrets.bridgeToken });
  db = new IORedis(`${inject('redisUrl')}/${DB}`);
  smtp = await startSmtpReceiver();
  await clearDb();
});

afterAll(async () => {
  await clearDb();
  db.disconnect();
  await bridge.close();
  await smtp.close();
});

beforeEach(() => {
  process.env.UPSTASH_REDIS_REST_URL = bridge.url;
  // Netlify gives functions no CONTEXT, and production sets no KEY_PREFIX.
  delete process.env.CONTEXT;
  delete process.env.KEY_PREFIX;
  process.env.APP_NOW = PINNED;
  process.env.ADMIN_PASSWORD = 'plain-dev-password';
  // Code outside an invocation (the seeding below) gets its context from withDeployContext only.
  setContextOutsideInvocations(undefined);
});

afterEach(() => {
  for (const k of ['UPSTASH_REDIS_REST_URL', 'KEY_PREFIX', 'APP_NOW', 'ADMIN_PASSWORD', 'SMTP_URL', 'MAIL_FROM', 'SITE_URL', 'CONTEXT']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  setContextOutsideInvocations('dev');
});

const ip = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** How many pending orders the reconciliation test lists under each context's prefix. */
const PENDING: Record<string, number> = { production: 1, 'deploy-preview': 2, 'branch-deploy': 3, dev: 4 };

/** Creates `n` orders at the double and lists them as pending under `pesgre:{context}:`, long due. */
async function pendingOrders(context: string, n: number): Promise<string[]> {
  const auth = `Basic ${Buffer.from(`${testSecrets.keyId}:${testSecrets.keySecret}`).toString('base64')}`;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${inject('doubleUrl')}/v1/orders`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ amount: 100, currency: 'INR', receipt: `ctx-${i}` }) });
    const order = (await res.json()) as { id: string };
    ids.push(order.id);
    await db.zadd(`pesgre:${context}:orders:pending`, 0, order.id);
  }
  return ids;
}

describe.each(cases)('an invocation with deploy.context $sent', ({ sent, context, relaxed }) => {
  const send = sent === undefined ? null : sent;

  it(`keeps its keys under pesgre:${context}:`, async () => {
    const address = ip();
    expect((await call(login, { body: { password: 'wrong' }, ip: address, deployContext: send })).status).toBe(401);
    const written = await db.keys(`*${address}*`);
    expect(written.length).toBeGreaterThan(0);
    for (const key of written) expect(key.startsWith(`pesgre:${context}:ratelimit:login`)).toBe(true);
  });

  it(relaxed ? 'honours APP_NOW' : 'ignores APP_NOW (the real clock)', async () => {
    const r = await call(login, { body: { password: testSecrets.adminPassword }, deployContext: send });
    expect(r.status).toBe(200);
    const expires = Date.parse(r.body.expiresAt);
    if (relaxed) expect(expires).toBe(Date.parse(PINNED) + EIGHT_HOURS);
    else expect(Math.abs(expires - (Date.now() + EIGHT_HOURS))).toBeLessThan(60_000);
  });

  it(relaxed ? 'accepts the plain ADMIN_PASSWORD' : 'refuses the plain ADMIN_PASSWORD (the hash only)', async () => {
    expect((await call(login, { body: { password: 'plain-dev-password' }, deployContext: send })).status).toBe(relaxed ? 200 : 401);
    expect((await call(login, { body: { password: testSecrets.adminPassword }, deployContext: send })).status).toBe(200);
  });

  // Decision 013: without IEEE_VERIFY_URL, production rules queue the number for an admin ('To verify').
  it(relaxed ? 'checks IEEE numbers against the local roster' : 'never reads the local roster (numbers are queued for an admin without IEEE_VERIFY_URL)', async () => {
    const r = await call(ieeeStatus, { body: { MemberID: '90000003' }, deployContext: send });
    if (relaxed) expect(r).toMatchObject({ status: 200, body: { MemberStatus: 'Inactive' } });
    else expect(r).toMatchObject({ status: 200, body: { MemberStatus: 'To verify' } });
  });

  it(relaxed ? 'writes e-mail to the outbox without SMTP_URL' : 'refuses to send without SMTP_URL, MAIL_FROM and a site address', async () => {
    const { registrationNumber, token } = await withDeployContext(sent, async () => ({
      registrationNumber: (await seedRegistration({ email: 'context@example.org', verifyEmail: 'context@example.org' })).registrationNumber,
      token: (await issueAdminToken(now())).token,
    }));
    const resend = () => call(resendTicket, { body: { registrationNumber }, headers: { authorization: `Bearer ${token}` }, deployContext: send });
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    delete process.env.SITE_URL;
    if (relaxed) {
      expect((await resend()).status).toBe(200);
      return;
    }
    expect(await resend()).toMatchObject({ status: 503, body: { error: { code: 'MAIL_NOT_CONFIGURED' } } });
    process.env.SMTP_URL = smtp.url;
    expect(await resend()).toMatchObject({ status: 503, body: { error: { code: 'MAIL_NOT_CONFIGURED' } } });
    process.env.MAIL_FROM = 'PESGRE 2025 <registration@example.org>';
    // No SITE_URL (nor Netlify's URL): the links in the e-mail would point at localhost.
    expect(await resend()).toMatchObject({ status: 503, body: { error: { code: 'MAIL_NOT_CONFIGURED' } } });
    process.env.SITE_URL = 'https://pesgre2025.example.org';
    const before = smtp.messages.length;
    expect((await resend()).status).toBe(200);
    expect(smtp.messages.length).toBe(before + 1);
  });

  it(`runs a scheduled function on the pending orders under pesgre:${context}: only`, async () => {
    // Each context's list holds a different number of orders the double knows and the store
    // does not (expired): the run's count says which list it read, and it empties only that one.
    // (Registrations seeded by the tests above left their own, settled, orders listed: cleared first.)
    await db.del(...Object.keys(PENDING).map((c) => `pesgre:${c}:orders:pending`));
    const lists = Object.fromEntries(await Promise.all(Object.entries(PENDING).map(async ([c, n]) => [c, await pendingOrders(c, n)] as const)));
    const r = await runScheduled(reconcile, send === null ? {} : { deploy: { context: send } });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ checked: PENDING[context], removed: PENDING[context] });
    for (const c of Object.keys(PENDING)) {
      const left = await db.zrange(`pesgre:${c}:orders:pending`, 0, -1);
      expect(left.sort()).toEqual(c === context ? [] : lists[c]!.sort());
      await db.del(`pesgre:${c}:orders:pending`);
    }
  });
});

describe('the deploy context in server code', () => {
  it('is read only from the invocation: a CONTEXT variable changes nothing', async () => {
    process.env.CONTEXT = 'dev';
    expect('CONTEXT' in env()).toBe(false);
    const r = await call(login, { body: { password: 'plain-dev-password' }, deployContext: 'production' });
    expect(r.status).toBe(401);
    expect(await withDeployContext('production', async () => keyPrefix())).toBe('pesgre:production:');
  });

  it('fails closed outside any invocation unless a script names its context', () => {
    expect(deployContext()).toBe('production');
    expect(keyPrefix()).toBe('pesgre:production:');
    expect(now().toISOString()).not.toBe(PINNED);
    setContextOutsideInvocations('dev');
    expect(deployContext()).toBe('dev');
    expect(now().toISOString()).toBe(PINNED);
  });

  it('keeps each invocation to its own context when they interleave', async () => {
    const seen = await Promise.all(
      ['production', 'dev', 'deploy-preview', 'branch-deploy'].map((c) =>
        withDeployContext(c, async () => {
          await new Promise((r) => setTimeout(r, Math.random() * 20));
          return keyPrefix();
        }),
      ),
    );
    expect(seen).toEqual(['pesgre:production:', 'pesgre:dev:', 'pesgre:deploy-preview:', 'pesgre:branch-deploy:']);
  });

  it('KEY_PREFIX, when set, wins over the context', async () => {
    process.env.KEY_PREFIX = 'pesgre:staging-copy:';
    expect(await withDeployContext('production', async () => keyPrefix())).toBe('pesgre:staging-copy:');
  });

  it('maps every name Netlify may send', () => {
    expect(['production', 'deploy-preview', 'branch-deploy', 'dev', undefined, null, '', 'PRODUCTION', 'dev '].map(deployContextOf)).toEqual([
      'production',
      'deploy-preview',
      'branch-deploy',
      'dev',
      'production',
      'production',
      'production',
      'production',
      'production',
    ]);
  });
});
