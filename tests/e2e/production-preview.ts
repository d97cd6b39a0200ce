/**
 * The production build served by `vite preview` under netlify.toml's Content-Security-Policy, for
 * the e2e files that test what Netlify serves (production-build.test.ts, prerender.test.ts,
 * home-islands.test.ts).
 *
 * One build per e2e run, shared by those files even when they run at the same time in different
 * workers: the first file that asks makes it (the client build, the server-side bundle and the
 * prerendered pages, as `npm run build` does) in the run's folder (PESGRE_E2E_RUN_DIR, made by
 * tests/setup/e2e-run.ts); the others wait until it is there. A file that wants the pages
 * rendered at another instant gets a copy of that build with its pages rendered again at that
 * instant by the same server-side bundle (scripts/prerender.ts, renderPages): the client is not
 * built twice. Each file starts its own `vite preview` on the build; the run's global setup
 * removes the builds when the run ends.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { build, preview } from 'vite';
import { renderPages } from '../../scripts/prerender';
import { launchChromium } from './stack';

const root = path.resolve(import.meta.dirname, '../..');

export interface ProductionPreview {
  /** The preview's origin, without a trailing slash. */
  baseUrl: string;
  close(): Promise<void>;
}

/** The Content-Security-Policy value declared for "/*" in netlify.toml; throws when there is none. */
export async function productionCsp(): Promise<string> {
  const toml = await readFile(path.join(root, 'netlify.toml'), 'utf8');
  const m = toml.match(/Content-Security-Policy\s*=\s*"([^"]+)"/);
  if (!m) throw new Error('netlify.toml declares no Content-Security-Policy');
  return m[1]!;
}

/**
 * Builds the site into `outDir` as `npm run build` does (prerendered pages included), keeping the
 * prerender's server-side bundle in `serverDir`. vitest sets NODE_ENV=test, and Vite keeps a
 * NODE_ENV it finds: the build would be React's development build with import.meta.env.PROD false
 * (no service worker, dev warnings). So it is built under production, then both variables are put back.
 */
async function buildSite(outDir: string, serverDir: string): Promise<void> {
  const saved = { NODE_ENV: process.env.NODE_ENV, PRERENDER_SERVER_DIR: process.env.PRERENDER_SERVER_DIR };
  process.env.NODE_ENV = 'production';
  process.env.PRERENDER_SERVER_DIR = serverDir;
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** How long a file waits for another file's build before it gives up (ms): the e2e hook time-out. */
const WAIT_FOR_OTHER_MS = 300_000;

/**
 * `make(target)` once per run, whichever worker asks first: the first caller takes the lock (an
 * atomic mkdir of `<target>.lock`, its pid inside) and makes `target`; every other caller polls
 * until `<target>.ready` is there. A failure is written to `<target>.failed` and thrown in every
 * waiting caller too; so is the death of the worker that held the lock. Returns `target`.
 */
async function once(target: string, make: (target: string) => Promise<void>): Promise<string> {
  const lock = `${target}.lock`;
  const ready = `${target}.ready`;
  const failed = `${target}.failed`;
  let mine = false;
  try {
    await mkdir(lock);
    mine = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (mine) {
    await writeFile(path.join(lock, 'pid'), String(process.pid));
    try {
      const started = Date.now();
      await make(target);
      await writeFile(ready, '');
      console.log(`[e2e] ${path.basename(target)} made for the run in ${Math.round((Date.now() - started) / 1000)} s (pid ${process.pid})`);
      return target;
    } catch (err) {
      await writeFile(failed, (err as Error).stack ?? String(err));
      throw err;
    }
  }
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (;;) {
    if (existsSync(ready)) return target;
    if (existsSync(failed)) throw new Error(`${path.basename(target)} failed in another e2e file:\n${await readFile(failed, 'utf8')}`);
    const pid = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => ''));
    if (pid && !alive(pid)) throw new Error(`the e2e worker (pid ${pid}) that was making ${path.basename(target)} died`);
    if (Date.now() > deadline) throw new Error(`${path.basename(target)} not made by another e2e file within ${WAIT_FOR_OTHER_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive under another user; only ESRCH means gone.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * The run's shared production build, made on first use: its pages rendered now (or at
 * PRERENDER_AT when the environment sets it), or at `renderAt` (an ISO instant) in a copy of it.
 * Returns the folder to serve.
 */
async function sharedBuild(runDir: string, renderAt: string | undefined): Promise<string> {
  const base = await once(path.join(runDir, 'build'), (outDir) => buildSite(outDir, path.join(runDir, 'server')));
  if (renderAt === undefined) return base;
  const at = Date.parse(renderAt);
  if (!Number.isFinite(at)) throw new Error(`renderAt is not an ISO instant: ${renderAt}`);
  return once(path.join(runDir, `build-at-${at}`), async (outDir) => {
    await cp(base, outDir, { recursive: true });
    await renderPages(outDir, path.join(runDir, 'server'), at);
  });
}

/**
 * Serves the run's shared production build (prerendered pages included; above) on a free port
 * with the production CSP. `renderAt` (an ISO instant) pins the instant the pages are rendered at
 * (as PRERENDER_AT does for `npm run build`: scripts/prerender.ts); by default, now. Throws outside
 * an e2e run (no PESGRE_E2E_RUN_DIR: the e2e project's global setup makes it).
 */
export async function startProductionPreview(opts: { renderAt?: string } = {}): Promise<ProductionPreview> {
  const runDir = process.env.PESGRE_E2E_RUN_DIR;
  if (!runDir) throw new Error('startProductionPreview runs inside the e2e project (vitest --project e2e), whose global setup makes the run folder');
  const outDir = await sharedBuild(runDir, opts.renderAt);
  const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1', headers: { 'Content-Security-Policy': await productionCsp() } } });
  return {
    baseUrl: server.resolvedUrls!.local[0]!.replace(/\/$/, ''),
    close: () => new Promise<void>((r) => server.httpServer.close(() => r())),
  };
}

/**
 * Registers the hooks of a file that drives the production build: the preview
 * (startProductionPreview(opts)) and one Chromium, up before the file's tests and stopped after
 * them. Returns their live view (its fields throw if read before beforeAll ran).
 */
export function previewFixture(opts: { renderAt?: string } = {}): { readonly baseUrl: string; readonly browser: Browser } {
  let site: ProductionPreview | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    site = await startProductionPreview(opts);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`previewFixture: ${what} is not ready (used outside a test?)`);
    return value;
  };
  return {
    get baseUrl() {
      return ready(site, 'the preview').baseUrl;
    },
    get browser() {
      return ready(browser, 'the browser');
    },
  };
}

/**
 * A new page of `context` whose console errors and warnings, and uncaught errors, are collected in
 * `problems`. vite preview serves no functions: the app-start GET /api is answered as the function
 * answers it.
 */
export async function watchedPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${String(e)}`));
  await page.route('**/api', (r) => r.fulfill({ json: { name: 'PESGRE 2025', status: 'ok' } }));
  return { page, problems };
}

/**
 * The paths of the scripts whose fetch started before the page's load event, as the page itself
 * timed them (resource timing against the navigation's loadEventStart). A list of the requests
 * seen by the time `goto` returns may already hold a script the page starts just after the load
 * (the programme's island), on a slow machine or a slower browser build.
 */
export async function scriptsBeforeLoad(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const loadAt = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime < loadAt && /\.js$/.test(new URL(e.name).pathname))
      .map((e) => new URL(e.name).pathname);
  });
}
