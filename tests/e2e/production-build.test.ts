/**
 * The production build under the production Content-Security-Policy of netlify.toml: pages start
 * and nothing is blocked. (The dev server runs without it, since Vite's dev preamble is inline.)
 * The ticket verifier's web app manifest and service worker (decision 014): scoped to the verifier,
 * which opens again with no network.
 */
import { describe, expect, it } from 'vitest';
import { UNREACHABLE_GRACE_MS } from '../../src/lib/admin-api';
import { nextFrames } from './fixture';
import { previewFixture } from './production-preview';

// This test answers /api itself (below), so the preview starts no function runtime
// (scripts/dev-functions.ts under preview); it would only compete for the CPU.
process.env.PREVIEW_FUNCTIONS = '0';
const preview = previewFixture();

describe('production build under the production CSP', () => {
  it.each(['/', '/contact', '/industry-sponsor', '/authors/registration'])('%s renders with no CSP violation or console error', async (route) => {
    const context = await preview.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    // vite preview serves no functions; answer the app-start GET /api as the function does.
    await page.route('**/api', (r) => r.fulfill({ json: { name: 'PESGRE 2025', status: 'ok' } }));
    await page.goto(preview.baseUrl + route);
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('#footer').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the ticket verifier is an installable app: manifest, a service worker scoped to it alone, and it opens offline', async () => {
    const context = await preview.browser.newContext();
    // The browser's clock, so that the guard's grace below is passed without waiting it out.
    await context.clock.install();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await context.route('**/api', (r) => r.fulfill({ json: { name: 'PESGRE 2025', status: 'ok' } }));
    await context.route('**/api/admin-auth/verify', (r) => r.fulfill({ json: { ok: true } }));
    // Any other admin call (the verifier's offline state) answers as a server with no data would.
    await context.route('**/api/admin/**', (r) => r.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Server error. Try again later.' } } }));
    await page.goto(preview.baseUrl + '/admin/login');
    // An enrolled desk device's token (only a device keeps its session offline: decision 044); the
    // verify call above is stubbed, so only its readable claims matter here.
    const deviceToken = ['e30', Buffer.from(JSON.stringify({ sub: 'desk-test-phone', kind: 'device', roles: ['desk'], name: 'Test phone' })).toString('base64url'), 'sig'].join('.');
    await page.evaluate((t) => localStorage.setItem('admin-token', t), deviceToken);
    await page.goto(preview.baseUrl + '/admin/ticket-verifier');
    await page.getByRole('heading', { level: 1, name: 'Ticket Verification' }).waitFor({ timeout: 20_000 });

    // The manifest the page links, scoped to the verifier.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(new URL(href!, preview.baseUrl))).json()) as { scope: string; start_url: string; display: string };
    expect(manifest).toMatchObject({ scope: '/admin/ticket-verifier', start_url: '/admin/ticket-verifier', display: 'standalone' });
    // The service worker, registered by the verifier with its scope, controls nothing else.
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => new URL(r.scope).pathname));
    expect(scope).toBe('/admin/ticket-verifier');
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration('/').then((r) => r?.scope ?? null))).toBeNull();

    // No network: the page opens again from the service worker's cache and keeps the session.
    // (Workbox's worker does not claim the page that registered it: a navigation after it is active is controlled.)
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Ticket Verification' }).waitFor({ timeout: 20_000 });
    // Beyond the guard's grace for an unanswered check (UNREACHABLE_GRACE_MS): every timer due by then fires.
    await page.clock.fastForward(UNREACHABLE_GRACE_MS + 1_000);
    await nextFrames(page);
    expect(new URL(page.url()).pathname).toBe('/admin/ticket-verifier');
    expect(await page.evaluate(() => localStorage.getItem('admin-token'))).toBe(deviceToken);
    // A public page is not the app's: offline it does not load.
    const publicPage = await page.goto(preview.baseUrl + '/contact').then(() => 'loaded', () => 'failed');
    expect(publicPage).toBe('failed');
    expect(errors).toEqual([]);
    await context.close();
  });
});
