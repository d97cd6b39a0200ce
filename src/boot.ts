/**
 * The information pages' only script before the first interaction (issue 26): a few KB instead of
 * React, React DOM and the router (about 100 KB gzipped), which a prerendered information page
 * does not need to be read, navigated (plain links) or used (the frame's navigation is HTML, CSS
 * and src/app/frame-behaviour.ts). scripts/prerender.ts puts it on every page of `staticPaths`
 * (src/shared/route-sets.ts) in place of the app's entry script, and says on the root element
 * when the app may start (`data-app-start`):
 *  - "interaction": the visitor's first interaction after the load event (pointer, touch, key or
 *    focus; not scrolling), once the browser is idle. React then hydrates the page and takes over
 *    navigation as on any other page.
 *  - a number of ms (the home page, whose carousels, ticker and countdowns move by themselves):
 *    as above, or at the latest that long after the load event, whichever comes first; the
 *    prerender gives the hero's interval (HERO_INTERVAL_MS), when its first advance is due. Until then the page is its HTML: the hero on
 *    its first slide, the countdowns at "--" in their boxes, the ticker at its start.
 * Heading for a page that needs the app (a pointer over, a touch on or focus on a link into the
 * wizard, self-service or admin) starts it at once, and fetches that page's code: the router
 * then opens it without a new document, as fast as from any page of the app.
 */
import { installFrameBehaviour } from './app/frame-behaviour';
import { allPaths, staticPaths } from './shared/route-sets';
import { afterLoad, startAfterFirstPaint, startApp } from './app-start';

installFrameBehaviour();
applyDeferredStylesheets();

/**
 * Switches on the page's whole stylesheets, which scripts/prerender.ts (beasties) left as
 * media="print" (non-blocking) beside the inlined critical CSS, with their real media in
 * data-beasties-media: all in one go once all have loaded, so the cascade never sees one
 * without the others.
 */
function applyDeferredStylesheets(): void {
  const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[data-beasties-media]'));
  const loaded = links.map((link) =>
    link.sheet
      ? Promise.resolve()
      : new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        }),
  );
  void Promise.all(loaded).then(() => {
    for (const link of links) {
      link.media = link.dataset.beastiesMedia ?? 'all';
      link.removeAttribute('data-beasties-media');
    }
  });
}

const root = document.getElementById('root');

/** Whether `link` leads to a page of this site that is not an information page (not a file, not elsewhere). */
function needsApp(link: HTMLAnchorElement): boolean {
  if (link.origin !== location.origin) return false;
  const pathname = link.pathname.length > 1 ? link.pathname.replace(/\/+$/, '') : link.pathname;
  return allPaths.includes(pathname) && !staticPaths.includes(pathname);
}

/** A pointer, touch or focus on a link into an interactive page: start the app and fetch the page. */
function onApproach(event: Event): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !needsApp(link)) return;
  // main.tsx listens for this event (PREFETCH_EVENT there) and fetches the page's code.
  void startApp().then(() => document.dispatchEvent(new CustomEvent('pesgre:prefetch', { detail: link.pathname })));
}
for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, onApproach, { passive: true });

const interactionEvents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'];

/** After the load event, when the browser has nothing else to do (a timeout where requestIdleCallback is missing). */
function whenIdleAfterLoad(run: () => void): void {
  // At most 2 s late: a page that never idles still gets the app.
  afterLoad(() => ('requestIdleCallback' in window ? requestIdleCallback(() => run(), { timeout: 2_000 }) : setTimeout(run, 1)));
}

function onInteraction(): void {
  for (const type of interactionEvents) removeEventListener(type, onInteraction, true);
  // The app's deferred page content (src/lib/hydrate-on-interaction.tsx) hydrates at once.
  root?.setAttribute('data-interacted', '');
  whenIdleAfterLoad(() => void startApp());
}

for (const type of interactionEvents) addEventListener(type, onInteraction, { capture: true, passive: true });
const startAfterMs = Number(root?.dataset.appStart);
if (Number.isFinite(startAfterMs)) startAfterFirstPaint(startAfterMs);
