/**
 * Entry point: mounts the router and pings the API root once (spec part 2 section 7:
 * "GET /api (root), on app start; result only logged").
 *
 * A prerendered page (issue 10; scripts/prerender.ts) arrives with its HTML inside #root. Its
 * lazy route modules are loaded before the router starts (React Router's documented pattern for
 * lazy routes with server rendering: matchRoutes, then each match's lazy(), merged into the
 * route), so the first render is the page itself and hydrateRoot adopts the HTML. With a query
 * string the page may render differently from its query-less HTML (payment success, the error
 * page): it is rendered afresh instead of hydrated. Everything else (the SPA fallback shell:
 * admin, the wizard) starts with an empty #root and is rendered with createRoot.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, matchRoutes } from 'react-router-dom';
import { createAppRouter, routes } from './app/router';

// A bare fetch and a literal rather than src/lib/api.ts and apiPaths.root: the answer is only
// logged, and every byte here is in the entry chunk that every page loads (issue 10 budgets).
void fetch('/api')
  .then((response) => response.json())
  .then(
    (result: unknown) => console.log('GET /api', result),
    (error: unknown) => console.log('GET /api failed', error),
  );

/** Replaces each lazy route matching the current address by its loaded module. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await loadMatchedRoutes();
  const app = (
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>
  );
  if (prerendered && window.location.search === '') hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
