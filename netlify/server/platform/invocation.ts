/**
 * What the current function invocation offers work that outlives its answer: the request's
 * origin (where this deploy's other functions answer) and Netlify's `context.waitUntil`. The
 * function wrappers (http.ts endpoint() and scheduled()) open it once per invocation; server code
 * deep in a call (confirm.ts handing off an e-mail, decision 053) reads it without it being passed
 * through every service call, as the deploy context is (decision 001).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Invocation {
  /** The request's origin, e.g. `https://pesgre2025.example.org` (no trailing slash). */
  origin: string;
  /** Netlify's context.waitUntil, bound: keeps the invocation alive for `promise` after the answer. Absent when the caller gave none. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

const current = new AsyncLocalStorage<Invocation>();

/** The part of the handler's context read here (Netlify's Context: waitUntil is a method of it). */
export interface WaitUntilContext {
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** Runs `fn` as the invocation of `req` with `context`'s waitUntil (when it has one). */
export function withInvocation<T>(req: Request, context: WaitUntilContext | undefined, fn: () => T): T {
  const wait = context?.waitUntil;
  let origin = '';
  try {
    origin = new URL(req.url).origin;
  } catch {
    // A request without an absolute URL (never from Netlify): no origin, the site's address is used.
  }
  return current.run({ origin, ...(wait ? { waitUntil: (p: Promise<unknown>) => wait.call(context, p) } : {}) }, fn);
}

/** The current invocation, or undefined outside one (a script, a test calling a service directly). */
export function currentInvocation(): Invocation | undefined {
  return current.getStore();
}
