/**
 * The page clock for prerendered pages (issue 10: time-dependent blocks render a stable server
 * state and take the clock after hydration). A prerendered page is rendered at build time at one
 * instant, the render time, which scripts/prerender.ts writes onto the root element
 * (`<div id="root" data-rendered-at="{ms since epoch}">`). The hooks below hand React that
 * instant as the server snapshot of useSyncExternalStore: the build render and the hydration
 * render agree (no mismatch), and React re-renders with the live clock right after hydration.
 * Pages rendered on the client only (the SPA fallback, client navigations) see the live clock
 * from their first render.
 */
import { useSyncExternalStore } from 'react';

let serverRenderTime: number | undefined;
let cachedRenderDate: Date | undefined;

/** Build time only (src/entry-server.tsx): the instant, in ms since the epoch, the pages render at. */
export function setRenderTime(ms: number): void {
  serverRenderTime = ms;
  cachedRenderDate = undefined;
}

/**
 * The instant the current HTML was rendered at: on the server the value set by setRenderTime, in
 * the browser the root element's data-rendered-at (Date.now() when there is none).
 */
function renderDate(): Date {
  if (!cachedRenderDate) {
    const fromDom = typeof document === 'undefined' ? undefined : Number(document.getElementById('root')?.dataset.renderedAt);
    cachedRenderDate = new Date(serverRenderTime ?? (fromDom || Date.now()));
  }
  return cachedRenderDate;
}

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

const subscribeNever = () => () => {};

/** The current calendar year (UTC+local as the browser sees it); the render time's year until hydrated. */
export function useYear(): number {
  return useSyncExternalStore(
    subscribeNever,
    () => new Date().getFullYear(),
    () => renderDate().getFullYear(),
  );
}

/**
 * False in the build render and the hydration render, true afterwards (and from the first
 * render of a client-only page): for what must not be frozen into static HTML, such as the
 * seconds of a countdown.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
