/**
 * The server's clock. Business rules take `now` as an argument; handlers get it here.
 * APP_NOW pins it for local runs and tests (so an Early Bird flow can be exercised after the
 * real date has passed); production ignores APP_NOW.
 */
import { env, isProduction } from './env';

/** The current instant, or APP_NOW outside production. */
export function now(): Date {
  const e = env();
  if (e.APP_NOW && !isProduction(e)) return new Date(e.APP_NOW);
  return new Date();
}
