/**
 * Entry point: mounts the router and pings the API root once (docs/rules.md#the-api:
 * "GET /api (root), on app start; result only logged").
 *
 * A prerendered page (scripts/prerender.ts) arrives with its HTML inside #root. Its
 * lazy route modules are loaded before the router starts (React Router's documented pattern for
 * lazy routes with server rendering: matchRoutes, then each match's lazy(), merged into the
 * route), so the first render is the page itself and hydrateRoot adopts the HTML. With a query
 * string the page may render differently from its query-less HTML (the error page, the wizard's
 * admin mode): it is rendered afresh instead of hydrated, unless an island already rendered the
 * query (payment success: data-query-rendered on #root, decision 023). Everything else (the
 * SPA fallback shell: the admin area) starts with an empty #root and is rendered with createRoot.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, matchRoutes } from 'react-router-dom';
import { createAppRouter, routes, type PageHandle } from './app/router';
import { afterFirstInteraction } from './lib/first-interaction';

// The navigation's keyboard model and drawer rules (src/app/frame-behaviour.ts; a no-op where
// src/boot.ts installed them) are of use only once the visitor does something, so they are
// fetched then, not with the page (docs/performance.md#budgets: 1.9 KB gzipped). Key presses made while the
// chunk arrives are handed over, so focusing a dropdown and pressing Enter at once still opens it.
const earlyKeys: KeyboardEvent[] = [];
const keepKey = (event: KeyboardEvent) => earlyKeys.push(event);
document.addEventListener('keydown', keepKey);
afterFirstInteraction(() => {
  void import('./app/frame-behaviour').then(({ installFrameBehaviour }) => {
    document.removeEventListener('keydown', keepKey);
    installFrameBehaviour(earlyKeys);
  });
});

// A bare fetch and a literal rather than src/lib/api.ts and apiPaths.root: the answer is only
// logged, and every byte here is in the entry chunk that every page loads (docs/performance.md#budgets).
void fetch('/api')
  .then((response) => response.json())
  .then(
    (result: unknown) => console.log('GET /api', result),
    (error: unknown) => console.log('GET /api failed', error),
  );

/**
 * Replaces each lazy route matching the current address by its loaded module. When `hydrating`,
 * a static information page is not loaded: its route gets the component that hydrates the
 * page's content on the visitor's first interaction (src/lib/hydrate-on-interaction.tsx).
 */
async function loadMatchedRoutes(hydrating: boolean): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const deferred = (route.handle as PageHandle | undefined)?.hydrateOnInteraction;
      const loaded = hydrating && deferred ? { Component: (await import('./lib/hydrate-on-interaction')).hydrateOnInteraction(deferred) } : await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const prerendered = container.firstElementChild !== null;
  // A page whose island rendered its query (payment success, decision 023) hydrates that.
  const hydrating = prerendered && (window.location.search === '' || container.dataset.queryRendered !== undefined);
  if (prerendered) await loadMatchedRoutes(hydrating);
  const app = (
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>
  );
  // In a transition, React renders (and hydrates) in slices of a few ms, yielding to the browser
  // between them: the page on screen stays responsive while the app takes over (total
  // blocking time), instead of one long task for the whole tree.
  startTransition(() => {
    if (hydrating) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

performance.mark('main-evaluated');
void start().then(() => setTimeout(() => performance.mark('app-rendered'), 0));

/**
 * Fetches the code of the page at `pathname` (its lazy route modules) without navigating, so that
 * following a link there is as fast as a later visit. src/boot.ts asks for it, with this event
 * (the path in `detail`), when the visitor heads for a link into the wizard, self-service or
 * admin from an information page. Unknown paths fetch nothing.
 */
function prefetchRoute(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy();
  }
}
document.addEventListener('pesgre:prefetch', (event) => {
  const { detail } = event as CustomEvent<unknown>;
  if (typeof detail === 'string') prefetchRoute(detail);
});
