/**
 * `npm run screenshots`: starts the local stack exactly as `npm start` does (on free ports, with
 * its own key prefix; tests/e2e/stack.ts) and writes full-page screenshots of the home, the
 * wizard's summary step and the admin dashboard at 1366 and 390 px wide into screenshots/
 * (git-ignored), using playwright-core with the Chromium scripts/chromium.ts picks. Takes no arguments
 * (SCREENSHOTS_DIR overrides the folder); prints the files it wrote.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REGISTRATION_STORAGE_KEY } from '../src/lib/persisted-form';
import { launchChromium, startStack, type Stack } from '../tests/e2e/stack';
import { validForm } from '../tests/functions/helpers-form';
import { devDefaults } from './local-config';

const widths = [1366, 390] as const;
const outDir = path.resolve(process.env.SCREENSHOTS_DIR || 'screenshots');

/** Waits until `check` is true (polling), or throws after `timeoutMs`: screenshots wait on conditions, not on time. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function adminToken(stack: Stack): Promise<string> {
  const res = await fetch(`${stack.appUrl}/api/admin-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function shoot(browser: Browser, width: number, name: string, prepare: (page: Page) => Promise<void>): Promise<string> {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, isMobile: width <= 600, reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await prepare(page);
    await page.waitForLoadState('networkidle');
    const file = path.join(outDir, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    return file;
  } catch (err) {
    await page0(context)?.screenshot({ path: path.join(outDir, `${name}-${width}-FAILED.png`), fullPage: true });
    throw err;
  } finally {
    await context.close();
  }
}

const page0 = (context: { pages(): Page[] }) => context.pages()[0];

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const stack = await startStack();
  const browser = await launchChromium();
  try {
    const token = await adminToken(stack);
    for (const width of widths) {
      console.log(
        await shoot(browser, width, 'home', async (page) => {
          await page.goto(`${stack.appUrl}/`);
          await until(() => page.getByRole('heading', { name: 'Organisers' }).isVisible(), 'the home page');
          // Lazy logos load as they scroll into view; a full-page shot should show them all.
          await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager')));
          await until(() => page.evaluate(() => [...document.images].every((img) => img.complete)), 'the images');
        }),
      );
      console.log(
        await shoot(browser, width, 'wizard-summary', async (page) => {
          await page.goto(`${stack.appUrl}/authors/registration`);
          await page.evaluate(([key, value]) => localStorage.setItem(key, value), [REGISTRATION_STORAGE_KEY, JSON.stringify({ step: 9, data: validForm() })] as const);
          await page.goto(`${stack.appUrl}/authors/registration/details`);
          await until(() => page.getByRole('heading', { name: 'Summary and payment' }).isVisible(), 'the summary step');
        }),
      );
      console.log(
        await shoot(browser, width, 'admin-dashboard', async (page) => {
          // Stored before any script of the page runs, as a signed-in organiser's browser has it.
          await page.addInitScript((t) => localStorage.setItem('admin-token', t), token);
          await page.goto(`${stack.appUrl}/admin`);
          await until(() => page.getByRole('heading', { name: 'Admin Dashboard' }).isVisible(), 'the dashboard', 60_000);
          await until(async () => /\d/.test((await page.getByTestId('total-registrations').textContent()) ?? ''), 'the dashboard summary');
        }),
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
