/**
 * The information pages' only script before the first interaction: a few KB instead of
 * React, React DOM and the router (about 100 KB gzipped), which a prerendered information page
 * does not need to be read, navigated (plain links) or used (the frame's navigation is HTML, CSS
 * and src/app/frame-behaviour.ts). scripts/prerender.ts puts it on every page of `staticPaths`
 * (src/shared/route-sets.ts) in place of the app's entry script, and says on the root element
 * when the app may start (`data-app-start="interaction"`): the visitor's first interaction after
 * the load event (pointer, touch, key or focus; not scrolling), once the browser is idle. React
 * then hydrates the page and takes over navigation as on any other page.
 * What moves by itself on such a page (the home page's carousels, ticker and countdowns) is an
 * island: once the browser is idle after the load event this script fetches its small
 * framework-free code, which the React components install too (src/features/home/islands,
 * decision 020). A time-dependent block whose prerendered content is out of date for the
 * visitor's clock (`data-valid-from`, `data-valid-until`: the Upcoming Events card, the Important
 * Dates, the conference countdown) starts the app right after the load event, and a block whose
 * window ends while the page is open starts it then: React renders it at the visitor's time.
 * Blocks that carry one variant per phase of the edition (the home page's status line, the
 * Registration page's links) show the visitor's variant at once (showCurrentVariants).
 * Heading for a page that needs the app (a pointer over, a touch on or focus on a link into the
 * wizard, self-service or admin) starts it at once, and fetches that page's code: the router
 * then opens it without a new document, as fast as from any page of the app.
 */
import { installFrameBehaviour } from './app/frame-behaviour';
import { allPaths, staticPaths } from './shared/route-sets';
import { afterLoad, startApp } from './app-start';
import { startDeferredFramesAfterLoad } from './lib/deferred-frame';

installFrameBehaviour();
applyDeferredStylesheets();
// The Location page's map: after the load event (src/lib/deferred-frame.ts).
startDeferredFramesAfterLoad();

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
/** The longest delay setTimeout keeps (about 24.8 days); a window ending later is not waited for. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Time-dependent blocks (decision 020): the app starts after the load event when the visitor's
 * clock is outside one's window (the HTML says something else than the page would now), else
 * when the first window ends.
 */
function watchValidity(): void {
  const now = Date.now();
  let until = Infinity;
  for (const block of document.querySelectorAll<HTMLElement>('[data-valid-from], [data-valid-until]')) {
    const from = Number(block.dataset.validFrom ?? -Infinity);
    const end = Number(block.dataset.validUntil ?? Infinity);
    if (now < from || now >= end) return afterLoad(() => void startApp());
    until = Math.min(until, end);
  }
  if (until - now <= MAX_TIMEOUT_MS) setTimeout(() => void startApp(), until - now);
}
watchValidity();

/**
 * Blocks that change with the edition's phase carry every variant, each with its window
 * (`data-shown-from`, `data-shown-until`: src/components/PhaseVariants.tsx, decision 031): the
 * visitor's clock picks the one shown at once, without the app, and again when a window ends
 * while the page is open. The app, once hydrated, shows the same one.
 */
function showCurrentVariants(): void {
  const now = Date.now();
  let next = Infinity;
  for (const variant of document.querySelectorAll<HTMLElement>('[data-shown-from], [data-shown-until]')) {
    const from = Number(variant.dataset.shownFrom ?? -Infinity);
    const until = Number(variant.dataset.shownUntil ?? Infinity);
    variant.hidden = now < from || now >= until;
    for (const edge of [from, until]) if (edge > now) next = Math.min(next, edge);
  }
  if (next - now <= MAX_TIMEOUT_MS) setTimeout(showCurrentVariants, next - now);
}
showCurrentVariants();

// Payment success (decision 023): its HTML is the page without a query; the delegate's reg_no,
// payment_id and kind are rendered at once by its island, before the app.
const queryView = document.querySelector<HTMLElement>('[data-query-view="payment-success"]');
if (queryView && location.search) {
  void import('./features/registration/payment-success-island').then((m) => m.renderPaymentSuccess(queryView, new URLSearchParams(location.search)));
}

// The programme (decision 039): its HTML is a shell; the island fetches and renders the timetable
// right after the load event, before React and without it.
const programme = document.querySelector<HTMLElement>('[data-island="programme"]');
if (programme) afterLoad(() => void import('./features/programme/island').then((m) => m.startProgramme(programme)));

// The islands' code (the home page): once the browser is idle after the load event (at most
// half a second late: the countdowns' figures should not keep the visitor waiting), so neither the
// first paint nor the load event waits for it.
if (document.querySelector('[data-island]:not([data-island="programme"])')) {
  afterLoad(() => {
    const start = () => void import('./features/home/islands').then((m) => m.startIslands());
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 500 });
    else setTimeout(start, 1);
  });
}
