/**
 * axe-core as the end-to-end tests run it (decision 010): the WCAG 2.0, 2.1 and 2.2 A and AA rules and
 * Deque's best practices, on the page as it is now, at a small phone (320 px), a common phone
 * (390 px) and a laptop (1366 px); no violation of any impact may remain. The viewport is put back
 * afterwards, so a test goes on where it was.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
export const AXE_WIDTHS = [320, 390, 1366];

/** Fails with each violation's rule, impact and elements, per width; `where` names the page state. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const original = page.viewportSize();
  try {
    for (const width of AXE_WIDTHS) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      // Let the new layout settle (media queries, sticky header) before axe reads it.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      expect(axe.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${where} at ${width} px`).toEqual([]);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
