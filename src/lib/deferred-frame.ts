/**
 * Embeds that wait for the load event (LCP ≤ 1.2 s on every public route): an
 * `<iframe data-deferred-src>` gets its `src` once the page has loaded, so a third-party embed (the
 * Location page's map) neither delays the first paint nor competes with the page's own requests.
 * Shared by the information pages' bootstrap script (src/boot.ts) and the React component that
 * renders the embed, so the rule lives in one place. Browser only.
 */

/** The attribute that holds a deferred embed's address. */
export const DEFERRED_SRC_ATTRIBUTE = 'data-deferred-src';

/** Gives `frame` its deferred address, once; a frame without one, or already started, is left as it is. */
export function startDeferredFrame(frame: HTMLIFrameElement): void {
  const src = frame.getAttribute(DEFERRED_SRC_ATTRIBUTE);
  if (src && !frame.getAttribute('src')) frame.setAttribute('src', src);
}

/** Starts every deferred embed in `root` after the load event (at once if it has passed). */
export function startDeferredFramesAfterLoad(root: ParentNode = document): void {
  const run = () => root.querySelectorAll<HTMLIFrameElement>(`iframe[${DEFERRED_SRC_ATTRIBUTE}]`).forEach(startDeferredFrame);
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}
