/**
 * The production build served by `vite preview` under netlify.toml's Content-Security-Policy, for
 * the e2e files that test what Netlify serves (production-build.test.ts, prerender.test.ts).
 * Builds into a fresh temporary directory; `close()` stops the server and removes the build.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build, preview } from 'vite';

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
 * Builds the site (prerendered pages included) and serves it on a free port with the production
 * CSP. `renderAt` (an ISO instant) pins the instant the pages are rendered at (PRERENDER_AT,
 * scripts/prerender.ts); by default, now.
 */
export async function startProductionPreview(dirPrefix: string, opts: { renderAt?: string } = {}): Promise<ProductionPreview> {
  const outDir = await mkdtemp(path.join(tmpdir(), dirPrefix));
  try {
    // vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it finds: the build would be React's
    // development build with import.meta.env.PROD false (no service worker, dev warnings). Built as
    // `npm run build` builds, then put back.
    const nodeEnv = process.env.NODE_ENV;
    const renderAt = process.env.PRERENDER_AT;
    process.env.NODE_ENV = 'production';
    if (opts.renderAt) process.env.PRERENDER_AT = opts.renderAt;
    try {
      await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
      if (renderAt === undefined) delete process.env.PRERENDER_AT;
      else process.env.PRERENDER_AT = renderAt;
    }
    const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1', headers: { 'Content-Security-Policy': await productionCsp() } } });
    return {
      baseUrl: server.resolvedUrls!.local[0]!.replace(/\/$/, ''),
      close: async () => {
        await new Promise<void>((r) => server.httpServer.close(() => r()));
        await rm(outDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(outDir, { recursive: true, force: true });
    throw err;
  }
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
