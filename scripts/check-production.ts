/**
 * `npm run check:production`: the go-live check. Reads a production environment and
 * the content, and prints what still blocks going live, what deserves a look, and what to set up
 * in Razorpay's Dashboard:
 *
 *   npm run check:production -- --vars ../pesgre-production.env   # the organisers' file, outside the repository
 *   npm run check:production                                          # the variables of this shell instead
 *   npm run check:production -- --vars FILE --json                # the same report as JSON
 *
 * With --vars only the file is read (the shell's own variables are ignored); it is parsed with
 * Node's util.parseEnv, the parser of `node --env-file`. Exit status: 0 when nothing blocks
 * (warnings alone do not), 1 while anything blocks, 2 for a usage error or an unreadable file.
 * (Not `--env-file`: Node 20 reads that flag even after the script's name and exits with 9,
 * "node: <path>: not found", before this script runs when the file is missing: nodejs/node#54232.)
 *
 * No value of any variable is ever printed, not even partly: findings name the variable and say
 * what is wrong. The only value shown is the webhook URL built from SITE_URL, the site's public
 * address. The supplier's GSTIN, which every invoice prints, is shown when it is wrong.
 *
 * The rules come from the server itself where it has them: the shapes from its zod schema
 * (envSchema, netlify/server/platform/env.ts), the secret minimum (MIN_SECRET_LENGTH, env.ts), the
 * password-hash format from password.ts (parsePasswordHash), the webhook path from the webhook
 * function's config, the GSTIN checksum from src/shared/invoice.ts, the sample content from
 * scripts/content-report.ts. What only production asks for (a live Razorpay key, https
 * addresses, the variables that must stay unset) lives here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, parseEnv } from 'node:util';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { config as webhookFunction } from '../netlify/functions/payment-webhook';
import { MIN_SECRET_LENGTH, PASSPORT_DATA_KEY_PATTERN } from '../netlify/server/platform/env';
import { WEBHOOK_EVENTS } from '../netlify/server/orders/webhook';
import { envSchema, type Env } from '../netlify/server/platform/env';
import { DEFAULT_SCRYPT_PARAMS, parsePasswordHash } from '../netlify/server/platform/password';
import { invoicing } from '../src/content/invoicing';
import { isValidGstin } from '../src/shared/invoice';
import { collectSampleItems, type SampleItem } from './content-report';
import { devDefaults } from './local-config';

/** One thing to fix or to look at. */
export interface Finding {
  /** A variable's value or absence, a content rule (the GSTIN), or an item still marked `sample: true`. */
  kind: 'environment' | 'content' | 'sample';
  /** What it is about: an environment variable's name, or a content file (e.g. src/content/invoicing.ts). */
  subject: string;
  /** What is wrong and what to do, in plain words (for a sample item: where it is and its label). Never contains a variable's value. */
  message: string;
}

/** The Razorpay webhook events the site handles, as netlify/server/orders/webhook.ts defines them. */
export { WEBHOOK_EVENTS };

/** The webhook function's path (netlify/functions/payment-webhook.ts, its config.path). */
export const WEBHOOK_PATH: string = [webhookFunction.path ?? []].flat()[0] ?? '/api/payment/webhook';

/** What to set up in Razorpay's Dashboard, in Live mode. */
export interface RazorpayDashboard {
  /** `${SITE_URL}${WEBHOOK_PATH}`, or null while SITE_URL is missing or wrong. */
  webhookUrl: string | null;
  /** The variable whose value goes into the webhook's Secret field. */
  secretVariable: 'RAZORPAY_WEBHOOK_SECRET';
  /** The Active Events to tick. */
  events: readonly string[];
}

export interface ProductionCheck {
  /** True when nothing blocks. */
  ready: boolean;
  /** Everything that must be fixed before going live. */
  blocking: Finding[];
  /** Worth a look; none of them blocks. */
  warnings: Finding[];
  razorpay: RazorpayDashboard;
}

export interface ProductionInput {
  /** The variables as Netlify will give them to the functions (blank counts as unset, as in env()). */
  env: Readonly<Record<string, string | undefined>>;
  /** Content still marked `sample: true` (collectSampleItems()). */
  sampleItems: readonly SampleItem[];
  /** The supplier's GSTIN printed on every invoice (src/content/invoicing.ts). */
  supplierGstin: string;
  /** The GST state code of the supplier's registration; when given, the GSTIN must start with it. */
  supplierStateCode?: string;
}

type Name = keyof Env;

/** What each variable should hold, in an organiser's words (missing or malformed ones are named with it). */
const EXPECTED: Record<Name, string> = {
  UPSTASH_REDIS_REST_URL: 'the REST URL of the Upstash Redis database (https://...)',
  UPSTASH_REDIS_REST_TOKEN: 'the REST token of the Upstash Redis database',
  RAZORPAY_KEY_ID: 'the Razorpay key id made in Live mode (rzp_live_...)',
  RAZORPAY_KEY_SECRET: 'the key secret that goes with RAZORPAY_KEY_ID',
  RAZORPAY_WEBHOOK_SECRET: `the secret typed into the webhook in Razorpay's Dashboard, at least ${MIN_SECRET_LENGTH} characters`,
  RAZORPAY_API_BASE_URL: 'nothing: leave it unset',
  RAZORPAY_TIMEOUT_MS: 'a whole number of milliseconds from 100 to 60000 (unset means 15000)',
  RAZORPAY_CALLS_PER_MINUTE: 'a whole number from 1 to 6000 (unset means 60)',
  RAZORPAY_CIRCUIT_HALF_OPEN_MS: 'a whole number of milliseconds from 100 to 3600000 (unset means 60000)',
  KEY_PREFIX: 'letters, digits, ":", "_" and "-" (better unset)',
  IEEE_VERIFY_URL: "the https address of IEEE's membership-validation service",
  IEEE_VERIFY_KEY: 'the key of that service',
  IEEE_ROSTER_FILE: 'nothing: leave it unset',
  IEEE_MEMBERSHIP_QUEUE: 'nothing: leave it unset',
  APP_NOW: 'nothing: leave it unset',
  ADMIN_PASSWORD_HASH: 'the line printed by npm run admin:hash-password (scrypt$N$r$p$salt$hash)',
  ADMIN_PASSWORD: 'nothing: leave it unset',
  ADMIN_JWT_SECRET: `at least ${MIN_SECRET_LENGTH} random characters`,
  TICKET_SIGNING_KEY: `at least ${MIN_SECRET_LENGTH} random characters`,
  PASSPORT_DATA_KEY: '64 hex characters (32 random bytes: openssl rand -hex 32); changing it makes stored passport data unreadable',
  SMTP_URL: 'smtps://user:password@host:465 (or smtp://...:587)',
  MAIL_FROM: 'one sender address, optionally with a name: PESGRE 2025 <registration@example.org>',
  MAIL_OUTBOX_DIR: 'nothing: leave it unset',
  SITE_URL: "the site's public https address alone, e.g. https://pesgre2025.example.org",
  URL: 'the address Netlify sets itself',
};

/** Optional in the schema (the payment functions run without them) but needed on the live site. */
const REQUIRED_IN_PRODUCTION: readonly Name[] = ['ADMIN_PASSWORD_HASH', 'ADMIN_JWT_SECRET', 'TICKET_SIGNING_KEY', 'PASSPORT_DATA_KEY', 'SMTP_URL', 'MAIL_FROM', 'SITE_URL'];

/** Variables for local runs and tests only, and why each must stay unset in production. */
const LOCAL_ONLY: Readonly<Record<string, string>> = {
  ADMIN_PASSWORD: 'it is the plain admin password of npm start; production signs in with ADMIN_PASSWORD_HASH alone',
  APP_NOW: 'it pins the clock for local runs and tests',
  IEEE_ROSTER_FILE: 'it names a local roster of IEEE numbers for npm start; production asks IEEE_VERIFY_URL',
  IEEE_MEMBERSHIP_QUEUE: 'it makes npm start and the tests queue IEEE numbers for an admin; production does so by itself without IEEE_VERIFY_URL',
  MAIL_OUTBOX_DIR: 'it is where npm start writes e-mails as files instead of sending them',
  PRERENDER_AT: "it pins the instant the build renders the pages' dates and countdowns at, for tests",
  PRERENDER_SERVER_DIR: "it keeps the prerender's server-side bundle for the end-to-end tests",
  RAZORPAY_API_BASE_URL: 'it points the functions at a stand-in for Razorpay; production talks to Razorpay itself',
  VITE_RAZORPAY_CHECKOUT_URL: "it is built into the page and makes browsers load a stand-in instead of Razorpay's Checkout",
};

/** The secrets with a published dev default (scripts/local-config.ts), which production must not reuse. */
const DEV_DEFAULT_SECRETS = ['UPSTASH_REDIS_REST_TOKEN', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'ADMIN_JWT_SECRET', 'TICKET_SIGNING_KEY', 'PASSPORT_DATA_KEY'] as const satisfies readonly (keyof typeof devDefaults & Name)[];

/** True for an address on this computer (localhost, 127.x, ::1, *.localhost). */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host) || host === '0.0.0.0';
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** True when `value` is one mailbox, `address@domain` or `Name <address@domain>` (nodemailer's own address parser). */
export function isSenderAddress(value: string): boolean {
  const parsed = addressparser(value);
  if (parsed.length !== 1) return false;
  const [entry] = parsed;
  return Boolean(entry && !entry.group && entry.address && z.email().safeParse(entry.address).success);
}

/**
 * The go-live check, without I/O. Takes the environment to check, the content still marked
 * sample and the supplier's GSTIN; returns the blocking findings (each variable at most once,
 * its first problem), the warnings and the Razorpay webhook settings. Throws nothing: every
 * problem is a finding. No finding carries a variable's value.
 *
 * Rules: the server's zod schema (netlify/server/platform/env.ts) for every shape; production needs in
 * addition a live Razorpay key (rzp_live_), https addresses that are not this computer, an admin
 * password hash that parses as auth.ts parses it, ADMIN_JWT_SECRET, TICKET_SIGNING_KEY and
 * RAZORPAY_WEBHOOK_SECRET of MIN_SECRET_LENGTH characters and not npm start's published
 * defaults, SMTP_URL and MAIL_FROM, and none of the local-only variables (LOCAL_ONLY). KEY_PREFIX
 * set, IEEE_VERIFY_URL unset and other VITE_ variables are warnings. Every sample item blocks, and
 * so does a GSTIN that fails its checksum (isValidGstin) or names another state.
 */
export function checkProduction({ env: source, sampleItems, supplierGstin, supplierStateCode }: ProductionInput): ProductionCheck {
  const env: Record<string, string> = Object.fromEntries(Object.entries(source).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  const problems = new Map<string, string>();
  const block = (name: string, message: string) => {
    if (!problems.has(name)) problems.set(name, message);
  };
  const warnings: Finding[] = [];
  const warn = (subject: string, message: string) => warnings.push({ kind: 'environment', subject, message });
  const missing = (name: Name) => block(name, `missing: set it to ${EXPECTED[name]}.`);
  const malformed = (name: Name) => block(name, `malformed: it must be ${EXPECTED[name]}.`);

  // 1. Local-only variables first: "remove it" says more than "malformed".
  for (const [name, why] of Object.entries(LOCAL_ONLY)) {
    if (env[name] !== undefined) block(name, `must not be set in production: ${why}. Remove it.`);
  }

  // 2. The server's own schema: what the functions themselves would refuse.
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as Name;
      if (env[name] === undefined) missing(name);
      else malformed(name);
    }
  }
  for (const name of REQUIRED_IN_PRODUCTION) if (env[name] === undefined) missing(name);

  // 3. What production asks for beyond the schema.
  const httpsAddress = (name: Name, extra?: (url: URL) => boolean) => {
    const value = env[name];
    if (value === undefined) return null;
    const url = parseUrl(value);
    if (!url || url.protocol !== 'https:' || isLocalHost(url.hostname) || (extra && !extra(url))) {
      malformed(name);
      return null;
    }
    return url;
  };
  httpsAddress('UPSTASH_REDIS_REST_URL');
  httpsAddress('IEEE_VERIFY_URL');
  // Razorpay delivers webhooks to public URLs on ports 80 and 443 only; links in e-mails need the bare origin too.
  const site = httpsAddress('SITE_URL', (url) => url.port === '' && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password);

  const keyId = env.RAZORPAY_KEY_ID;
  if (keyId?.startsWith('rzp_test_')) {
    block('RAZORPAY_KEY_ID', "is a Razorpay test key (rzp_test_...): payments would not be real. Use the key made in the Dashboard's Live mode (rzp_live_...), with its RAZORPAY_KEY_SECRET.");
  } else if (keyId !== undefined && !/^rzp_live_[A-Za-z0-9]+$/.test(keyId)) {
    malformed('RAZORPAY_KEY_ID');
  }

  for (const name of DEV_DEFAULT_SECRETS) {
    if (env[name] === devDefaults[name]) block(name, "is npm start's dev default, published in the repository (scripts/local-config.ts): make a new random value.");
  }
  for (const name of ['RAZORPAY_WEBHOOK_SECRET', 'ADMIN_JWT_SECRET', 'TICKET_SIGNING_KEY'] as const) {
    const value = env[name];
    if (value !== undefined && value.length < MIN_SECRET_LENGTH) block(name, `too short: it must be at least ${MIN_SECRET_LENGTH} characters (random ones).`);
  }
  // The visa letters' passport data is sealed with it (decision 016): without a well-formed key the
  // request page answers 500 and nothing can be stored.
  if (env.PASSPORT_DATA_KEY !== undefined && !PASSPORT_DATA_KEY_PATTERN.test(env.PASSPORT_DATA_KEY)) malformed('PASSPORT_DATA_KEY');
  if (env.ADMIN_JWT_SECRET !== undefined && env.ADMIN_JWT_SECRET === env.TICKET_SIGNING_KEY) {
    warn('TICKET_SIGNING_KEY', 'has the same value as ADMIN_JWT_SECRET: give each its own random value.');
  }

  const hash = env.ADMIN_PASSWORD_HASH;
  if (hash !== undefined) {
    const params = parsePasswordHash(hash)?.params;
    if (!params) malformed('ADMIN_PASSWORD_HASH');
    else if (params.N < DEFAULT_SCRYPT_PARAMS.N || params.r < DEFAULT_SCRYPT_PARAMS.r) {
      warn('ADMIN_PASSWORD_HASH', 'was made with a lower scrypt cost than npm run admin:hash-password uses: make a new one with it.');
    }
  }

  const smtp = env.SMTP_URL === undefined ? null : parseUrl(env.SMTP_URL);
  if (env.SMTP_URL !== undefined && (!smtp || !/^smtps?:$/.test(smtp.protocol) || !smtp.hostname)) malformed('SMTP_URL');
  else if (smtp && isLocalHost(smtp.hostname)) block('SMTP_URL', 'points at this computer: use the SMTP server that sends the conference e-mails.');
  if (env.MAIL_FROM !== undefined && !isSenderAddress(env.MAIL_FROM)) malformed('MAIL_FROM');

  // 4. Warnings.
  if (env.KEY_PREFIX !== undefined) {
    warn('KEY_PREFIX', 'is set: leave it unset in production, so the live data stays under the prefix pesgre:production: (the one the functions use for the production deploy context) and deploy previews keep their own.');
  }
  if (env.IEEE_VERIFY_URL === undefined) {
    warn('IEEE_VERIFY_URL', 'is not set: IEEE-member tiers cannot be verified automatically. Member numbers are accepted (format checked) and each paid IEEE-member registration waits as "membership-to-verify" in the admin queue (/admin/verifications) until an organiser checks it on IEEE\'s member validation page. Set it (with IEEE_VERIFY_KEY if the service wants one) when a service exists.');
  }
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITE_') && !(name in LOCAL_ONLY)) warn(name, 'is built into the public JavaScript of the site: make sure it holds nothing secret.');
  }

  const blocking: Finding[] = [...problems].map(([subject, message]) => ({ kind: 'environment', subject, message }));

  // 5. Content.
  if (!isValidGstin(supplierGstin)) {
    blocking.push({ kind: 'content', subject: 'src/content/invoicing.ts', message: `the supplier's GSTIN "${supplierGstin}" is not a valid GSTIN (its format or its check character is wrong): copy it from the GST registration certificate.` });
  } else if (supplierStateCode !== undefined && supplierGstin.trim().slice(0, 2) !== supplierStateCode) {
    blocking.push({ kind: 'content', subject: 'src/content/invoicing.ts', message: `the supplier's GSTIN "${supplierGstin}" does not start with its state code ${supplierStateCode}.` });
  }
  for (const item of sampleItems) {
    blocking.push({ kind: 'sample', subject: item.file, message: `${item.path ? `${item.path}: ` : ''}${item.label}` });
  }

  return {
    ready: blocking.length === 0,
    blocking,
    warnings,
    razorpay: { webhookUrl: site ? `${site.origin}${WEBHOOK_PATH}` : null, secretVariable: 'RAZORPAY_WEBHOOK_SECRET', events: WEBHOOK_EVENTS },
  };
}

/** Where the checked values came from, for the report's first lines. */
export interface ReportSource {
  /** The env file read, or undefined for the shell's environment. */
  envFile?: string;
}

/**
 * The report as plain text for an organiser: Blocking, Warnings, To do in the Razorpay
 * dashboard, and a last line saying whether the site may go live. Takes checkProduction()'s
 * result; prints no variable's value (the findings carry none).
 */
export function formatCheck(check: ProductionCheck, source: ReportSource = {}): string {
  const lines: string[] = ['PESGRE 2025 go-live check'];
  lines.push(`Environment: ${source.envFile ? `the file ${source.envFile}` : 'the variables of this shell'}. Content: src/content.`, '');

  const samples = check.blocking.filter((f) => f.kind === 'sample');
  lines.push(`Blocking (${check.blocking.length})${check.blocking.length ? ': fix each before the site goes live' : ': none'}`);
  for (const f of check.blocking) if (f.kind !== 'sample') lines.push(`  ${f.subject}: ${f.message}`);
  if (samples.length) lines.push(`  Content still marked sample (${samples.length}): replace each with the real text and delete its \`sample: true\``);
  let file = '';
  for (const f of samples) {
    if (f.subject !== file) {
      file = f.subject;
      lines.push(`    ${file}`);
    }
    lines.push(`      ${f.message}`);
  }

  lines.push('', `Warnings (${check.warnings.length})${check.warnings.length ? '' : ': none'}`);
  for (const f of check.warnings) lines.push(`  ${f.subject}: ${f.message}`);

  const { webhookUrl, events, secretVariable } = check.razorpay;
  lines.push(
    '',
    'To do in the Razorpay dashboard',
    '  1. Switch the Dashboard to Live mode: API keys and webhooks are separate for Test and Live mode.',
    '     RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are the pair made there (Accounts & Settings > API Keys).',
    '  2. Accounts & Settings > Webhooks > + Add New Webhook:',
    `       Webhook URL    ${webhookUrl ?? `https://<the site's address>${WEBHOOK_PATH} (set SITE_URL to see it here)`}`,
    `       Secret         the value of ${secretVariable}, exactly`,
    '       Alert email    an organiser who reads it: Razorpay writes there when deliveries fail',
    `       Active events  ${events.join(', ')}`,
    '',
  );
  lines.push(
    check.ready
      ? `READY: nothing blocks going live${check.warnings.length ? ` (${check.warnings.length} warning(s) above)` : ''}.`
      : `NOT READY: ${check.blocking.length} blocking item(s). Fix them and run this check again.`,
  );
  return lines.join('\n');
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A warning when `envFile` lies inside the repository, where it could be committed. */
export function envFileWarning(envFile: string, root: string = repositoryRoot): Finding | null {
  const relative = path.relative(root, path.resolve(envFile));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return { kind: 'environment', subject: envFile, message: 'is inside the repository: keep the production values outside it (e.g. ../pesgre-production.env) so they are never committed.' };
}

const USAGE = 'Usage: npm run check:production -- [--vars <path>] [--json]';

/** The content the check reads: the items still marked sample and the supplier's GSTIN (src/content). */
export interface ContentToCheck {
  sampleItems: readonly SampleItem[];
  supplierGstin: string;
  supplierStateCode?: string;
}

/** The repository's own content. */
export function repositoryContent(): ContentToCheck {
  return { sampleItems: collectSampleItems(), supplierGstin: invoicing.supplier.gstin, supplierStateCode: invoicing.supplier.stateCode };
}

/**
 * The command: parses `argv` (the arguments after the script's name), reads the env file or
 * `shellEnv`, prints the report (text or JSON) with `print` and problems with `printError`, and
 * returns the exit status: 0 when nothing blocks, 1 while anything blocks, 2 for a usage error or
 * an unreadable file. `content` is the repository's unless a test gives its own.
 */
export function runCheck(
  argv: readonly string[],
  { content = repositoryContent(), shellEnv = process.env, print = console.log, printError = console.error }: { content?: ContentToCheck; shellEnv?: Readonly<Record<string, string | undefined>>; print?: (text: string) => void; printError?: (text: string) => void } = {},
): number {
  let values: { vars?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { vars: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (err) {
    printError(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    print(USAGE);
    return 0;
  }
  const envFile = values.vars;
  let env: Readonly<Record<string, string | undefined>> = shellEnv;
  if (envFile !== undefined) {
    try {
      env = parseEnv(readFileSync(envFile, 'utf8'));
    } catch (err) {
      printError(`Cannot read the env file ${envFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n${USAGE}`);
      return 2;
    }
  }
  const check = checkProduction({ env, ...content });
  const fileWarning = envFile === undefined ? null : envFileWarning(envFile);
  if (fileWarning) check.warnings.push(fileWarning);
  print(values.json ? JSON.stringify(check, null, 2) : formatCheck(check, { envFile }));
  return check.ready ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = runCheck(process.argv.slice(2));
}
