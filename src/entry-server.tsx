/**
 * Build-time renderer of the prerendered pages, bundled by `vite build --ssr` from
 * scripts/prerender.ts and never shipped to the browser. React Router's own data-mode static
 * rendering (createStaticHandler + createStaticRouter + StaticRouterProvider) renders the same
 * route tree as the browser (src/app/router.tsx) with react-dom/server.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes, type PageHandle } from './app/router';
import { preloadIslands } from './lib/hydrate-on-interaction';
import { setRenderTime } from './lib/render-time';

/** One rendered page. */
export interface RenderedPage {
  /** The HTTP status the router settled on (200, or 404 for an unknown path). */
  status: number;
  /** The markup for inside #root; React 19 places hoisted <title>/<meta> elements first. */
  html: string;
  /** Source modules of the matched page routes (PageHandle.module), outermost first. */
  modules: string[];
  /**
   * True for a static information page, whose content the browser hydrates on the first
   * interaction (src/lib/hydrate-on-interaction.tsx): its HTML links the page's CSS but does not
   * preload its code.
   */
  hydrateOnInteraction: boolean;
}

/**
 * Renders `pathname` (no query) as the browser's first render would, at the instant
 * `renderedAt` (ms since the epoch; the time-dependent blocks show it: src/lib/clock.ts).
 * The routes have no loaders, so nothing is serialised for hydration (hydrate={false}): the
 * page needs no inline script, which the Content-Security-Policy forbids.
 * Throws if the router answers with a redirect.
 */
export async function render(pathname: string, renderedAt: number): Promise<RenderedPage> {
  setRenderTime(renderedAt);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname}: the router answered with a ${context.status} redirect`);
  // The page's static sections (src/lib/hydrate-on-interaction.tsx) are in the HTML in full.
  await preloadIslands();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const modules = context.matches.flatMap((m) => {
    const handle = m.route.handle as PageHandle | undefined;
    return handle?.module ? [handle.module] : [];
  });
  const hydrateOnInteraction = context.matches.some((m) => (m.route.handle as PageHandle | undefined)?.hydrateOnInteraction !== undefined);
  return { status: context.statusCode, html, modules, hydrateOnInteraction };
}
