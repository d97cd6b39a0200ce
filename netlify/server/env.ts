/**
 * Server configuration, parsed once with zod (ARCHITECTURE: environment variables).
 * A missing or malformed variable fails with a message naming it; the functions turn that
 * into a 500 without internals and log the names.
 */
import { z } from 'zod';

const schema = z.object({
  UPSTASH_REDIS_REST_URL: z.url(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1),
  RAZORPAY_KEY_ID: z.string().min(1),
  RAZORPAY_KEY_SECRET: z.string().min(1),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1),
  /** Base URL of the Razorpay API; unset means Razorpay's own. Tests and npm start point it at the double. */
  RAZORPAY_API_BASE_URL: z.url().optional(),
  /** Netlify's deploy context (production, deploy-preview, branch-deploy, dev). */
  CONTEXT: z.string().optional(),
  /** Redis key prefix; defaults to one per deploy context so previews never touch production data. */
  KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]*$/).optional(),
  IEEE_VERIFY_URL: z.url().optional(),
  IEEE_VERIFY_KEY: z.string().optional(),
  /** Local roster of IEEE member numbers, used when IEEE_VERIFY_URL is unset (never in production). */
  IEEE_ROSTER_FILE: z.string().optional(),
  /** Pinned clock for local runs and tests (ISO instant); ignored in production. */
  APP_NOW: z.iso.datetime({ offset: true }).optional(),
});

export type Env = z.infer<typeof schema>;

export class ConfigError extends Error {
  constructor(public readonly variables: string[]) {
    super(`Missing or invalid environment variables: ${variables.join(', ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The parsed environment. Throws ConfigError naming every missing or invalid variable.
 * Parsed on every call (microseconds) so a changed process.env is always seen.
 */
export function env(): Env {
  const blankAsUnset = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(blankAsUnset);
  if (!parsed.success) {
    throw new ConfigError([...new Set(parsed.error.issues.map((i) => String(i.path[0])))]);
  }
  return parsed.data;
}

/** True on Netlify's production context, where local stand-ins and clock overrides are refused. */
export function isProduction(e: Env = env()): boolean {
  return e.CONTEXT === 'production';
}
