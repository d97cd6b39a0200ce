/**
 * Server configuration, parsed once per process with zod (docs/deployment.md#2-environment-variables).
 * A missing or malformed variable fails with a message naming it; the functions turn that
 * into a 500 without internals and log the names.
 */
import { z } from 'zod';
import { productionRules } from './deploy-context';

/**
 * Every variable the functions read, with its shape. Exported for `npm run check:production`
 * (scripts/check-production.ts), which checks an environment against it before going live.
 */
export const envSchema = z.object({
  UPSTASH_REDIS_REST_URL: z.url(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1),
  RAZORPAY_KEY_ID: z.string().min(1),
  RAZORPAY_KEY_SECRET: z.string().min(1),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1),
  /** Base URL of the Razorpay API; unset means Razorpay's own. Tests and npm start point it at the double. */
  RAZORPAY_API_BASE_URL: z.url().optional(),
  /** How long one Razorpay API call may take, in ms (default 15000). */
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** The most calls the site's background work makes to Razorpay per minute (razorpay-guard.ts, default 60). */
  RAZORPAY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(6_000).default(60),
  /** How long the Razorpay circuit stays open before one call may test it again, in ms (razorpay-guard.ts, default 60000). */
  RAZORPAY_CIRCUIT_HALF_OPEN_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  // No CONTEXT: Netlify gives functions the deploy context in their invocation context, not in
  // the environment (netlify/server/platform/deploy-context.ts).
  /** Redis key prefix; defaults to one per deploy context so previews never touch production data. */
  KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]*$/).optional(),
  IEEE_VERIFY_URL: z.url().optional(),
  IEEE_VERIFY_KEY: z.string().optional(),
  /** Local roster of IEEE member numbers, used when IEEE_VERIFY_URL is unset, in the `dev` deploy context only. */
  IEEE_ROSTER_FILE: z.string().optional(),
  /**
   * '1': the `dev` deploy context skips the local roster and queues IEEE member numbers for an
   * admin, as production does without IEEE_VERIFY_URL (decision 013: tests and npm start try that path).
   */
  IEEE_MEMBERSHIP_QUEUE: z.enum(['0', '1']).optional(),
  /** Pinned clock for local runs and tests (ISO instant); honoured only in the `dev` deploy context. */
  APP_NOW: z.iso.datetime({ offset: true }).optional(),
  // The admin area, tickets and e-mail. All optional here so the payment functions run without
  // them; the functions that need one call requireEnv(), which names it when it is missing.
  /** Admin password hash, `scrypt$N$r$p$saltBase64$hashBase64` (npm run admin:hash-password). */
  ADMIN_PASSWORD_HASH: z.string().optional(),
  /** Plain admin password, accepted only in the `dev` deploy context (npm start's dev default). */
  ADMIN_PASSWORD: z.string().optional(),
  /** HS256 key of the admin session tokens, at least 32 characters. */
  ADMIN_JWT_SECRET: z.string().optional(),
  /** HMAC key of the ticket QR codes, at least 32 characters. Changing it invalidates every ticket. */
  TICKET_SIGNING_KEY: z.string().optional(),
  /**
   * AES-256-GCM key of the passport data of visa-letter requests (decision 016): 32 bytes as 64 hex
   * characters. Without it the visa-letter functions answer 500 and store nothing.
   */
  PASSPORT_DATA_KEY: z.string().optional(),
  /** SMTP server for the confirmation e-mails, e.g. smtps://user:pass@smtp.example.org:465. */
  SMTP_URL: z.string().optional(),
  /** Sender of the confirmation e-mails, e.g. `PESGRE 2025 <registration@example.org>`. */
  MAIL_FROM: z.string().optional(),
  /** Where messages are written when SMTP_URL is unset in the `dev` deploy context (default .data/outbox). */
  MAIL_OUTBOX_DIR: z.string().optional(),
  /** The site's public address for links in e-mails, e.g. https://pesgre2025.example.org. */
  SITE_URL: z.url().optional(),
  /** Netlify's main site URL (set by the platform); used when SITE_URL is unset. */
  URL: z.url().optional(),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(public readonly variables: string[]) {
    super(`Missing or invalid environment variables: ${variables.join(', ')}`);
    this.name = 'ConfigError';
  }
}

let parsed: Env | undefined;
let parses = 0;

/**
 * The parsed environment, frozen. Throws ConfigError naming every missing or invalid variable.
 * Parsed once per process and kept (a function instance's environment does not change while it
 * runs): parsing on every call cost 47 % of the registrations list's CPU, which builds a key per
 * registration. A failed parse is not kept, so a fixed variable is seen on the next call.
 * Code that changes process.env after a function has run (tests, scripts) calls resetEnv().
 */
export function env(): Env {
  if (parsed) return parsed;
  parses++;
  const blankAsUnset = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(blankAsUnset);
  if (!result.success) {
    throw new ConfigError([...new Set(result.error.issues.map((i) => String(i.path[0])))]);
  }
  parsed = Object.freeze(result.data);
  return parsed;
}

/**
 * Forgets the parsed environment, so the next env() reads process.env again. For tests and
 * scripts that change process.env while the process runs (tests/setup/function-env.ts calls it
 * on every change); production never needs it.
 */
export function resetEnv(): void {
  parsed = undefined;
}

/** How many times this process has parsed the environment (npm run bench reports it). */
export function envParseCount(): number {
  return parses;
}

type OptionalString = { [K in keyof Env]-?: Env[K] extends string | undefined ? K : never }[keyof Env];

/**
 * The value of an optional variable a function cannot do without (e.g. ADMIN_JWT_SECRET for the
 * admin endpoints). Throws ConfigError naming it when unset or blank, which the endpoint wrapper
 * logs and answers with a plain 500.
 */
export function requireEnv(name: OptionalString, e: Env = env()): string {
  const value = e[name];
  if (typeof value !== 'string' || value === '') throw new ConfigError([name]);
  return value;
}

/** Shortest accepted HMAC key (ADMIN_JWT_SECRET, TICKET_SIGNING_KEY): 32 characters, 256 bits of ASCII. */
export const MIN_SECRET_LENGTH = 32;

/** PASSPORT_DATA_KEY's form: the AES-256 key as 64 hex characters (32 bytes; decision 016). */
export const PASSPORT_DATA_KEY_PATTERN = /^[0-9a-fA-F]{64}$/;

/**
 * The value of secret `name`, which must be set and at least MIN_SECRET_LENGTH characters long;
 * throws ConfigError naming it otherwise. Here, not in auth.ts: the admin sessions and the
 * tickets (tickets.ts) both sign with one, and server modules never borrow from a service.
 */
export function requireSecret(name: 'ADMIN_JWT_SECRET' | 'TICKET_SIGNING_KEY'): string {
  const value = requireEnv(name);
  if (value.length < MIN_SECRET_LENGTH) throw new ConfigError([name]);
  return value;
}

/** The site's public base address without a trailing slash: SITE_URL, else Netlify's URL, else (in the `dev` deploy context only) the local dev address. */
export function siteUrl(e: Env = env()): string {
  const url = e.SITE_URL ?? e.URL ?? (productionRules() ? undefined : 'http://localhost:5173');
  if (!url) throw new ConfigError(['SITE_URL']);
  return url.replace(/\/$/, '');
}
