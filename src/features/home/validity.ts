/**
 * The attributes that say how long a time-dependent block's HTML stays right (decision
 * 020): `data-valid-from` and `data-valid-until` (ms since the epoch) of the stable window around
 * the time it was rendered at (schedule.ts stableWindow). src/boot.ts starts the app at once on a
 * prerendered page whose block is out of date for the visitor's clock, and when the window ends.
 */
import { stableWindow } from '../../shared/schedule';

/** The data attributes for a block rendered at `now` whose content changes only at `boundaries`. */
export function validityAttrs(boundaries: readonly Date[], now: Date): { 'data-valid-from'?: number; 'data-valid-until'?: number } {
  const { from, until } = stableWindow(boundaries, now);
  return { 'data-valid-from': from, 'data-valid-until': until };
}
