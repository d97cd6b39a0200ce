import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { netlifyFunctionsDev } from './scripts/dev-functions.ts';
import { netlifyDevFunctions, refuseDevContextBuildPlugin } from './scripts/netlify-dev-functions.ts';
import { prerenderPages, previewLikeNetlify } from './scripts/prerender.ts';

const routerDist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/** The modules of the 'forms-common' chunk (see codeSplitting below). */
const formsCommon =
  /[\\/]src[\\/](shared[\\/](messages|pricing|edition|money|api-paths|registration-form|person-name|tier-rules|regions)|content[\\/](conference|registration)|lib[\\/](api|load-once|pay-outcome|admin-token|visitor-region))\.tsx?$/;

/**
 * Vite config for the SPA. In dev (`npm start`), scripts/dev-functions.ts serves netlify/functions
 * from this server, in-process, routed as Netlify routes them in production, and applies
 * netlify.toml's headers to the site's pages.
 */
export default defineConfig(({ command }) => {
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
    react(),
    netlifyFunctionsDev(),
    // Under `netlify dev` only: the functions compiled for the CLI to serve (decision 059); and no
    // deploy built in the `dev` context, whose functions settings are for `netlify dev` alone.
    netlifyDevFunctions(),
    refuseDevContextBuildPlugin(),
    // Build: the public pages as static HTML (issue 10); preview: served as netlify.toml does.
    prerenderPages(),
    previewLikeNetlify(),
    // The ticket verifier as an installable app that opens without a network (issue 25): a Workbox
    // service worker that precaches the app shell and the scripts. Only the verifier page registers
    // it, with the verifier's scope; the public site registers none. Its web app manifest is the
    // static public/verifier.webmanifest, linked from the verifier page alone (manifest: false).
    VitePWA({
      injectRegister: false,
      manifest: false,
      filename: 'verifier-sw.js',
      scope: '/admin/ticket-verifier',
      workbox: {
        globPatterns: ['**/*.{js,css}', 'favicon.svg', 'verifier.webmanifest'],
        // scripts/prerender.ts writes the SPA shell after the service worker is generated.
        additionalManifestEntries: [{ url: '/spa-fallback.html', revision: String(Date.now()) }],
        globIgnores: ['**/node_modules/**', 'sw.js', 'verifier-sw.js', 'workbox-*.js'],
        navigateFallback: '/spa-fallback.html',
        navigateFallbackAllowlist: [/^\/admin\/ticket-verifier/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  optimizeDeps: {
    // Crawl every page at startup, not only what index.html reaches eagerly: otherwise the first
    // visit to a lazy route that imports a new dependency (jsqr on the ticket verifier) makes Vite
    // re-bundle its dependencies and reload the page mid-visit.
    entries: ['index.html', 'src/**/*.tsx', '!src/entry-server.tsx'],
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/prerender.ts links each prerendered page's route chunk (CSS, JS) from the manifest.
    manifest: true,
    // No preload lists for lazy chunks: Vite would otherwise write every lazy route's dependency
    // list (about 70 hashed file names, 1.1 KB gzipped) into the entry chunk that every page
    // loads (issue 10 budgets). A prerendered page's HTML still preloads all of its own chunks
    // (scripts/prerender.ts); what is lost is the parallel fetch of a lazy route's shared chunks
    // on a client-side navigation, one round trip, and those are mostly cached by then. CSS of
    // lazy chunks is still loaded before the route renders.
    modulePreload: false,
    rolldownOptions: {
      // The app (index.html, src/main.tsx) and the information pages' bootstrap script (issue 26:
      // src/boot.ts, which scripts/prerender.ts puts on those pages instead of the app).
      input: { index: 'index.html', boot: 'src/boot.ts', start: 'src/start.ts' },
      output: {
        // React, React DOM and the router in a chunk of their own, so that src/app-start.ts can
        // evaluate it in a task of its own (yielding to the browser before the app's code) rather
        // than all in one long task when the app starts (issue 26: total blocking time).
        codeSplitting: {
          // A group takes only the modules its test names, not what they import (content/identity
          // and the paths belong to every page).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The small modules the form pages share, in one chunk instead of about 16 of a few
            // hundred bytes each: one gzip stream makes them 2.4 KB smaller (issue 10 budgets).
            // None of them is loaded by the entries, payment success, the error page or the home
            // page's islands, and none imports React (src/lib/focus.ts and src/shared/dates.ts stay out).
            { name: 'forms-common', test: formsCommon },
            // What both start scripts share (src/app-start.ts) and the deferred-embed rule
            // (src/lib/deferred-frame.ts), which the bootstrap script and the Location page share:
            // one chunk the information pages load anyway, not a request of its own.
            { name: 'app-start', test: /[\\/]src[\\/](app-start|lib[\\/]deferred-frame)\.ts$/ },
            // What the bootstrap script and the app's entry share (the paths, the conference's
            // name and contact, Vite's dynamic-import helper): one chunk, so that a module the
            // information pages need (the payment-success island reads the name) never splits one
            // more off the entry that every app page loads.
            { name: 'routes', test: /[\\/]src[\\/](shared[\\/]routes|content[\\/]identity)\.ts$|vite[\\/]preload-helper/ },
            // Payment success before the app (decision 023): the island and the wording it shares
            // with the React page, fetched in one request.
            { name: 'payment-success-island', test: /[\\/]src[\\/]features[\\/]registration[\\/]payment-success-(view|island)\.ts$/ },
            // The programme before the app (decision 039): the island, the timetable it renders
            // with and the programme's rules, fetched in one request.
            { name: 'programme-island', test: /[\\/]src[\\/](features[\\/]programme[\\/]island|lib[\\/]timetable|shared[\\/]programme)\.ts$/ },
          ],
        },
      },
    },
  },
};
});

