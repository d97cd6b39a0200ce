/**
 * react-hook-form resolvers whose validation code is fetched when a form first needs it (bundle budget). The rules stay where they are (the zod schemas in src/shared, run through
 * @hookform/resolvers' zodResolver exactly as before); only *when* the browser downloads them
 * changes: not at first load, but on the form's first focus or pointer press (prefetch) and at
 * the latest on its first validation, which react-hook-form already awaits (resolvers are async).
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export { loadOnce, prefetchOnInteraction, VALIDATION_LOAD_FAILED } from './load-once';

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
