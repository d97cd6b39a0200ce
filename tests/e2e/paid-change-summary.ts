/**
 * Steps the paid self-service changes' end-to-end tests share (tests/e2e/self-service.test.ts for
 * the tier upgrade, tests/e2e/name-transfer.test.ts): the form's button while its order is held,
 * and the order's summary card (src/features/self-service/PaidChangeParts.tsx) read by its labels.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** While the page's request is held, its submit button says 'Loading...' and is disabled; then `release` lets the request go. */
export async function expectLoadingUntilReleased(page: Page, release: () => void): Promise<void> {
  const loading = page.getByRole('button', { name: 'Loading...' });
  await expect.poll(() => loading.isVisible()).toBe(true);
  expect(await loading.isDisabled()).toBe(true);
  release();
}

/** The summary card's description list, every term with its value's text, in the card's order. */
export function summaryTexts(summary: Locator): Promise<Record<string, string>> {
  return summary.locator('dl').evaluate((dl) => Object.fromEntries([...dl.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? ''])));
}

/** The amount cell of the summary's row named `name` (e.g. 'GST (18%)'). */
export function amountCell(summary: Locator, name: string): Locator {
  return summary.getByRole('row', { name: new RegExp(`^${name.replace(/[()%]/g, '\\$&')}`) }).getByRole('cell');
}
