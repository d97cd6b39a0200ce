/**
 * The render time of prerendered pages (time-dependent blocks render a stable server
 * state and take the clock after hydration). A prerendered page is rendered at build time at one
 * instant, the render time, which scripts/prerender.ts writes onto the root element
 * (`<div id="root" data-rendered-at="{ms since epoch}">`). The hooks here and clock.ts's useNow
 * hand React that instant as the server snapshot of useSyncExternalStore: the build render and
 * the hydration render agree (no mismatch), and React re-renders with the live clock right after
 * hydration. Pages rendered on the client only (the SPA fallback, client navigations) see the
 * live clock from their first render. The ticking clock lives in clock.ts: only the home page
 * needs it, and this module is in the entry chunk every page loads.
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
export function renderDate(): Date {
  if (!cachedRenderDate) {
    const fromDom = typeof document === 'undefined' ? undefined : Number(document.getElementById('root')?.dataset.renderedAt);
    cachedRenderDate = new Date(serverRenderTime ?? (fromDom || Date.now()));
  }
  return cachedRenderDate;
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
