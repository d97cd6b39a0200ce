/**
 * Build step: the service worker that keeps the /program page usable offline once visited (the
 * venue's Wi-Fi; decision 039). scripts/prerender.ts calls it after writing the pages, because
 * what it precaches is read from the page it wrote: Workbox's generateSW (workbox-build, the
 * library vite-plugin-pwa runs for the ticket verifier's worker) writes dist/program-sw.js with
 *  - a precache of the files the page loads (its scripts, styles and pictures, the island and
 *    the app that hydrates it), each hashed file cached as it is, and the page itself
 *    (program/index.html) under the revision of its content;
 *  - network first, with a short timeout, for the page (/program) and for GET /api/programme,
 *    each keeping its last answer; offline, the page falls back to the precached copy.
 * The page's island registers it with the scope /program (production builds only). One worker
 * per scope: the verifier's (/admin/ticket-verifier) is vite-plugin-pwa's.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from 'vite';
import { generateSW } from 'workbox-build';

/** The worker's file in dist, and the scope the island registers it with. */
export const PROGRAMME_SW = 'program-sw.js';
export const PROGRAMME_PAGE = '/program';
/** How long the worker waits for the network before it answers from its cache, in seconds. */
const NETWORK_TIMEOUT_SECONDS = 4;

/** The chunks `key` needs, its static imports recursively (manifest keys). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * The files (relative to `outDir`) the prerendered page `html` loads or will load: every local
 * src/href of the document and the chunks on its root (data-app, data-app-chunks), and the JS and
 * CSS of `modules` (manifest keys: the page) with their imports and their dynamic imports (the island).
 */
export function pageFiles(html: string, manifest: Manifest, modules: readonly string[]): string[] {
  const files = new Set<string>();
  for (const m of html.matchAll(/\b(?:src|href|data-app|data-app-chunks)="([^"]+)"/g)) {
    for (const url of m[1]!.split(' ')) {
      // Local files only: pages (no dot in the last segment), the API and other sites are not files.
      if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(url)) files.add(url.slice(1));
    }
  }
  for (const module of modules) {
    // The module, what it imports, and what it imports later (the page's island).
    const keys = closure(manifest, module);
    for (const dynamic of manifest[module]?.dynamicImports ?? []) closure(manifest, dynamic, keys);
    for (const key of keys) {
      const chunk = manifest[key]!;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
  }
  return [...files].sort();
}

/**
 * Writes dist/program-sw.js for the built site in `outDir` (.vite/manifest.json and the
 * prerendered program/index.html in it). `modules` are the manifest keys whose code the page
 * imports later (its page module, which imports the island). Returns how many files it precaches.
 */
export async function writeProgrammeServiceWorker(outDir: string, modules: readonly string[]): Promise<number> {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const page = 'program/index.html';
  const html = await readFile(path.join(outDir, page), 'utf8');
  const files = pageFiles(html, manifest, modules);
  const { count, warnings } = await generateSW({
    swDest: path.join(outDir, PROGRAMME_SW),
    globDirectory: outDir,
    globPatterns: [page, ...files],
    // Vite's file names carry their content's hash: no revision needed for them.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    cacheId: 'programme',
    inlineWorkboxRuntime: true,
    mode: 'production',
    sourcemap: false,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigationPreload: false,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && (url.pathname === '/program' || url.pathname === '/program/'),
        handler: 'NetworkFirst',
        options: { cacheName: 'programme-page', networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, precacheFallback: { fallbackURL: `/${page}` }, matchOptions: { ignoreVary: true, ignoreSearch: true } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/programme',
        handler: 'NetworkFirst',
        options: { cacheName: 'programme-data', networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, matchOptions: { ignoreVary: true } },
      },
    ],
  });
  if (warnings.length) throw new Error(`programme service worker: ${warnings.join('; ')}`);
  return count;
}
