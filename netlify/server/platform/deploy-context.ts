/**
 * The deploy context a function runs in (decision 001;
 * docs/deployment.md#the-deploy-context): `production`, `deploy-preview`, `branch-deploy` or `dev`.
 *
 * Netlify does not give functions its build variable `CONTEXT` at run time (of its read-only
 * variables only URL, SITE_NAME and SITE_ID reach them); a Functions v2 handler reads the deploy
 * context from its second argument, `context.deploy.context`. The endpoint and scheduled-function
 * wrappers (netlify/server/platform/http.ts) run each invocation inside `withDeployContext()`, so the key
 * prefix (store.ts) and the production guards (clock, admin password, membership roster, e-mail
 * outbox, site URL) read it here without it being passed through every call.
 *
 * Fail closed: an invocation whose context is missing, empty or unknown runs under production
 * rules and production keys. The relaxations for local work (a pinned clock, a plain admin
 * password, a local roster, an .eml outbox) need the explicit `dev` context, which `npm start`'s
 * runtime passes, and Netlify's CLI too (`netlify dev`, `netlify serve`: its proxy sets it).
 * Scripts and tests that call server modules outside any invocation name their context with
 * `setContextOutsideInvocations()`; on Netlify nothing calls it.
 *
 * Why AsyncLocalStorage rather than an argument: the prefix is read by every key builder, deep
 * in every module; threading a context through all of them would touch every call. See
 * docs/decisions/001-deploy-context-at-run-time.md.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The deploy contexts Netlify names (https://docs.netlify.com/site-deploys/overview/#deploy-contexts). */
export const DEPLOY_CONTEXTS = ['production', 'deploy-preview', 'branch-deploy', 'dev'] as const;

export type DeployContext = (typeof DEPLOY_CONTEXTS)[number];

const invocation = new AsyncLocalStorage<DeployContext>();
let outsideInvocations: DeployContext | undefined;

/**
 * The context named by `name` (Netlify's `context.deploy.context`): one of DEPLOY_CONTEXTS, or
 * `production` for anything else (undefined, empty, a value this code does not know).
 */
export function deployContextOf(name: string | undefined | null): DeployContext {
  return (DEPLOY_CONTEXTS as readonly string[]).includes(name ?? '') ? (name as DeployContext) : 'production';
}

/**
 * Runs `fn` with the deploy context `name` (as deployContextOf() reads it) for everything it
 * awaits, and returns its result. Used by the function wrappers, once per invocation.
 */
export function withDeployContext<T>(name: string | undefined | null, fn: () => T): T {
  return invocation.run(deployContextOf(name), fn);
}

/**
 * The current deploy context: the invocation's, else the one a script or test set for code
 * outside invocations, else `production` (fail closed).
 */
export function deployContext(): DeployContext {
  return invocation.getStore() ?? outsideInvocations ?? 'production';
}

/**
 * True unless the current deploy context is `dev`: production rules apply on production, on
 * deploy previews and branch deploys (which build untrusted branches and are public), and
 * wherever the context is unknown.
 */
export function productionRules(): boolean {
  return deployContext() !== 'dev';
}

/**
 * Names the deploy context of server code that runs outside any function invocation: scripts
 * (seed-coupons, lift-limits, the benches) and test files that call server modules directly.
 * `undefined` forgets it (fail closed again). Never called by a function.
 */
export function setContextOutsideInvocations(name: DeployContext | undefined): void {
  outsideInvocations = name;
}

/**
 * `fn` bound to the deploy context current at this call, for work that runs later from another
 * async context: a streamed response body is pulled by whoever reads the response, after the
 * handler has returned, and must still build its keys with the invocation's prefix.
 */
export function bindDeployContext<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const context = deployContext();
  return (...args: A) => invocation.run(context, () => fn(...args));
}
