/**
 * `vite preview` only: serves netlify/functions beside the production build, so the built SPA
 * behaves as on Netlify (its app-start `GET /api` answers instead of 404ing, and pages that read
 * pricing or a registration get their data). @netlify/vite-plugin 2.x hooks only `vite` (dev),
 * not `vite preview`, so this plugin starts the same local Netlify runtime (@netlify/dev) in
 * `configurePreviewServer` and hands it every `/api` request; everything else stays with Vite's
 * static server (the SPA fallback included). Used by `npm run bench:site` (scripts/bench-site.ts),
 * which sets the functions' environment (local Redis bridge, Razorpay double) before starting it.
 *
 * Kept in its own module and registered as one plugin in vite.config.ts so that the dev-time
 * function serving can change without touching it. PREVIEW_FUNCTIONS=0 turns it off (a preview
 * that must not start the function runtime, e.g. a test that stubs /api itself).
 */
import type { Plugin } from 'vite';

/** A Vite plugin that, under `vite preview`, answers `/api` and `/api/*` with netlify/functions. */
export function previewFunctions(): Plugin {
  return {
    name: 'pesgre:preview-functions',
    apply: 'serve',
    async configurePreviewServer(server) {
      if (process.env.PREVIEW_FUNCTIONS === '0' || !server.httpServer) return;
      // Loaded here, not at the top: the dev server and the build never pay for it.
      const { NetlifyDev } = await import('@netlify/dev');
      const { fromWebResponse } = await import('@netlify/dev-utils');
      const netlifyDev = new NetlifyDev({
        projectRoot: server.config.root,
        serverAddress: null,
        // Functions only: Vite serves the built files, and the machine has no network.
        staticFiles: { enabled: false },
        redirects: { enabled: false },
        headers: { enabled: false },
        edgeFunctions: { enabled: false },
        database: { enabled: false },
        blobs: { enabled: false },
        geolocation: { enabled: false },
        images: { enabled: false },
        aiGateway: { enabled: false },
      });
      await netlifyDev.start();
      server.httpServer.once('close', () => void netlifyDev.stop());
      server.middlewares.use(async (req, res, next) => {
        const url = req.url ?? '';
        if (url !== '/api' && !url.startsWith('/api/') && !url.startsWith('/api?')) return next();
        try {
          const result = await netlifyDev.handleAndIntrospectNodeRequest(req, {
            serverAddress: `http://127.0.0.1:${req.socket.localPort}`,
          });
          if (result && result.type !== 'static') return void (await fromWebResponse(result.response, res));
          next();
        } catch (err) {
          next(err);
        }
      });
    },
  };
}
