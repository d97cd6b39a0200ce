/**
 * The go-live check (decision 001, scripts/check-production.ts): npm start's dev defaults block going
 * live, by name, and the CLI exits non-zero; a complete set of made-up production values passes;
 * each rule is caught on its own; no secret value ever reaches the output.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH } from '../../netlify/server/platform/env';
import { envSchema } from '../../netlify/server/platform/env';
import { hashPassword } from '../../netlify/server/platform/password';
import { gstinCheckCharacter } from '../../src/shared/invoice';
import { WEBHOOK_EVENTS as HANDLED_EVENTS } from '../../netlify/server/orders/webhook';
import { runCheck, checkProduction, envFileWarning, formatCheck, isSenderAddress, WEBHOOK_EVENTS, WEBHOOK_PATH, type ProductionCheck } from '../../scripts/check-production';
import { collectSampleItems } from '../../scripts/content-report';
import { devDefaults } from '../../scripts/local-config';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** A GSTIN with the right check character (Karnataka, made-up PAN). */
const first14 = '29ABCDE1234F1Z';
const validGstin = `${first14}${gstinCheckCharacter(first14)}`;
const wrongCheck = gstinCheckCharacter(first14) === 'A' ? 'B' : 'A';
const badGstin = `${first14}${wrongCheck}`;

const ADMIN_PASSWORD_HASH_PLACEHOLDER = '(filled in beforeAll)';

/** Made-up production values: every one distinctive, so the output can be searched for it. */
const production: Record<string, string> = {
  UPSTASH_REDIS_REST_URL: 'https://madeup-lynx-41234.upstash.io',
  UPSTASH_REDIS_REST_TOKEN: 'AX1yMadeUpUpstashToken0000000000000000000000000000zz',
  RAZORPAY_KEY_ID: 'rzp_live_MadeUpKey12345',
  RAZORPAY_KEY_SECRET: 'MadeUpRazorpayKeySecret9876',
  RAZORPAY_WEBHOOK_SECRET: 'made-up-webhook-secret-0123456789-abcdefgh',
  ADMIN_PASSWORD_HASH: ADMIN_PASSWORD_HASH_PLACEHOLDER,
  ADMIN_JWT_SECRET: 'made-up-admin-jwt-secret-7c1f0e9a52b34d6f8e21',
  TICKET_SIGNING_KEY: 'made-up-ticket-signing-key-4b9d2e7a10c35f68ad',
  PASSPORT_DATA_KEY: '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0',
  SMTP_URL: 'smtps://mailer%40example.org:Sm7pMadeUpPa55word@smtp.example.org:465',
  MAIL_FROM: 'PESGRE 2025 <registration@example.org>',
  SITE_URL: 'https://pesgre2025.example.org',
  IEEE_VERIFY_URL: 'https://membership.example.org/verify',
  IEEE_VERIFY_KEY: 'made-up-ieee-verify-key-5521',
};

/** The values that must never be printed (the secrets and the SMTP URL with its password). */
const secretNames = ['UPSTASH_REDIS_REST_TOKEN', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'ADMIN_PASSWORD_HASH', 'ADMIN_JWT_SECRET', 'TICKET_SIGNING_KEY', 'PASSPORT_DATA_KEY', 'SMTP_URL', 'IEEE_VERIFY_KEY'];
const secretValues = () => [...secretNames.map((n) => production[n]!), 'Sm7pMadeUpPa55word', production.ADMIN_PASSWORD_HASH!.split('$')[5]!];

/** What npm start sets (scripts/start.ts with scripts/local-config.ts's defaults), plus a pinned clock. */
const devEnv: Record<string, string> = {
  UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${devDefaults.UPSTASH_BRIDGE_PORT}`,
  UPSTASH_REDIS_REST_TOKEN: devDefaults.UPSTASH_REDIS_REST_TOKEN,
  RAZORPAY_API_BASE_URL: `http://127.0.0.1:${devDefaults.RAZORPAY_DOUBLE_PORT}`,
  RAZORPAY_KEY_ID: devDefaults.RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET: devDefaults.RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: devDefaults.RAZORPAY_WEBHOOK_SECRET,
  KEY_PREFIX: devDefaults.KEY_PREFIX,
  VITE_RAZORPAY_CHECKOUT_URL: `http://127.0.0.1:${devDefaults.RAZORPAY_DOUBLE_PORT}/checkout.js`,
  ADMIN_PASSWORD: devDefaults.ADMIN_PASSWORD,
  ADMIN_JWT_SECRET: devDefaults.ADMIN_JWT_SECRET,
  TICKET_SIGNING_KEY: devDefaults.TICKET_SIGNING_KEY,
  SITE_URL: `http://localhost:${devDefaults.PORT}`,
  APP_NOW: '2025-06-01T10:00:00+05:30',
};

let dir = '';

beforeAll(async () => {
  // A real hash from the project's own function, with the parameters npm run admin:hash-password uses.
  production.ADMIN_PASSWORD_HASH = await hashPassword('made-up organiser password');
  dir = await mkdtemp(path.join(tmpdir(), 'check-production-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const envFile = (vars: Record<string, string>) => Object.entries(vars).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join('\n') + '\n';

/** Runs the real CLI with a clean environment (PATH and HOME only); resolves with its output and exit code. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/check-production.ts', ...args], { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const check = (env: Record<string, string | undefined>, gstin = validGstin) => checkProduction({ env, sampleItems: [], supplierGstin: gstin, supplierStateCode: '29' });
const blockingNames = (c: ProductionCheck) => c.blocking.map((f) => f.subject);

/** The lines of the Blocking section of the text report. */
function blockingSection(text: string): string {
  const start = text.indexOf('Blocking (');
  const end = text.indexOf('\nWarnings (');
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return text.slice(start, end);
}

describe('check:production with npm start dev defaults', () => {
  it('lists what blocks, by name, and the CLI exits non-zero', async () => {
    const file = path.join(dir, 'dev.env');
    await writeFile(file, envFile(devEnv));
    const { code, stdout, stderr } = await cli(['--vars', file]);
    expect(code).toBe(1);
    const blocking = blockingSection(stdout);
    for (const name of [
      'UPSTASH_REDIS_REST_URL',
      'UPSTASH_REDIS_REST_TOKEN',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'RAZORPAY_API_BASE_URL',
      'VITE_RAZORPAY_CHECKOUT_URL',
      'ADMIN_PASSWORD_HASH',
      'ADMIN_PASSWORD',
      'ADMIN_JWT_SECRET',
      'TICKET_SIGNING_KEY',
      'PASSPORT_DATA_KEY',
      'SMTP_URL',
      'MAIL_FROM',
      'SITE_URL',
      'APP_NOW',
    ]) {
      expect(blocking).toMatch(new RegExp(`^  ${name}: `, 'm'));
    }
    expect(blocking).toMatch(/^ {2}RAZORPAY_KEY_ID: is a Razorpay test key/m);
    expect(blocking).toMatch(/^ {2}ADMIN_PASSWORD: must not be set in production/m);
    expect(blocking).toMatch(/^ {2}SMTP_URL: missing/m);
    // KEY_PREFIX and a missing IEEE_VERIFY_URL warn without blocking.
    expect(blocking).not.toMatch(/^ {2}(KEY_PREFIX|IEEE_VERIFY_URL): /m);
    const warnings = stdout.slice(stdout.indexOf('\nWarnings ('), stdout.indexOf('To do in the Razorpay dashboard'));
    expect(warnings).toMatch(/^ {2}KEY_PREFIX: .*pesgre:production:/m);
    expect(warnings).toMatch(/^ {2}IEEE_VERIFY_URL: .*cannot be verified automatically/m);
    // Every sample item of the content is listed under its file.
    const items = collectSampleItems();
    if (items.length) expect(blocking).toContain(`  Content still marked sample (${items.length})`);
    for (const item of items) {
      expect(blocking).toContain(`    ${item.file}\n`);
      expect(blocking).toContain(`      ${item.path}: ${item.label}\n`);
    }
    expect(stdout).toContain(`Active events  ${WEBHOOK_EVENTS.join(', ')}`);
    expect(stdout).toMatch(/^NOT READY: \d+ blocking item\(s\)/m);
    // npm start's secrets are not printed either.
    for (const name of ['UPSTASH_REDIS_REST_TOKEN', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'ADMIN_PASSWORD', 'ADMIN_JWT_SECRET', 'TICKET_SIGNING_KEY']) {
      expect(stdout + stderr).not.toContain(devEnv[name]);
    }
  }, 60_000);
});

describe('checkProduction with complete production values', () => {
  it('reports nothing blocking and no warning, and gives the webhook URL and events', () => {
    const c = check(production);
    expect(c.blocking).toEqual([]);
    expect(c.warnings).toEqual([]);
    expect(c.ready).toBe(true);
    expect(c.razorpay).toEqual({
      webhookUrl: 'https://pesgre2025.example.org/api/payment/webhook',
      secretVariable: 'RAZORPAY_WEBHOOK_SECRET',
      events: ['order.paid', 'payment.captured', 'payment.authorized', 'refund.processed', 'refund.failed', 'payment.downtime.started', 'payment.downtime.updated', 'payment.downtime.resolved'],
    });
    expect(formatCheck(c)).toMatch(/^READY: nothing blocks going live\.$/m);
  });

  it('accepts a trailing slash on SITE_URL and a sender without a name', () => {
    const c = check({ ...production, SITE_URL: 'https://pesgre2025.example.org/', MAIL_FROM: 'registration@example.org' });
    expect(c.blocking).toEqual([]);
    expect(c.razorpay.webhookUrl).toBe('https://pesgre2025.example.org/api/payment/webhook');
  });

  it('ignores blank values of variables that must stay unset, as the server does', () => {
    expect(check({ ...production, APP_NOW: '', ADMIN_PASSWORD: '', KEY_PREFIX: '' }).blocking).toEqual([]);
  });

  it('blocks every item still marked sample, with its file and label', () => {
    const c = checkProduction({
      env: production,
      supplierGstin: validGstin,
      sampleItems: [
        { file: 'src/content/speakers.ts', path: 'keynoteSpeakers[0].bio', label: 'A short biography will appear here' },
        { file: 'src/content/invoicing.ts', path: 'invoicing.supplier', label: 'legalName, gstin' },
      ],
    });
    expect(c.ready).toBe(false);
    expect(c.blocking).toEqual([
      { kind: 'sample', subject: 'src/content/speakers.ts', message: 'keynoteSpeakers[0].bio: A short biography will appear here' },
      { kind: 'sample', subject: 'src/content/invoicing.ts', message: 'invoicing.supplier: legalName, gstin' },
    ]);
    const text = formatCheck(c);
    expect(text).toContain('  Content still marked sample (2)');
    expect(text).toContain('    src/content/speakers.ts\n      keynoteSpeakers[0].bio: A short biography will appear here\n');
  });
});

describe('the supplier GSTIN', () => {
  it('is reported when the check character is wrong, though the shape is right', () => {
    expect(badGstin).toMatch(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
    const c = check(production, badGstin);
    expect(c.ready).toBe(false);
    expect(c.blocking).toHaveLength(1);
    expect(c.blocking[0]!.subject).toBe('src/content/invoicing.ts');
    expect(c.blocking[0]!.message).toContain(badGstin);
    expect(c.blocking[0]!.message).toContain('check character');
  });

  it('is reported when it names another state than the supplier state code', () => {
    const other = `27ABCDE1234F1Z${gstinCheckCharacter('27ABCDE1234F1Z')}`;
    const c = check(production, other);
    expect(c.blocking).toEqual([{ kind: 'content', subject: 'src/content/invoicing.ts', message: expect.stringContaining('state code 29') }]);
  });

  it('passes in lower case too (isValidGstin trims and upper-cases)', () => {
    expect(check(production, ` ${validGstin.toLowerCase()} `).blocking).toEqual([]);
  });
});

describe('each rule on its own', () => {
  const short = 'x'.repeat(MIN_SECRET_LENGTH - 1);
  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    ['RAZORPAY_KEY_ID', { RAZORPAY_KEY_ID: 'rzp_test_MadeUpKey12345' }, /test key/],
    ['RAZORPAY_KEY_ID', { RAZORPAY_KEY_ID: 'live_MadeUpKey12345' }, /^malformed/],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'plain-made-up-password' }, /must not be set/],
    ['ADMIN_JWT_SECRET', { ADMIN_JWT_SECRET: short }, new RegExp(`at least ${MIN_SECRET_LENGTH}`)],
    ['TICKET_SIGNING_KEY', { TICKET_SIGNING_KEY: short }, new RegExp(`at least ${MIN_SECRET_LENGTH}`)],
    ['RAZORPAY_WEBHOOK_SECRET', { RAZORPAY_WEBHOOK_SECRET: short }, new RegExp(`at least ${MIN_SECRET_LENGTH}`)],
    ['ADMIN_JWT_SECRET', { ADMIN_JWT_SECRET: devDefaults.ADMIN_JWT_SECRET }, /dev default/],
    ['TICKET_SIGNING_KEY', { TICKET_SIGNING_KEY: devDefaults.TICKET_SIGNING_KEY }, /dev default/],
    ['PASSPORT_DATA_KEY', { PASSPORT_DATA_KEY: devDefaults.PASSPORT_DATA_KEY }, /dev default/],
    ['PASSPORT_DATA_KEY', { PASSPORT_DATA_KEY: 'not-64-hex-characters' }, /^malformed/],
    ['PASSPORT_DATA_KEY', { PASSPORT_DATA_KEY: undefined }, /.+/],
    ['RAZORPAY_KEY_SECRET', { RAZORPAY_KEY_SECRET: devDefaults.RAZORPAY_KEY_SECRET }, /dev default/],
    ['UPSTASH_REDIS_REST_TOKEN', { UPSTASH_REDIS_REST_TOKEN: devDefaults.UPSTASH_REDIS_REST_TOKEN }, /dev default/],
    ['APP_NOW', { APP_NOW: '2025-06-01T10:00:00+05:30' }, /must not be set/],
    ['APP_NOW', { APP_NOW: 'yesterday' }, /must not be set/],
    ['IEEE_ROSTER_FILE', { IEEE_ROSTER_FILE: 'roster.json' }, /must not be set/],
    ['MAIL_OUTBOX_DIR', { MAIL_OUTBOX_DIR: '.data/outbox' }, /must not be set/],
    ['RAZORPAY_API_BASE_URL', { RAZORPAY_API_BASE_URL: 'http://127.0.0.1:5174' }, /must not be set/],
    ['VITE_RAZORPAY_CHECKOUT_URL', { VITE_RAZORPAY_CHECKOUT_URL: 'http://127.0.0.1:5174/checkout.js' }, /must not be set/],
    ['ADMIN_PASSWORD_HASH', { ADMIN_PASSWORD_HASH: 'scrypt$131072$8$1$c2FsdA==$aGFzaA==' }, /^malformed/],
    ['ADMIN_PASSWORD_HASH', { ADMIN_PASSWORD_HASH: 'bcrypt$2b$10$abcdefghijklmnopqrstuv' }, /^malformed/],
    ['UPSTASH_REDIS_REST_URL', { UPSTASH_REDIS_REST_URL: 'http://madeup-lynx-41234.upstash.io' }, /^malformed/],
    ['UPSTASH_REDIS_REST_URL', { UPSTASH_REDIS_REST_URL: 'not a url' }, /^malformed/],
    ['SMTP_URL', { SMTP_URL: 'https://smtp.example.org' }, /^malformed/],
    ['SMTP_URL', { SMTP_URL: 'smtps://:587' }, /^malformed/],
    ['SMTP_URL', { SMTP_URL: 'mailer:password@smtp.example.org' }, /^malformed/],
    ['SMTP_URL', { SMTP_URL: 'smtp://127.0.0.1:1025' }, /this computer/],
    ['MAIL_FROM', { MAIL_FROM: 'Registration desk' }, /^malformed/],
    ['MAIL_FROM', { MAIL_FROM: 'a@example.org, b@example.org' }, /^malformed/],
    ['SITE_URL', { SITE_URL: 'http://pesgre2025.example.org' }, /^malformed/],
    ['SITE_URL', { SITE_URL: 'https://localhost:5173' }, /^malformed/],
    ['SITE_URL', { SITE_URL: 'https://pesgre2025.example.org:8443' }, /^malformed/],
    ['SITE_URL', { SITE_URL: 'https://pesgre2025.example.org/register' }, /^malformed/],
    ['IEEE_VERIFY_URL', { IEEE_VERIFY_URL: 'http://membership.example.org/verify' }, /^malformed/],
    ['RAZORPAY_TIMEOUT_MS', { RAZORPAY_TIMEOUT_MS: 'soon' }, /^malformed/],
    ['KEY_PREFIX', { KEY_PREFIX: 'pesgre production' }, /^malformed/],
    // Missing (unset or blank).
    ...(
      [
        'UPSTASH_REDIS_REST_URL',
        'UPSTASH_REDIS_REST_TOKEN',
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
        'ADMIN_PASSWORD_HASH',
        'ADMIN_JWT_SECRET',
        'TICKET_SIGNING_KEY',
        'SMTP_URL',
        'MAIL_FROM',
        'SITE_URL',
      ] as const
    ).flatMap((name): [string, Record<string, string | undefined>, RegExp][] => [
      [name, { [name]: undefined }, /^missing/],
      [name, { [name]: '' }, /^missing/],
    ]),
  ];

  const named = cases.map(([name, change, message]) => ({
    name,
    change,
    message,
    what: Object.entries(change)
      .map(([k, v]) => (v === undefined ? `${k} unset` : `${k}=${JSON.stringify(v)}`))
      .join(' '),
  }));

  it.each(named)('$name: $what is caught, and nothing else', ({ name, change, message }) => {
    const c = check({ ...production, ...change });
    expect(c.ready).toBe(false);
    expect(blockingNames(c)).toEqual([name]);
    expect(c.blocking[0]!.message).toMatch(message);
    // No finding carries the value it is about.
    const output = JSON.stringify(c) + formatCheck(c);
    for (const value of Object.values(change)) if (value) expect(output).not.toContain(value);
    for (const secret of secretValues()) expect(output).not.toContain(secret);
  });

  it('a missing IEEE_VERIFY_URL is a warning, not a blocker', () => {
    const c = check({ ...production, IEEE_VERIFY_URL: undefined, IEEE_VERIFY_KEY: undefined });
    expect(c.ready).toBe(true);
    expect(c.warnings).toEqual([{ kind: 'environment', subject: 'IEEE_VERIFY_URL', message: expect.stringContaining('IEEE-member tiers cannot be verified automatically') }]);
  });

  it('a well-formed KEY_PREFIX is a warning, not a blocker', () => {
    const c = check({ ...production, KEY_PREFIX: 'pesgre:production:' });
    expect(c.ready).toBe(true);
    expect(c.warnings.map((w) => w.subject)).toEqual(['KEY_PREFIX']);
    expect(c.warnings[0]!.message).toContain('pesgre:production:');
  });

  it('warns about one value used for both ADMIN_JWT_SECRET and TICKET_SIGNING_KEY, and about other VITE_ variables', () => {
    const c = check({ ...production, TICKET_SIGNING_KEY: production.ADMIN_JWT_SECRET, VITE_ANALYTICS_ID: 'made-up' });
    expect(c.ready).toBe(true);
    expect(c.warnings.map((w) => w.subject)).toEqual(['TICKET_SIGNING_KEY', 'VITE_ANALYTICS_ID']);
  });

  it('warns about a password hash made with a lower scrypt cost than the hash script uses', async () => {
    const weak = await hashPassword('made-up organiser password', { N: 2 ** 14, r: 8, p: 1 });
    const c = check({ ...production, ADMIN_PASSWORD_HASH: weak });
    expect(c.ready).toBe(true);
    expect(c.warnings.map((w) => w.subject)).toEqual(['ADMIN_PASSWORD_HASH']);
  });

  it('names every problem of a variable once, its first', () => {
    const c = check({ ...production, RAZORPAY_WEBHOOK_SECRET: devDefaults.RAZORPAY_WEBHOOK_SECRET });
    expect(blockingNames(c)).toEqual(['RAZORPAY_WEBHOOK_SECRET']);
  });

  it('recognises sender addresses with nodemailer’s parser', () => {
    expect(isSenderAddress('PESGRE 2025 <registration@example.org>')).toBe(true);
    expect(isSenderAddress('"PESGRE 2025, Dharwad" <registration@example.org>')).toBe(true);
    expect(isSenderAddress('registration@example.org')).toBe(true);
    expect(isSenderAddress('registration@')).toBe(false);
    expect(isSenderAddress('Team: a@example.org, b@example.org;')).toBe(false);
  });
});

describe('no secret value in the printed output', () => {
  it('holds for the text and the JSON report of the CLI', async () => {
    const file = path.join(dir, 'production.env');
    await writeFile(file, envFile(production));
    const text = await cli(['--vars', file]);
    const json = await cli(['--vars', file, '--json']);
    for (const out of [text, json]) {
      for (const secret of secretValues()) {
        expect(out.stdout).not.toContain(secret);
        expect(out.stderr).not.toContain(secret);
      }
    }
    // Only the content can block with these values (the repository may still hold sample items).
    const report = JSON.parse(json.stdout) as ProductionCheck;
    expect(report.blocking.filter((f) => f.kind !== 'sample')).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(json.code).toBe(report.ready ? 0 : 1);
    expect(text.code).toBe(json.code);
    expect(text.stdout).toContain('Webhook URL    https://pesgre2025.example.org/api/payment/webhook');
    expect(text.stdout).toContain('Secret         the value of RAZORPAY_WEBHOOK_SECRET');
  }, 60_000);

  it('exits 0 with a complete set of made-up production values and no sample content', async () => {
    const file = path.join(dir, 'complete.env');
    await writeFile(file, envFile(production));
    const printed: string[] = [];
    const errors: string[] = [];
    const code = runCheck(['--vars', file], { content: { sampleItems: [], supplierGstin: validGstin, supplierStateCode: '29' }, print: (t) => printed.push(t), printError: (t) => errors.push(t) });
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(printed.join('\n')).toMatch(/^READY: nothing blocks going live\.$/m);
    for (const secret of secretValues()) expect(printed.join('\n')).not.toContain(secret);
    // The same values with the repository's own content: its sample items block, and only they.
    const withSamples = runCheck(['--vars', file, '--json'], { print: (t) => printed.push(t), printError: (t) => errors.push(t) });
    const report = JSON.parse(printed.at(-1)!) as ProductionCheck;
    expect(withSamples).toBe(report.blocking.length ? 1 : 0);
    expect(report.blocking.every((f) => f.kind === 'sample')).toBe(true);
  });

  it('refuses an env file that cannot be read, naming it, without a report', async () => {
    const absent = path.join(dir, 'absent.env');
    const { code, stdout, stderr } = await cli(['--vars', absent]);
    expect(code).toBe(2);
    expect(stderr).toContain(`Cannot read the env file ${absent}`);
    expect(stdout).toBe('');
  }, 60_000);

  it('exits with 2 and a usage line for an unknown option', async () => {
    const { code, stdout, stderr } = await cli(['--env', 'x.env']);
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: npm run check:production');
    expect(stdout).toBe('');
  }, 60_000);
});

describe('where the rules come from', () => {
  it('lists the webhook events the webhook acts on (the list netlify/server/orders/webhook.ts dispatches by)', () => {
    expect(WEBHOOK_EVENTS).toBe(HANDLED_EVENTS);
    expect([...WEBHOOK_EVENTS].sort()).toEqual(['order.paid', 'payment.authorized', 'payment.captured', 'payment.downtime.resolved', 'payment.downtime.started', 'payment.downtime.updated', 'refund.failed', 'refund.processed']);
  });

  it('takes the webhook path from the webhook function', () => {
    expect(WEBHOOK_PATH).toBe('/api/payment/webhook');
  });

  it('warns when the env file lies inside the repository', () => {
    expect(envFileWarning(path.join(root, 'production.env'), root)?.message).toContain('inside the repository');
    expect(envFileWarning(path.join(root, '..', 'pesgre-production.env'), root)).toBeNull();
  });

  it('docs/deployment.md documents every variable of the server schema', async () => {
    const doc = await readFile(path.join(root, 'docs/deployment.md'), 'utf8');
    for (const name of Object.keys(envSchema.shape)) expect(doc).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });
});
