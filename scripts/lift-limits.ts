/**
 * Lifts the rate limits of one client address at once (docs/operations.md):
 *
 *   npm run limits:lift -- --address 203.0.113.7                 every group and admin sign-in
 *   npm run limits:lift -- --address 203.0.113.7 --group create-order
 *
 * Runs against the Upstash database the environment names (UPSTASH_REDIS_REST_URL / _TOKEN) under
 * the keys of the deploy context `--context` names (required there: `--context production` for
 * the live site; scripts/store-target.ts), else the local `npm start` stack. The address is the
 * one Netlify saw (the delegate's public IP, as "what is my IP" sites show it).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { liftLoginLimit } from '../netlify/server/auth';
import { RATE_LIMITS, liftLimit, type RateLimitName } from '../netlify/server/platform/rate-limit';
import { CONTEXT_USAGE, contextOption, storeTargetOrExit } from './store-target';

/** The groups `lift-limits` knows: every RATE_LIMITS group and 'login' (admin sign-in). */
export const LIFTABLE = [...Object.keys(RATE_LIMITS), 'login'] as const;

/** Lifts `groups` (default: all of LIFTABLE) for `address`; returns the groups lifted. Throws RangeError for an unknown group. */
export async function liftLimits(address: string, groups: readonly string[] = LIFTABLE): Promise<string[]> {
  for (const g of groups) if (!(LIFTABLE as readonly string[]).includes(g)) throw new RangeError(`Unknown group '${g}'. Known: ${LIFTABLE.join(', ')}.`);
  for (const g of groups) {
    if (g === 'login') await liftLoginLimit(address);
    else await liftLimit(g as RateLimitName, address);
  }
  return [...groups];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { address: { type: 'string' }, group: { type: 'string', multiple: true }, ...contextOption } });
  const usage = `Usage: npm run limits:lift -- --address <client address> [--group <name>]... [${CONTEXT_USAGE}]`;
  if (!values.address) {
    console.error(usage);
    process.exit(2);
  }
  const { prefix } = storeTargetOrExit(values.context, usage);
  const lifted = await liftLimits(values.address, values.group ?? LIFTABLE);
  console.log(`Lifted for ${values.address} under ${prefix}: ${lifted.join(', ')}.`);
}
