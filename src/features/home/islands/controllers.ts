/**
 * The one controller per element of the home page's islands (decision 020): the first
 * install on an element creates it, a later one (React's effect after hydration, when the
 * island's script installed it before React started) gets the same controller back, with its
 * state (slide, offset, pause). So the behaviour never runs twice and nothing jumps back when
 * React takes over. A controller removes itself from here when destroyed.
 */

/** What every island controller can do. */
export interface Controller {
  /** Stops its timers and removes its listeners; the element is left as it is. */
  destroy(): void;
}

const installed = new WeakMap<Element, Controller>();

/** The controller of `element`, created by `create` (which must call `release` in its destroy) if there is none. */
export function controllerOf<C extends Controller>(element: Element, create: (release: () => void) => C): C {
  const existing = installed.get(element);
  if (existing) return existing as C;
  const created = create(() => installed.delete(element));
  installed.set(element, created);
  return created;
}

/** Whether `element` has a controller. */
export function hasController(element: Element): boolean {
  return installed.has(element);
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** The visitor's "reduce motion" preference, live: then nothing on the page moves by itself. */
export function reducedMotion(): MediaQueryList {
  return window.matchMedia(reducedMotionQuery);
}

/**
 * Marks a Play/Pause button's state: `data-paused` (carousel.css and home.css show its Play or
 * Pause icon and text from it) and its accessible name from `data-label-play` /
 * `data-label-pause`, which the markup gives.
 */
export function showPaused(button: HTMLElement, paused: boolean): void {
  button.toggleAttribute('data-paused', paused);
  const label = paused ? button.dataset.labelPlay : button.dataset.labelPause;
  if (label) button.setAttribute('aria-label', label);
}
