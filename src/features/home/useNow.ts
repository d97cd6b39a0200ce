/**
 * Clock hooks for the home page. The components never read the clock themselves: they take the
 * `Date` these hooks supply and hand it to the pure functions of src/shared/schedule.ts, so the
 * e2e tests control time through Playwright's page.clock.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The current time, refreshed every `intervalMs`. Ticks are aligned to whole multiples of the
 * interval (for 1000 ms: just after each full second), so a countdown never skips or repeats a
 * second through timer drift.
 */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const delay = intervalMs - (Date.now() % intervalMs);
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, delay);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [intervalMs]);
  return now;
}

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
