/**
 * The announcement ticker's behaviour (docs/rules.md#the-information-pages), in plain DOM code (decision 020): the island script installs it before React starts, and Ticker.tsx installs the
 * same code once React renders it. Its items scroll left, TICKER_STEP_PX every TICKER_STEP_MS,
 * and come back in from the right edge once they have fully left the view, while its rotation
 * runs (rotation.ts: Pause/Play, hover, keyboard focus, reduced motion). A link that gets focus is
 * brought into view. The position is written straight to the track's style.
 *
 * Markup (Ticker.tsx): the container, its `.ticker__viewport` holding the `.ticker__track` list of
 * links, and a `[data-rotation-control]` button.
 */
import { controllerOf, type Controller } from './controllers';
import { rotation } from './rotation';

/** One step every 30 ms (docs/rules.md#the-information-pages: ticker step 30 ms). */
export const TICKER_STEP_MS = 30;
/** Pixels moved per step. */
export const TICKER_STEP_PX = 1;

/** Installs the ticker behaviour on `container` (once: a second call returns the same controller). */
export function installTicker(container: HTMLElement): Controller {
  return controllerOf(container, (release) => create(container, release));
}

function create(container: HTMLElement, release: () => void): Controller {
  const viewport = container.querySelector<HTMLElement>('.ticker__viewport')!;
  const track = container.querySelector<HTMLElement>('.ticker__track')!;
  let offset = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  // The widths, kept by a ResizeObserver (told after layout) rather than read at every step: a
  // step that reads them while something else has changed the page (a picture arriving, the
  // stylesheets switched on) forces a layout of the whole page, 33 times a second.
  let trackWidth = track.offsetWidth;
  let viewportWidth = viewport.clientWidth;
  const sizes = new ResizeObserver(() => {
    trackWidth = track.offsetWidth;
    viewportWidth = viewport.clientWidth;
  });
  sizes.observe(track);
  sizes.observe(viewport);

  const moveTo = (x: number) => {
    offset = x;
    track.style.transform = `translateX(${x}px)`;
  };

  const stepOnce = () => {
    if (!track.isConnected) return destroy();
    const next = offset - TICKER_STEP_PX;
    // Fully out of view on the left: come back in from the right edge.
    moveTo(next + trackWidth <= 0 ? viewportWidth : next);
  };

  const motion = rotation(container, (running) => {
    clearInterval(timer);
    if (running) timer = setInterval(stepOnce, TICKER_STEP_MS);
  });

  /** A focused link is brought into view (the strip stops while focus is inside). */
  const onFocus = (event: FocusEvent) => {
    const link = event.target instanceof HTMLElement ? event.target.closest('a') : null;
    if (!link || !track.contains(link)) return;
    viewport.scrollLeft = 0;
    const left = offset + link.offsetLeft;
    if (left < 0 || left + link.offsetWidth > viewportWidth) moveTo(-link.offsetLeft);
  };
  viewport.addEventListener('focusin', onFocus);

  function destroy() {
    clearInterval(timer);
    sizes.disconnect();
    motion.destroy();
    viewport.removeEventListener('focusin', onFocus);
    release();
  }

  return { destroy };
}
