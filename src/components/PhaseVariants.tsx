/**
 * A block whose truth changes with the edition's phase (docs/decisions/031-edition-phases.md):
 * one element per window (src/shared/schedule.ts: phaseWindows, mergeWindows), each carrying its
 * window as `data-shown-from` / `data-shown-until` (ms since the epoch) and `hidden` unless the
 * clock is inside it. Every variant is in the HTML, so a page prerendered at another time shows
 * the visitor's variant as soon as the bootstrap script runs (src/boot.ts), before and without the
 * app; without JavaScript it shows the build time's. React shows the render time's variant while
 * hydrating (the HTML's: hydration stays clean) and the clock's from then on, switching when a
 * window ends. Used by the home page and the Registration page: a React part two features share.
 */
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { renderDate } from '../lib/render-time';
import { windowIndexAt, type KeyedWindow } from '../shared/schedule';

/** The longest delay setTimeout keeps (about 24.8 days); a later window end is not waited for. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The index of the window of `windows` the clock is in: the render time's while hydrating, then the live one, updated at each window's end. */
export function useWindowIndex(windows: readonly KeyedWindow[]): number {
  const subscribe = useMemo(
    () => (onChange: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        const now = Date.now();
        const ends = windows.map((w) => w.until).filter((t): t is number => t !== undefined && t > now);
        if (!ends.length) return;
        const next = Math.min(...ends);
        if (next - now <= MAX_TIMEOUT_MS) {
          timer = setTimeout(() => {
            onChange();
            arm();
          }, next - now);
        }
      };
      arm();
      return () => clearTimeout(timer);
    },
    [windows],
  );
  return useSyncExternalStore(
    subscribe,
    () => windowIndexAt(windows, new Date()),
    () => windowIndexAt(windows, renderDate()),
  );
}

/** Props: the windows (each with its variant's key), the element each variant is, and the variant's content. */
export interface PhaseVariantsProps {
  windows: readonly KeyedWindow[];
  as?: 'div' | 'span' | 'p' | 'li';
  className?: string;
  children: (window: KeyedWindow) => ReactNode;
}

/** Renders every variant of the block, the current one shown (see the module comment). */
export function PhaseVariants({ windows, as: Tag = 'div', className, children }: PhaseVariantsProps) {
  const current = useWindowIndex(windows);
  return windows.map((w, index) => (
    <Tag key={`${w.key}@${w.from ?? ''}`} className={className} data-shown-from={w.from} data-shown-until={w.until} hidden={index !== current}>
      {children(w)}
    </Tag>
  ));
}
