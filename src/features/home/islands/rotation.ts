/**
 * The play/pause rule of everything on the home page that moves by itself (hero carousel, poster
 * carousel, ticker; docs/rules.md#the-information-pages, WCAG 2.2.2): it runs unless the visitor paused it with
 * its button, the mouse is over it, or keyboard focus is inside it (except on the play/pause
 * button itself, so that button can restart it). With prefers-reduced-motion it starts paused;
 * the button can still start it. Plain DOM: the islands run it before React, and the
 * React components install the same code (decision 020).
 */

import { reducedMotion, showPaused } from './controllers';

/** The attribute that marks the play/pause button: focus on it does not pause. */
export const ROTATION_CONTROL = 'data-rotation-control';

/** The play/pause state of one element. */
export interface Rotation {
  /** Whether it should move right now. */
  running(): boolean;
  /** Removes the listeners. */
  destroy(): void;
}

/**
 * Watches `container` (hover, keyboard focus, its `[data-rotation-control]` button, the
 * reduced-motion preference) and calls `onChange(running)` whenever whether it should move
 * changes (and once at the start). The button shows its state (showPaused).
 */
export function rotation(container: HTMLElement, onChange: (running: boolean) => void): Rotation {
  const button = container.querySelector<HTMLElement>(`[${ROTATION_CONTROL}]`);
  const motion = reducedMotion();
  let choice: 'play' | 'pause' | null = null;
  let hovered = container.matches(':hover');
  const keyboardFocus = (target: Element | null) => target !== null && container.contains(target) && target.matches(':focus-visible') && !target.closest(`[${ROTATION_CONTROL}]`);
  let focused = keyboardFocus(document.activeElement);
  let last: boolean | undefined;

  const userPaused = () => (choice === null ? motion.matches : choice === 'pause');
  const running = () => !userPaused() && !hovered && !focused;
  const update = () => {
    if (button) showPaused(button, userPaused());
    const now = running();
    if (now !== last) onChange((last = now));
  };

  const listeners: [EventTarget, string, (event: Event) => void][] = [
    [container, 'pointerenter', (e) => (e as PointerEvent).pointerType === 'mouse' && ((hovered = true), update())],
    [container, 'pointerleave', (e) => (e as PointerEvent).pointerType === 'mouse' && ((hovered = false), update())],
    [container, 'focusin', (e) => ((focused = keyboardFocus(e.target as Element)), update())],
    [container, 'focusout', (e) => !container.contains((e as FocusEvent).relatedTarget as Node | null) && ((focused = false), update())],
    [motion, 'change', update],
  ];
  if (button) listeners.push([button, 'click', () => ((choice = userPaused() ? 'play' : 'pause'), update())]);
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  update();
  return {
    running,
    destroy: () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    },
  };
}
