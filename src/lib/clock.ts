/**
 * The live page clock (useNow) for the time-dependent blocks of prerendered pages: React's view of
 * the shared timers of ticks.ts (which the home page's islands read too). The render time and the
 * hydration-safe hooks it builds on are in render-time.ts.
 */
import { useSyncExternalStore } from 'react';
import { renderDate } from './render-time';
import { ticks } from './ticks';

/**
 * The current time, refreshed every `intervalMs` ms; the render time during the build render
 * and the hydration render (see the module comment).
 */
export function useNow(intervalMs = 1000): Date {
  const t = ticks(intervalMs);
  return useSyncExternalStore(t.subscribe, t.getSnapshot, renderDate);
}
