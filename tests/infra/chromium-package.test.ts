/**
 * The fallback browser: @sparticuz/chromium's Chromium, unpacked with its own NSS/NSPR libraries and
 * fonts (scripts/chromium.ts), starts on this machine and renders a page. Runs even where a system
 * Chromium exists, so the fallback a fresh machine depends on is exercised everywhere.
 */
import { describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { chromiumFlags, isExecutableFile, packageChromium } from '../../scripts/chromium';

describe("@sparticuz/chromium's browser", () => {
  it('unpacks, launches through playwright-core and lays out text with its own fonts', async () => {
    const resolved = await packageChromium();
    expect(resolved.source).toBe('package');
    expect(isExecutableFile(resolved.executablePath)).toBe(true);
    expect(resolved.env.LD_LIBRARY_PATH?.split(':')[0]).toMatch(/al2023\/lib$/);

    const browser = await chromium.launch({ executablePath: resolved.executablePath, env: { ...process.env, ...resolved.env }, headless: true, args: [...chromiumFlags] });
    try {
      const page = await browser.newPage();
      await page.setContent('<main><h1><span id="t">Grid resilience</span></h1><button>Register</button></main>');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Grid resilience');
      // Text that takes room proves a font was found: without one, the heading's text has no width.
      const box = await page.locator('#t').boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(50);
      await page.getByRole('button', { name: 'Register' }).click();
    } finally {
      await browser.close();
    }
  }, 120_000);
});
