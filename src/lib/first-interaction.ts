/**
 * The visitor's first interaction with a page (docs/performance.md#budgets; decision 021): what starts the code a page
 * does not need until someone does something on it. Moving or pressing a pointer, touching the
 * screen, pressing a key or moving focus counts; scrolling does not (reading needs no script, and
 * a browser restoring a scroll position is no visitor). Part of the app's entry; browser only.
 */

/** What counts as the visitor's first interaction with the page. */
const interactionEvents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const;

let interacted = false;
const waiting: (() => void)[] = [];

function onInteraction() {
  for (const type of interactionEvents) window.removeEventListener(type, onInteraction, true);
  interacted = true;
  for (const run of waiting.splice(0)) run();
}

/**
 * Runs `run` at the visitor's first interaction (at once if it has happened: here, or before the
 * app was loaded, which src/boot.ts marks on the root element as data-interacted). Browser only.
 */
export function afterFirstInteraction(run: () => void): void {
  if (interacted || document.getElementById('root')?.dataset.interacted !== undefined) return run();
  if (waiting.push(run) === 1) {
    for (const type of interactionEvents) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  }
}
