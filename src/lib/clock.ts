/**
 * The live page clock (useNow) for the time-dependent blocks of prerendered pages; the render
 * time and the hydration-safe hooks it builds on are in render-time.ts (useHydrated is re-exported here for the
 * countdown).
 */
import { useSyncExternalStore } from 'react';
import { renderDate } from './render-time';

export { useHydrated } from './render-time';

interface Ticker {
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => Date;
}

const tickers = new Map<number, Ticker>();

/**
 * One shared ticker per interval: its snapshot is a Date that changes on whole multiples of
 * `intervalMs` (for 1000 ms just after each full second, so a countdown never skips or repeats a
 * second through timer drift), and stays the same object between ticks as useSyncExternalStore needs.
 */
function ticker(intervalMs: number): Ticker {
  const existing = tickers.get(intervalMs);
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
  const created: Ticker = {
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
  tickers.set(intervalMs, created);
  return created;
}

/**
 * The current time, refreshed every `intervalMs` ms; the render time during the build render
 * and the hydration render (see the module comment).
 */
export function useNow(intervalMs = 1000): Date {
  const t = ticker(intervalMs);
  return useSyncExternalStore(t.subscribe, t.getSnapshot, renderDate);
}
