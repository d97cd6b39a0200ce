import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import netlify from '@netlify/vite-plugin';
import { fileURLToPath } from 'node:url';
import { cacheFunctionBuilds } from './scripts/dev-function-cache.ts';
import { surviveAbortedRequests } from './scripts/dev-abort-guard.ts';
import { previewFunctions } from './scripts/preview-functions.ts';

const routerDist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Vite config for the SPA. In dev, @netlify/vite-plugin serves netlify/functions
 * through Vite's middleware exactly as Netlify routes them in production.
 * Edge functions, Blobs, the database feature and geolocation lookups are off:
 * the project uses none of them and the machine has no network.
 */
/**
 * Dev only: drops the Content-Security-Policy that the Netlify plugin copies from netlify.toml.
 * That policy allows no inline script, which is right for the production build (it has none;
 * tests/e2e/production-build.test.ts serves the build under it) but blocks Vite's inline
 * React-refresh preamble. The plugin has no switch for header emulation, so this middleware,
 * registered after the plugin's, removes the one header before Vite serves the page.
 */
function devWithoutCsp(): Plugin {
  return {
    name: 'pesgre:dev-without-csp',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((_req, res, next) => {
        res.removeHeader('Content-Security-Policy');
        next();
      });
    },
  };
}

/**
 * Dev only: queues concurrent calls to the same function path. The Netlify plugin rebuilds a
 * function into the same directory on every call, so two simultaneous calls to one function can
 * see each other's half-written bundle ("Cannot find module ..."). Calls to different functions
 * (verify-payment and the webhook, say) still run concurrently; production is unaffected.
 */
function devQueuePerFunction(): Plugin {
  const tails = new Map<string, Promise<void>>();
  return {
    name: 'pesgre:dev-queue-per-function',
    apply: 'serve',
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0] ?? '';
        if (!url.startsWith('/api')) return next();
        // GET /api/registrations/{id} is one function whatever the id.
        const path = url.replace(/^\/api\/registrations\/(?!(?:summary|export|resend-ticket|email-check)$)[^/]+$/, '/api/registrations/:id');
        const previous = tails.get(path) ?? Promise.resolve();
        let release = () => {};
        const done = new Promise<void>((resolve) => (release = resolve));
        tails.set(path, previous.then(() => done));
        let closed = false;
        res.once('close', () => {
          closed = true;
          release();
        });
        // A client that went away while queued (a page closed mid-request) is not handed on: the
        // Netlify middleware cannot read its destroyed body and its error stopped the dev server.
        void previous.then(() => (closed ? undefined : next()));
      });
    },
  };
}

export default defineConfig(({ command }) => {
  // Dev only: each function is bundled once, then again only when its sources change.
  if (command === 'serve') {
    cacheFunctionBuilds();
    surviveAbortedRequests();
  }
  return {
  resolve: {
    // react-router's package exports name only its development build; production bundles take the
    // production one (smaller, no development warnings on the default error screen).
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerDist('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerDist('dom-export.mjs') },
          ]
        : [],
  },
  plugins: [
    devQueuePerFunction(),
    react(),
    netlify({
      edgeFunctions: { enabled: false },
      database: { enabled: false },
      blobs: { enabled: false },
      geolocation: { enabled: false },
    }),
    devWithoutCsp(),
    // `vite preview` only: the functions answer beside the production build (npm run bench:site).
    previewFunctions(),
  ],
  optimizeDeps: {
    // Crawl every page at startup, not only what index.html reaches eagerly: otherwise the first
    // visit to a lazy route that imports a new dependency (jsqr on the ticket verifier) makes Vite
    // re-bundle its dependencies and reload the page mid-visit.
    entries: ['index.html', 'src/**/*.tsx'],
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the site supports preloads modules natively; the polyfill only added bytes to
    // the entry chunk that every page loads (issue 10 budgets).
    modulePreload: { polyfill: false },
  },
};
});

