/**
 * Progressive hydration of the prerendered information pages (issue 10: gzipped JS at first load).
 * Their content is static text, pictures and links; the prerendered HTML already shows it, so a
 * first visit needs none of the page's code to read it. On such a first load the page's route
 * component is replaced by the one made here: the header, navigation and footer hydrate at once,
 * and the page's content stays the server's HTML (a dehydrated Suspense boundary; its links work
 * as plain links) until the visitor first does something on the page: moves or presses a pointer,
 * touches the screen, presses a key or moves focus. Then the page's chunk is
 * fetched and React hydrates the content in place (no re-render, no layout shift).
 * Client-side navigations and the server render use pageWithBoundary: the same Suspense boundary
 * around the page, so the markup React hydrates against is identical.
 */
import { Suspense, use, type ComponentType } from 'react';

/** A page module as a route's lazy import gives it. */
export type PageModule = { default: ComponentType };

/** The page inside the Suspense boundary that hydrateOnInteraction hydrates (server and client navigations). */
export function pageWithBoundary(Page: ComponentType): ComponentType {
  return function PageInBoundary() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  };
}

/** What counts as the visitor's first interaction with the page. */
// Not scrolling: reading needs no script, and a browser restoring a scroll position is no visitor.
const interactionEvents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * The route component for hydrating a prerendered information page: renders `load`'s page inside
 * a Suspense boundary that stays dehydrated until the first interaction (listened for on window,
 * capture phase, passively), then loads the page's chunk and hydrates it. Takes the route's
 * lazy import; returns a component (no props).
 */
export function hydrateOnInteraction(load: () => Promise<PageModule>): ComponentType {
  let Page: ComponentType | undefined;
  const loaded = new Promise<ComponentType>((resolve, reject) => {
    const start = () => {
      for (const type of interactionEvents) window.removeEventListener(type, start, true);
      load().then((module) => {
        Page = module.default;
        resolve(module.default);
      }, reject);
    };
    for (const type of interactionEvents) window.addEventListener(type, start, { capture: true, passive: true });
  });
  function DeferredContent() {
    // After the first load a later visit to this route (client-side navigation) renders at once.
    const Loaded = Page ?? use(loaded);
    return <Loaded />;
  }
  return pageWithBoundary(DeferredContent);
}
