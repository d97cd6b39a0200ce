/**
 * Build step: prerenders the public pages, and makes
 * `vite preview` serve the result as Netlify does. Both are Vite plugins used by vite.config.ts.
 *
 * After the client build, `prerenderPages()` bundles src/entry-server.tsx with a second,
 * server-side Vite build (into a temporary folder under node_modules/.cache, removed afterwards;
 * into PRERENDER_SERVER_DIR, kept, when the end-to-end tests set it: renderPages),
 * renders every path of `prerenderedPaths` (src/shared/route-sets.ts) with React Router's static
 * rendering, and writes it into the built index.html:
 *   - dist/index.html for '/', dist/<path>/index.html for the rest: the page's HTML inside #root
 *     (with data-rendered-at, the render instant the clock hooks hydrate with: src/lib/render-time.ts),
 *     its <title> (and any <meta>) in the head instead of the shell's, a stylesheet link for the
 *     CSS of its lazy route chunk (from the client build manifest), so the page is styled before
 *     any script runs and nothing shifts; instead of the app's entry, src/start.ts,
 *     which starts the app after the first paint (the pages the app renders), or the bootstrap
 *     script src/boot.ts, which starts it at the first interaction (an information page,
 *     staticPaths), both with the chunks to load with it in data-app-chunks; an information page also gets its critical
 *     CSS inline and the stylesheets at the end of the body (beasties);
 *   - dist/spa-fallback.html: the untouched shell (empty #root), which netlify.toml serves for
 *     every other path (admin, unknown addresses). The home page's HTML cannot be the
 *     fallback: hydrating it at /admin would not match.
 * Every rendered page must answer 200; a page module missing from the manifest fails the build.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import { prerenderedPaths, scriptOnlyPaths, staticPaths } from '../src/shared/route-sets.ts';
import { paths, pathAliases } from '../src/shared/routes.ts';
import { writeProgrammeServiceWorker } from './programme-sw.ts';

/** The SPA fallback shell's file name in dist (netlify.toml rewrites unmatched paths to it). */
export const SPA_FALLBACK = 'spa-fallback.html';

/** The file name of the server-side bundle's entry in its folder. */
const SERVER_ENTRY = 'entry-server.mjs';

/** The output file of a prerendered path, relative to dist: 'index.html' or '<path>/index.html'. */
export function prerenderedFile(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.replace(/^\/|\/$/g, '')}/index.html`;
}

interface EntryServer {
  render(pathname: string, renderedAt: number): Promise<{ status: number; html: string; modules: string[]; hydrateOnInteraction: boolean }>;
}

/** The files a manifest chunk needs: its own and its static imports', recursively. */
function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunkClosure(manifest, imported, seen);
  return seen;
}

/**
 * <link> tags for the CSS of `modules` that the entry chunk does not already load (their JS is
 * fetched by the bootstrap script: pageScripts). The CSS of the chunks they import dynamically is
 * linked too: a page's static islands (src/lib/hydrate-on-interaction.tsx) are in its HTML,
 * styled, before their code arrives.
 */
function assetLinks(manifest: Manifest, modules: string[]): string {
  if (!manifest[APP_ENTRY]?.isEntry) throw new Error(`prerender: the client manifest has no entry chunk ${APP_ENTRY}`);
  const loaded = chunkClosure(manifest, APP_ENTRY);
  const css = new Set<string>();
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`prerender: ${module} (a page route's handle.module) is not in the client build manifest`);
    for (const key of chunkClosure(manifest, module)) {
      if (loaded.has(key)) continue;
      const chunk = manifest[key]!;
      for (const file of chunk.css ?? []) css.add(file);
      for (const dynamic of chunk.dynamicImports ?? []) {
        for (const key of chunkClosure(manifest, dynamic)) if (!loaded.has(key)) for (const file of manifest[key]!.css ?? []) css.add(file);
      }
    }
  }
  return [...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join('\n    ');
}

/** The JS files of `modules` and the chunks they import that the app's entry does not already load. */
function pageScripts(manifest: Manifest, modules: string[]): string[] {
  const loaded = chunkClosure(manifest, APP_ENTRY);
  const files = new Set<string>();
  for (const module of modules) for (const key of chunkClosure(manifest, module)) if (!loaded.has(key)) files.add(`/${manifest[key]!.file}`);
  return [...files];
}

/** The manifest keys of the app's entry (src/main.tsx) and of the information pages' bootstrap script. */
const APP_ENTRY = 'index.html';
const BOOT_ENTRY = 'src/boot.ts';
/** The manifest key of the module that hydrates a prerendered information page on the first interaction. */
const HYDRATE_MODULE = 'src/lib/hydrate-on-interaction.tsx';
/** The manifest key of the programme's page, whose code (and its island's) the programme's service worker keeps (decision 039). */
const PROGRAMME_PAGE = 'src/features/programme/ProgrammePage.tsx';
/** The manifest key of the script that starts the app after the first paint on the pages it renders. */
const START_ENTRY = 'src/start.ts';

/**
 * The <script> that starts an information page: the bootstrap script (src/boot.ts)
 * instead of the app's entry, with modulepreload links for the chunks it imports (shared with
 * the app). The app loads later, from the bootstrap.
 */
function bootScript(manifest: Manifest, entry = BOOT_ENTRY): { script: string; preloads: string; app: string } {
  const boot = manifest[entry];
  if (!boot?.isEntry) throw new Error(`prerender: the client manifest has no entry chunk ${entry}`);
  const imports = [...chunkClosure(manifest, entry)].filter((k) => k !== entry).map((k) => manifest[k]!.file);
  return {
    app: `/${manifest[APP_ENTRY]!.file}`,
    script: `<script type="module" crossorigin src="/${boot.file}"></script>`,
    preloads: imports.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    '),
  };
}

/**
 * Critical CSS for an information page, by beasties: the rules of the page's
 * stylesheets that match its HTML are inlined in the head; the stylesheets themselves (kept whole:
 * hover and open states, and the pages the app renders later, need them) stay linked with
 * media="print", which does not hold back the first paint, and a <noscript> copy for visitors
 * without JavaScript. beasties' "media-script" strategy marks them `data-beasties-media` and
 * appends an inline script that switches them on; the Content-Security-Policy (script-src 'self')
 * allows no inline script, so that script is removed here and the bootstrap script (src/boot.ts)
 * does the switch instead, for all of them at once when all have loaded: one by one, an earlier
 * sheet would briefly override rules of a later one that the inlined copy had in order (a
 * layout shift). Returns a function from a page document to the processed one; `outDir` holds
 * the assets.
 */
function inlineCriticalCss(outDir: string): (html: string) => Promise<string> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'media-script',
    pruneSource: false,
    inlineFonts: false,
    preloadFonts: false,
    reduceInlineStyles: false,
    logLevel: 'warn',
  });
  return async (html) => {
    const processed = await beasties.process(html);
    const inlineScript = /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;
    if (!inlineScript.test(processed)) throw new Error('prerender: beasties wrote no deferred-CSS script to replace (its output has changed)');
    return processed.replace(inlineScript, '');
  };
}

/**
 * The instant the pages are rendered at, in ms since the epoch: now, or PRERENDER_AT (an ISO
 * instant) when set, which the end-to-end tests use to build the home page's time-dependent
 * blocks (Upcoming Events, the countdowns) as they are before the conference (decision 020).
 * Throws on a value that is not an instant.
 */
export function renderInstant(env: NodeJS.ProcessEnv = process.env): number {
  const pinned = env.PRERENDER_AT;
  if (!pinned) return Date.now();
  const ms = Date.parse(pinned);
  if (!Number.isFinite(ms)) throw new Error(`prerender: PRERENDER_AT is not an ISO instant: ${JSON.stringify(pinned)}`);
  return ms;
}

/** Splits React 19's hoisted head elements (<title>, <meta>, <link>) off the front of the markup. */
function splitHoisted(html: string): { head: string[]; body: string } {
  const head: string[] = [];
  let rest = html;
  for (;;) {
    const m = rest.match(/^(<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/);
    if (!m) break;
    head.push(m[1]!);
    rest = rest.slice(m[1]!.length);
  }
  return { head, body: rest };
}

/**
 * The page document: the shell `template` with the page's head elements and markup.
 * `renderedAt` in ms since the epoch; `needsScript` keeps the shell's <noscript> note.
 */
export function pageDocument(
  template: string,
  page: { html: string; links: string; renderedAt: number; needsScript: boolean; boot?: { script: string; preloads: string; app: string; chunks?: string[]; startAfterMs?: number } },
): string {
  const { head, body } = splitHoisted(page.html);
  let doc = template;
  if (head.some((h) => h.startsWith('<title>'))) doc = doc.replace(/<title>[\s\S]*?<\/title>/, '');
  if (head.some((h) => /^<meta\b[^>]*name="description"/.test(h))) doc = doc.replace(/<meta name="description"[^>]*>/, '');
  const extra = [...head, page.links, page.boot?.preloads ?? ''].filter(Boolean).join('\n    ');
  doc = doc.replace('</head>', `  ${extra}\n  </head>`);
  // A prerendered page paints and reads without its scripts, so they are fetched at low priority:
  // on a slow connection the stylesheets and the largest image (the hero's, preloaded with high
  // priority) get the bandwidth first, and the first paint does not wait for ~100 KB of JS.
  if (!/<script type="module" crossorigin src=/.test(doc)) throw new Error('prerender: the built index.html has no module entry script');
  // An information page gets the bootstrap script instead, which starts the app later.
  if (page.boot) doc = doc.replace(/<script type="module" crossorigin src="[^"]*"><\/script>/, () => page.boot!.script);
  else doc = doc.replace(/<script type="module" crossorigin src=/, '<script type="module" fetchpriority="low" crossorigin src=');
  if (!doc.includes('<div id="root"></div>')) throw new Error('prerender: the built index.html has no empty <div id="root"></div>');
  const chunks = page.boot?.chunks?.length ? ` data-app-chunks="${page.boot.chunks.join(' ')}"` : '';
  const start = page.boot ? ` data-app="${page.boot.app}" data-app-start="${page.boot.startAfterMs ?? 'interaction'}"${chunks}` : '';
  doc = doc.replace('<div id="root"></div>', () => `<div id="root" data-rendered-at="${page.renderedAt}"${start}>${body}</div>`);
  if (!page.needsScript) doc = doc.replace(/\s*<noscript>This site needs JavaScript[\s\S]*?<\/noscript>/, '');
  return doc;
}

/**
 * Writes the prerendered pages and the SPA fallback into `outDir` (the finished client build,
 * with .vite/manifest.json). `configFile` is the Vite config the server-side build uses.
 * Returns the number of pages written.
 */
export async function prerender(config: ResolvedConfig, outDir: string): Promise<number> {
  const cacheDir = path.join(config.root, 'node_modules/.cache');
  await mkdir(cacheDir, { recursive: true });
  // PRERENDER_SERVER_DIR (tests only): the server-side bundle goes there and is kept, so that the
  // end-to-end tests can render the same build's pages again at another instant (renderPages).
  const kept = process.env.PRERENDER_SERVER_DIR ? path.resolve(process.env.PRERENDER_SERVER_DIR) : undefined;
  const ssrOut = kept ?? (await mkdtemp(path.join(cacheDir, 'pesgre-prerender-')));
  try {
    await build({
      root: config.root,
      configFile: config.configFile,
      mode: config.mode,
      logLevel: 'warn',
      // react-router(-dom) are bundled so that the production-build alias of vite.config.ts
      // applies to every import of them (one copy of the router's contexts); React stays external.
      ssr: { noExternal: ['react-router', 'react-router-dom'] },
      build: {
        ssr: 'src/entry-server.tsx',
        outDir: ssrOut,
        emptyOutDir: true,
        sourcemap: false,
        manifest: false,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: SERVER_ENTRY } },
      },
    });
    // The untouched shell, before the home page's HTML takes index.html's place.
    await writeFile(path.join(outDir, SPA_FALLBACK), await readFile(path.join(outDir, 'index.html'), 'utf8'));
    return await renderPages(outDir, ssrOut, renderInstant());
  } finally {
    if (!kept) await rm(ssrOut, { recursive: true, force: true });
  }
}

/**
 * Renders every prerendered path at `renderedAt` (ms since the epoch) with the server-side bundle
 * in `serverDir` and writes the pages into `outDir`, a finished client build whose
 * spa-fallback.html holds the untouched shell. Running it again on a copy of a build renders that
 * build's pages at another instant (the end-to-end tests' shared build does). Returns the number
 * of pages written; throws when a page does not render with 200 or a module is missing from the manifest.
 */
export async function renderPages(outDir: string, serverDir: string, renderedAt: number): Promise<number> {
  const { render } = (await import(pathToFileURL(path.join(serverDir, SERVER_ENTRY)).href)) as EntryServer;
  const template = await readFile(path.join(outDir, SPA_FALLBACK), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const boot = bootScript(manifest);
  const start = bootScript(manifest, START_ENTRY);
  const criticalCss = inlineCriticalCss(outDir);
  // The chunks the app's entry imports, which the bootstrap script preloads when it starts the app.
  const entryImports = [...chunkClosure(manifest, APP_ENTRY)].filter((k) => k !== APP_ENTRY).map((k) => `/${manifest[k]!.file}`);
  if (!manifest[APP_ENTRY]?.isEntry) throw new Error(`prerender: the client manifest has no entry chunk ${APP_ENTRY}`);
  for (const pathname of prerenderedPaths) {
    const page = await render(pathname, renderedAt);
    if (page.status !== 200) throw new Error(`prerender: ${pathname} rendered with status ${page.status}`);
    const file = path.join(outDir, prerenderedFile(pathname));
    await mkdir(path.dirname(file), { recursive: true });
    const isStatic = staticPaths.includes(pathname);
    // Every prerendered page links only its CSS and starts from a small script: an
    // information page from the bootstrap script, which fetches the app at the first
    // interaction; a page the app renders (isStatic false) from src/start.ts, which fetches it
    // right after the first paint, with the page's code.
    // An information page's own code waits for the first interaction; what hydrates it then
    // (src/lib/hydrate-on-interaction.tsx) comes with the app.
    const pageChunks = isStatic || page.hydrateOnInteraction ? pageScripts(manifest, [HYDRATE_MODULE]) : pageScripts(manifest, page.modules);
    const doc = pageDocument(template, {
      html: page.html,
      links: assetLinks(manifest, page.modules),
      renderedAt,
      needsScript: scriptOnlyPaths.includes(pathname),
      boot: {
        ...(isStatic ? boot : start),
        chunks: [...entryImports, ...pageChunks],
        // Every information page, the home page too (its carousels, ticker and countdowns are
        // islands: decision 020), starts the app on the first interaction; the others at once
        // after the first paint (decision 021).
        startAfterMs: isStatic ? undefined : 0,
      },
    });
    // An information page paints from its HTML and inlined CSS alone.
    await writeFile(file, isStatic ? await criticalCss(doc) : doc);
  }
  // The programme's offline copy (decision 039): its worker precaches what the page just written loads.
  if (prerenderedPaths.includes(paths.programme)) await writeProgrammeServiceWorker(outDir, [PROGRAMME_PAGE]);
  return prerenderedPaths.length;
}

/** The Vite plugin: prerenders after the client build (not in the server-side build it starts). */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pesgre:prerender',
    apply: (cfg, env) => env.command === 'build' && !cfg.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const started = performance.now();
        const outDir = path.resolve(config.root, config.build.outDir);
        const count = await prerender(config, outDir);
        config.logger.info(`prerendered ${count} pages in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}

/**
 * `vite preview` as Netlify serves the build: an address with a prerendered page gets it
 * (dist/<path>/index.html), any other page address gets the
 * SPA fallback shell instead of Vite's default (dist/index.html, the prerendered home page).
 */
export function previewLikeNetlify(): Plugin {
  return {
    name: 'pesgre:preview-like-netlify',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        const [pathname = '/', query] = (req.url ?? '/').split('?', 2);
        // netlify.toml's redirects of pathAliases (301), as Netlify answers them.
        const alias = pathAliases[pathname.replace(/(.)\/+$/, '$1')];
        if (alias) {
          res.statusCode = 301;
          res.setHeader('Location', alias);
          res.end();
          return;
        }
        const last = pathname.split('/').pop() ?? '';
        // Files (a dot in the last segment), the API and the home page are served as they are.
        if (pathname === '/' || last.includes('.') || pathname.startsWith('/api')) return next();
        const prerendered = prerenderedFile(decodeURIComponent(pathname));
        const target = existsSync(path.join(outDir, prerendered)) ? prerendered : SPA_FALLBACK;
        req.url = `/${target}${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
  };
}
