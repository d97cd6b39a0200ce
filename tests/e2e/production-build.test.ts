/**
 * The production build under the production Content-Security-Policy of netlify.toml: pages start
 * and nothing is blocked. (The dev server runs without it, since Vite's dev preamble is inline.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './stack';
import { startProductionPreview, type ProductionPreview } from './production-preview';

let site: ProductionPreview;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  // This test answers /api itself (below), so the preview starts no function runtime
  // (scripts/dev-functions.ts under preview); it would only compete for the CPU.
  process.env.PREVIEW_FUNCTIONS = '0';
  site = await startProductionPreview('pesgre-build-');
  baseUrl = site.baseUrl;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
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
