/**
 * Focus moves for keyboard and screen-reader users (WCAG 2.4.3 Focus Order): after
 * a render that replaces or disables the focused control, focus goes to a meaningful place, not
 * to <body>. Used by the accounts pages, the self-service pages and the registration wizard.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Focus moves that wait for the next render (the element to focus is often rendered by the same
 * state change): `focusAfterRender(ref)` in an event handler focuses ref's element once React has
 * committed it.
 */
export function useFocusAfterRender(): (ref: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    const element = pending.current?.current;
    if (element) {
      pending.current = null;
      element.focus();
    }
  });
  return useCallback((ref: RefObject<HTMLElement | null>) => {
    pending.current = ref;
  }, []);
}

/**
 * Puts focus back on `element` when the page lost it: a button disabled while busy drops focus to
 * the body, and a keyboard user would start again from the top. Runs after the next paint so
 * the page's own focus move (to a result heading) wins; while the element is still disabled (the
 * render that enables it again has not been committed yet, as on a busy machine), it tries again
 * on the following frames, up to `frames` of them.
 */
export function keepFocus(element: HTMLElement | null, frames = 30): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!element?.isConnected || (active && active !== document.body)) return;
    if ((element as HTMLButtonElement).disabled) {
      if (frames > 1) keepFocus(element, frames - 1);
      return;
    }
    element.focus();
  });
}
