/**
 * Clock hooks for the home page. The components never read the clock themselves: they take the
 * `Date` these hooks supply and hand it to the pure functions of src/shared/schedule.ts, so the
 * e2e tests control time through Playwright's page.clock.
 */
import { useState, useSyncExternalStore } from 'react';
import { useNow } from '../../lib/clock';

/**
 * The current time, refreshed every `intervalMs` (ticks aligned to whole multiples of it). On a
 * prerendered page the first (hydration) render sees the page's render time and the clock takes
 * over right after hydration: src/lib/clock.ts.
 */
export { useNow };

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

/**
 * The time a countdown shows (WCAG 2.2.2 Pause, Stop, Hide; issue 21): the clock, refreshed each
 * second (spec part 1 section 4), until the user pauses it; then the moment of the pause. With
 * prefers-reduced-motion it starts paused at the time the page was shown; the button resumes it.
 */
export function useCountdownNow(): { now: Date; paused: boolean; toggle: () => void } {
  // False while hydrating (the server's snapshot), so the hydration render shows the render time
  // like the prerendered HTML; paused from the first render after it.
  const reducedMotion = useReducedMotion();
  const live = useNow(1000);
  const [choice, setChoice] = useState<{ paused: boolean; at: Date } | null>(null);
  // When the block was put on screen: what a countdown paused by reduced motion shows.
  const [shownAt] = useState(() => new Date());
  const paused = choice ? choice.paused : reducedMotion;
  return {
    now: paused ? (choice?.at ?? shownAt) : live,
    paused,
    toggle: () => setChoice(paused ? { paused: false, at: live } : { paused: true, at: live }),
  };
}
