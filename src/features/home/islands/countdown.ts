/**
 * A countdown's figures and its Pause/Resume button (docs/rules.md#the-information-pages; WCAG 2.2.2),
 * in plain DOM code (decision 020): the island script installs it before React
 * starts, and Countdown.tsx installs the same code once React renders it. The figures come from
 * countdownParts / countdownFigures (src/shared/schedule.ts) at the time of the shared
 * one-second clock (src/lib/ticks.ts, the browser's clock that the tests pin), until the visitor
 * pauses it: then they hold the moment of the pause. With prefers-reduced-motion it starts paused
 * at the moment it was installed (until the visitor chooses, it follows the preference).
 *
 * Markup (Countdown.tsx): the `.countdown-wrap` with `data-target` (ms since the epoch), its
 * `[data-unit]` boxes each with a `.countdown__value`, and the `.countdown__toggle` button with
 * `data-label-pause` / `data-label-play`. What the block around it shows (a countdown at all,
 * which date) is React's: it re-renders at the instants the block changes.
 */
import { countdownFigures, countdownParts } from '../../../shared/schedule';
import { ticks } from '../../../lib/ticks';
import { controllerOf, reducedMotion, showPaused, type Controller } from './controllers';

/** Installs the countdown behaviour on `wrap` (once: a second call returns the same controller). */
export function installCountdown(wrap: HTMLElement): Controller {
  return controllerOf(wrap, (release) => create(wrap, release));
}

function create(wrap: HTMLElement, release: () => void): Controller {
  const clock = ticks(1000);
  const button = wrap.querySelector<HTMLElement>('.countdown__toggle');
  const motion = reducedMotion();
  // When the block was put on screen: what a countdown paused by reduced motion shows.
  const shownAt = new Date();
  let choice: { paused: boolean; at: Date } | null = null;
  let unsubscribe: (() => void) | undefined;

  const paused = () => (choice ? choice.paused : motion.matches);
  const render = () => {
    if (!wrap.isConnected) return destroy();
    const now = paused() ? (choice?.at ?? shownAt) : clock.getSnapshot();
    const figures = countdownFigures(countdownParts(new Date(Number(wrap.dataset.target)), now));
    for (const value of wrap.querySelectorAll<HTMLElement>('[data-unit]')) {
      const text = figures[value.dataset.unit as keyof typeof figures];
      const box = value.querySelector('.countdown__value');
      if (box && box.textContent !== text) box.textContent = text;
    }
  };
  const update = () => {
    if (button) showPaused(button, paused());
    if (paused()) {
      unsubscribe?.();
      unsubscribe = undefined;
    } else unsubscribe ??= clock.subscribe(render);
    render();
  };
  const toggle = () => {
    choice = { paused: !paused(), at: clock.getSnapshot() };
    update();
  };
  button?.addEventListener('click', toggle);
  motion.addEventListener('change', update);
  update();

  function destroy() {
    unsubscribe?.();
    unsubscribe = undefined;
    button?.removeEventListener('click', toggle);
    motion.removeEventListener('change', update);
    release();
  }
  return { destroy };
}
