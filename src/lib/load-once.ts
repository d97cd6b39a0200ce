/**
 * Code fetched on first use (docs/performance.md#budgets): a module loader that runs once, and the loaders of the shared request schemas that
 * pages which check a form before sending it need only when the visitor first submits. Kept apart
 * from lazy-resolver.ts because that module's chunk carries react-hook-form, which the pages using
 * these loaders do not load.
 */

import type * as Pay from './pay';

/** Shown when the validation code could not be fetched (offline, a deploy replaced the chunk). */
export const VALIDATION_LOAD_FAILED = 'The form could not be checked: the page lost its connection. Please check your connection and try again.';

/** A module loader that runs once: later calls share its promise, and a failed load is retried on the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/**
 * Event handlers for a <form> that start fetching its validation code when the user first
 * focuses a control or presses on it, so the first Next/Submit finds it loaded. Never on idle:
 * a visitor who only reads the page downloads nothing more. Spread onto the form element.
 */
export function prefetchOnInteraction(prefetch: () => Promise<unknown>): { onFocus: () => void; onPointerDown: () => void } {
  const start = () => void prefetch().catch(() => undefined);
  return { onFocus: start, onPointerDown: start };
}

/**
 * The API's request schemas (src/shared/api.ts, zod): the same rules the functions apply,
 * fetched on a form's first focus or submit rather than with the page (zod's core is about 14 KB
 * gzipped). Rejects when the chunk cannot be fetched (offline, replaced by a deploy).
 */
export const loadRequestSchemas = loadOnce(() => import('../shared/api'));

/** The visa-letter request schema (src/shared/visa-letters.ts), on first use as loadRequestSchemas. */
export const loadVisaLetterSchemas = loadOnce(() => import('../shared/visa-letters'));

/**
 * The browser side of paying an order (src/lib/pay.ts and Checkout's loader), for the wizard and
 * the self-service pages: fetched when the visitor starts on the form or an order is made, not
 * with the page (docs/performance.md#budgets). Rejects when the chunk cannot be fetched.
 */
export const loadPay = loadOnce(() => import('./pay'));

/** payWithCheckout (src/lib/pay.ts) once its code is here; null when it could not be fetched (offline, replaced by a deploy). */
export async function checkoutPayer(): Promise<typeof Pay.payWithCheckout | null> {
  try {
    return (await loadPay()).payWithCheckout;
  } catch {
    return null;
  }
}
