/**
 * Which store and deploy context a maintenance script (seed-coupons, lift-limits) works on
 *. Scripts run outside any function invocation, so they must say which deploy
 * context's keys they mean; otherwise the server's fail-closed default (production) would apply.
 *
 *  - UPSTASH_REDIS_REST_URL set (a real Upstash database): `--context` is required, so coupons
 *    meant for the live site land under `pesgre:production:`, where its functions look, and a
 *    preview's under `pesgre:deploy-preview:`. KEY_PREFIX, when set, overrides the prefix, as it
 *    does for the functions.
 *  - Not set: the running `npm start` stack (its bridge, its KEY_PREFIX), context `dev` unless
 *    `--context` names another.
 */
import { DEPLOY_CONTEXTS, deployContextOf, setContextOutsideInvocations, type DeployContext } from '../netlify/server/platform/deploy-context';
import { keyPrefix } from '../netlify/server/platform/store';
import { localConfig } from './local-config';

/** The `--context` option as node:util parseArgs takes it. */
export const contextOption = { context: { type: 'string' } } as const;

export const CONTEXT_USAGE = `--context ${DEPLOY_CONTEXTS.join('|')}`;

/**
 * Points the server modules at the store and deploy context the script is run for (filling
 * process.env and naming the context for code outside invocations), and returns the context and
 * the key prefix it resolves to (for the script's own messages).
 * Throws RangeError (the caller prints it with its usage) when `--context` names no deploy
 * context, or is missing while UPSTASH_REDIS_REST_URL names a real database.
 */
export function useStoreTarget(contextArg: string | undefined): { context: DeployContext; prefix: string } {
  const env = process.env;
  if (contextArg !== undefined && deployContextOf(contextArg) !== contextArg) {
    throw new RangeError(`Unknown deploy context '${contextArg}'. Use ${CONTEXT_USAGE}.`);
  }
  const remote = Boolean(env.UPSTASH_REDIS_REST_URL);
  if (remote && contextArg === undefined) {
    throw new RangeError(`UPSTASH_REDIS_REST_URL names a database: say which deploy context's keys to use with ${CONTEXT_USAGE} (the live site is production).`);
  }
  if (!remote) {
    // The running `npm start` stack: fill what is missing with its settings.
    const cfg = localConfig(env);
    env.UPSTASH_REDIS_REST_URL = `http://127.0.0.1:${cfg.bridgePort}`;
    env.UPSTASH_REDIS_REST_TOKEN ||= cfg.bridgeToken;
    env.KEY_PREFIX ||= cfg.keyPrefix;
  }
  // The server's environment schema wants the Razorpay variables even where a script never pays.
  const cfg = localConfig(env);
  env.RAZORPAY_KEY_ID ||= cfg.keyId;
  env.RAZORPAY_KEY_SECRET ||= cfg.keySecret;
  env.RAZORPAY_WEBHOOK_SECRET ||= cfg.webhookSecret;
  const context = (contextArg as DeployContext | undefined) ?? 'dev';
  setContextOutsideInvocations(context);
  return { context, prefix: keyPrefix() };
}

/**
 * useStoreTarget for a script's command line: on a RangeError (no or an unknown `--context`) it
 * prints the message and `usage` and exits with 2; anything else is thrown.
 */
export function storeTargetOrExit(contextArg: string | undefined, usage: string): { context: DeployContext; prefix: string } {
  try {
    return useStoreTarget(contextArg);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    console.error(`${err.message}\n${usage}`);
    process.exit(2);
  }
}
