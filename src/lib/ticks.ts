/**
 * The page's ticking clock without a framework: one shared timer per interval, read
 * by React (useNow in clock.ts) and by the home page's islands before React has started
 * (src/features/home/islands), so the countdown a visitor sees before and after React takes over
 * ticks from the same timer and never twice. Time is `new Date()`: the browser's clock, which the
 * end-to-end tests pin with Playwright's page.clock. Browser only.
 */

/** A clock that changes every `intervalMs`: subscribe to its ticks, read its current value. */
export interface Ticks {
  /** Calls `onChange` after each tick; returns the unsubscribe function. */
  subscribe: (onChange: () => void) => () => void;
  /** The time of the last tick (the same Date object between ticks, as useSyncExternalStore needs). */
  getSnapshot: () => Date;
}

const clocks = new Map<number, Ticks>();

/**
 * The shared clock for `intervalMs`: its snapshot is a Date that changes on whole multiples of
 * `intervalMs` (for 1000 ms just after each full second, so a countdown never skips or repeats a
 * second through timer drift). The timer runs only while someone is subscribed.
 */
export function ticks(intervalMs: number): Ticks {
  const existing = clocks.get(intervalMs);
  if (existing) return existing;
  let current = new Date();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      current = new Date();
      listeners.forEach((listener) => listener());
      schedule();
    }, intervalMs - (Date.now() % intervalMs));
  };
  const created: Ticks = {
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1) {
        current = new Date();
        schedule();
      }
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) clearTimeout(timer);
      };
    },
    getSnapshot() {
      // Unwatched, the snapshot would be as old as the last tick: a newly shown block starts
      // from the current time instead.
      if (listeners.size === 0 && Date.now() - current.getTime() >= intervalMs) current = new Date();
      return current;
    },
  };
  clocks.set(intervalMs, created);
  return created;
}
