/**
 * Clock hooks for the home page. The components never read the clock themselves: they take the
 * `Date` these hooks supply and hand it to the pure functions of src/shared/schedule.ts, so the
 * e2e tests control time through Playwright's page.clock.
 */
import { useSyncExternalStore } from 'react';

/**
 * The current time, refreshed every `intervalMs` (ticks aligned to whole multiples of it). On a
 * prerendered page the first (hydration) render sees the page's render time and the clock takes
 * over right after hydration: src/lib/clock.ts.
 */
export { useNow } from '../../lib/clock';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const media = window.matchMedia(reducedMotionQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True while the user asks for reduced motion (then nothing on the page moves by itself). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}
