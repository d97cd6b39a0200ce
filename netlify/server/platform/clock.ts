/**
 * The server's clock. Business rules take `now` as an argument; handlers get it here.
 * APP_NOW pins it for local runs and tests (so an Early Bird flow can be exercised after the
 * real date has passed); only the `dev` deploy context honours it (deploy-context.ts: fail closed).
 */
import { productionRules } from './deploy-context';
import { env } from './env';

/** The current instant, or APP_NOW in the `dev` deploy context. */
export function now(): Date {
  const e = env();
  if (e.APP_NOW && !productionRules()) return new Date(e.APP_NOW);
  return new Date();
}
