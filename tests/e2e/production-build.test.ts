/**
 * The production build under the production Content-Security-Policy of netlify.toml: pages start
 * and nothing is blocked. (The dev server runs without it, since Vite's dev preamble is inline.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { Browser } from 'playwright-core';
import { launchChromium } from './stack';

const root = path.resolve(import.meta.dirname, '../..');
let outDir: string;
let server: PreviewServer;
let browser: Browser;
let baseUrl: string;

/** The Content-Security-Policy value declared for "/*" in netlify.toml. */
async function productionCsp(): Promise<string> {
  const toml = await readFile(path.join(root, 'netlify.toml'), 'utf8');
  const m = toml.match(/Content-Security-Policy\s*=\s*"([^"]+)"/);
  if (!m) throw new Error('netlify.toml declares no Content-Security-Policy');
  return m[1]!;
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'pesgre-build-'));
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  // This test answers /api itself (below), so the preview starts no function runtime
  // (scripts/dev-functions.ts under preview); it would only compete for the CPU.
  process.env.PREVIEW_FUNCTIONS = '0';
  server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1', headers: { 'Content-Security-Policy': await productionCsp() } } });
  baseUrl = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => server?.httpServer.close(() => r()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('production build under the production CSP', () => {
  it.each(['/', '/contact', '/industry-sponsor', '/authors/registration'])('%s renders with no CSP violation or console error', async (route) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    // vite preview serves no functions; answer the app-start GET /api as the function does.
    await page.route('**/api', (r) => r.fulfill({ json: { name: 'PESGRE 2025', status: 'ok' } }));
    await page.goto(baseUrl + route);
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('#footer').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
