/**
 * The wizard's parts that are not needed to show its first step (docs/performance.md#budgets): one
 * chunk (late-steps.ts) with steps 2 to 9, the admin's country select and the payment flow.
 * WizardForm prefetches it on the form's first focus or press, so a delegate reaches step 2 with it
 * long loaded.
 *
 * The steps are rendered straight from the loaded module (useLateParts), not through React.lazy:
 * a lazy component suspends on its first render even when its chunk is already here, and React
 * then keeps the fallback on screen for at least 300 ms, so pressing Next would show "Loading..."
 * and a form without its fields for that long. Only the country select, which step 1 shows to an
 * admin or an international delegate, stays a lazy component.
 */
import { lazy, useEffect, useState } from 'react';
import { loadOnce } from '../../../lib/lazy-resolver';
import type * as LateSteps from './late-steps';

/** The late chunk's exports. */
export type LateParts = typeof LateSteps;

let loaded: LateParts | null = null;

/** Fetches the late chunk once (a failed fetch is retried on the next call); resolves to its exports. */
export const loadLateParts = loadOnce(() =>
  import('./late-steps').then((module) => {
    loaded = module;
    return module;
  }),
);

/** What a step shows when the late chunk could not be fetched (with a Try again button). */
export const STEP_LOAD_FAILED = 'This step could not be loaded: the page lost its connection. Please check your connection and try again.';

/** The late chunk when loaded; else whether its fetch failed, and a retry. */
export type LatePartsState = { parts: LateParts; failed: false; retry: () => void } | { parts: null; failed: boolean; retry: () => void };

/**
 * The late chunk for a render: its exports at once when it is loaded; else, when `needed`, starts
 * fetching it and renders again once it arrives (or failed). `retry` fetches it again. Some
 * browsers keep a failed module fetch for the page's lifetime, so a retry that fails too loads
 * the page afresh: the form is saved in the browser after every step, so nothing is lost.
 */
export function useLateParts(needed: boolean): LatePartsState {
  const [, setArrived] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed || loaded || failed) return;
    let active = true;
    loadLateParts().then(
      () => active && setArrived((n) => n + 1),
      () => {
        if (!active) return;
        if (attempt > 0) window.location.reload();
        else setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [needed, failed, attempt]);
  const retry = () => {
    setAttempt((n) => n + 1);
    setFailed(false);
  };
  return loaded ? { parts: loaded, failed: false, retry } : { parts: null, failed, retry };
}

export const CountrySelectField = lazy(() => loadLateParts().then((m) => ({ default: m.CountrySelectField })));
