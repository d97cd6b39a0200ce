/**
 * react-hook-form resolvers whose validation code is fetched when a form first needs it (issue 10
 * bundle budget). The rules stay where they are (the zod schemas in src/shared, run through
 * @hookform/resolvers' zodResolver exactly as before); only *when* the browser downloads them
 * changes: not at first load, but on the form's first focus or pointer press (prefetch) and at
 * the latest on its first validation, which react-hook-form already awaits (resolvers are async).
 */
import type { FieldValues, Resolver } from 'react-hook-form';

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
 * A resolver that awaits `load()` (run once, see loadOnce) and hands the values to the resolver
 * it yields. Takes the loader; returns a resolver with the loaded one's exact answers (errors,
 * messages, parsed values). A failed load rejects, which react-hook-form passes on from
 * handleSubmit after clearing isSubmitting, so the form stays usable and the next submit retries.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext = unknown, TTransformed = TFieldValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): Resolver<TFieldValues, TContext, TTransformed> {
  return async (values, context, options) => (await load())(values, context, options);
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
