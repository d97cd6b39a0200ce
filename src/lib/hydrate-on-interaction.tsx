/**
 * Progressive hydration of prerendered static content (gzipped JS at first load).
 * Static content (text, pictures, links) needs no code to be read: the prerendered HTML already
 * shows it. On a first load such content stays the server's HTML, inside a Suspense boundary that
 * React leaves dehydrated (its links work as plain links), until the visitor first does something
 * on the page: moves or presses a pointer, touches the screen, presses a key or moves focus. Then
 * its chunk is fetched and React hydrates it in place (no re-render, no layout shift). Not
 * scrolling: reading needs no script, and a browser restoring a scroll position is no visitor.
 *
 * Two granularities:
 * - whole pages: the information pages' route components (hydrateOnInteraction, used by main.tsx
 *   on a first load; pageWithBoundary for the server render and client-side navigations);
 * - sections of a page (staticIsland): the home page's static blocks, beside its carousels and
 *   countdowns, which hydrate at once.
 *
 * Not part of the app's entry: the router and main.tsx import it when a static page is rendered
 * (the pages the app renders at once do not need it), and the home page imports it for its islands.
 * A browser helper in src/lib, not in src/app: the router and the entry files use it, and so does
 * the home feature (staticIsland), and features never import src/app (eslint.config.js).
 */
import { Suspense, use, type ComponentType } from 'react';
import { afterFirstInteraction } from './first-interaction';
import { useHydrated } from './render-time';

/** A page module as a route's lazy import gives it. */
export type PageModule = { default: ComponentType };

/**
 * Marks `promise` with the fields React's `use` reads (status, value or reason) once it settles,
 * so a later render that passes the same promise to `use` gets its value at once instead of
 * suspending again. Returns the promise.
 */
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}

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

/**
 * The route component for hydrating a prerendered information page: renders `load`'s page inside
 * a Suspense boundary that stays dehydrated until the first interaction, then loads the page's
 * chunk and hydrates it. Takes the route's lazy import; returns a component (no props).
 */
export function hydrateOnInteraction(load: () => Promise<PageModule>): ComponentType {
  const loaded = settled(
    new Promise<ComponentType>((resolve, reject) => afterFirstInteraction(() => load().then((module) => resolve(module.default), reject))),
  );
  function DeferredContent() {
    // Once loaded, a later visit to this route (client-side navigation) renders at once: `loaded` is settled.
    const Loaded = use(loaded);
    return <Loaded />;
  }
  return pageWithBoundary(DeferredContent);
}

/** Loaders of every island, for preloadIslands. */
const islands: (() => Promise<unknown>)[] = [];

/**
 * A static section of a page as its own chunk (`load`, a dynamic import of a module whose default
 * export is the section, reading its own content). Returns a component (no props) that renders it
 * inside a Suspense boundary: the server render (after preloadIslands) renders it in full; a
 * hydrating browser leaves it dehydrated until the first interaction, then loads and hydrates it;
 * a client-side render (a navigation to the page) loads it at once.
 */
export function staticIsland(load: () => Promise<PageModule>): ComponentType {
  let loading: Promise<ComponentType> | undefined;
  const start = () => (loading ??= settled(load().then((module) => module.default)));
  let gate: Promise<ComponentType> | undefined;
  const afterInteraction = () =>
    (gate ??= settled(new Promise<ComponentType>((resolve, reject) => afterFirstInteraction(() => start().then(resolve, reject)))));
  islands.push(start);
  function IslandContent() {
    // False in the server render and while hydrating; true when the page renders in the browser.
    const hydrated = useHydrated();
    // The server render comes after preloadIslands: `loading` is settled and `use` does not suspend.
    const Loaded = use(hydrated || loading ? start() : afterInteraction());
    return <Loaded />;
  }
  return function Island() {
    return (
      <Suspense fallback={null}>
        <IslandContent />
      </Suspense>
    );
  };
}

/** Server only (src/entry-server.tsx): loads every island the loaded modules declared, so they render in full. */
export function preloadIslands(): Promise<unknown> {
  return Promise.all(islands.map((start) => start()));
}
