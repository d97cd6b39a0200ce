/**
 * A step the mobile drawer's tests share (tests/e2e/site.test.ts on the dev server,
 * tests/e2e/prerender.test.ts on the production build's prerendered page).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Opens `drawer` with `open` (the hamburger) and closes it by a click on the dimmed backdrop to
 * its right (the page is 390 px wide); then opens it again and follows its 'Students & YPs' link.
 */
export async function closeByBackdropThenFollowLink(page: Page, open: Locator, drawer: Locator): Promise<void> {
  await open.click();
  await expect.poll(() => drawer.isVisible()).toBe(true);
  await page.mouse.click(385, 420); // the dimmed backdrop, right of the drawer
  await expect.poll(() => drawer.isVisible()).toBe(false);
  await open.click();
  await drawer.getByRole('link', { name: 'Students & YPs' }).click();
}
