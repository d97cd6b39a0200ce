/**
 * The self-service pages share one layout, one label style and one set of words: every
 * page of the tier upgrade, IEEE change, name change, name transfer, cancellation, invoices, proof
 * of student status and certificates is one `article.self-service` (SelfServiceLayout) with one
 * h1 and its title, at one width; the registrant's e-mail field is labelled 'Registered e-mail'
 * and the registration field 'Registration ID' everywhere (src/components/self-service-words.ts).
 */
import { describe, expect, it } from 'vitest';
import { identity } from '../../src/content/identity';
import { words } from '../../src/components/self-service-words';
import { paths } from '../../src/shared/routes';
import { standardPeriod } from '../setup/edition-clock';
import { e2eFixture } from './fixture';

const NOW = standardPeriod();
const e2e = e2eFixture('self-service-layout', { now: NOW, viewport: { width: 1366, height: 900 } });

const pages = [paths.tierUpgrade, paths.ieeeChange, paths.nameChange, paths.nameTransfer, paths.cancelRegistration, paths.invoices, paths.registrationProof, paths.certificates];

describe('self-service layout', () => {
  it('every self-service page has the shared frame, width, labels and words', async () => {
    const page = e2e.page;
    const widths = new Set<string>();
    for (const path of pages) {
      await page.goto(`${e2e.stack.appUrl}${path}`);
      const frame = page.locator('article.self-service');
      await expect.poll(() => frame.count(), { timeout: 20_000, message: path }).toBe(1);
      expect(await frame.locator('h1').count(), path).toBe(1);
      const heading = (await frame.locator('h1').textContent())!;
      expect(await page.title(), path).toMatch(new RegExp(`\\| ${identity.name}$`));
      expect(heading.length, path).toBeGreaterThan(0);
      widths.add(await frame.evaluate((el) => `${getComputedStyle(el).maxWidth} ${el.getBoundingClientRect().width}`));
      // The registrant's fields: one wording on every page.
      const labels = await frame.locator('label').allTextContents();
      const mailLabels = await frame.locator('label[for$="-email"]').allTextContents();
      // The tier upgrade and IEEE change ask for the Registration ID only (docs/rules.md#the-self-service-pages).
      expect(mailLabels.length, path).toBe(path === paths.tierUpgrade || path === paths.ieeeChange ? 0 : 1);
      for (const l of mailLabels) expect(l, path).toBe(words.registeredEmail);
      expect(labels.filter((l) => /registration (id|number)/i.test(l)), path).toEqual([words.registrationId]);
      expect(labels.filter((l) => /Registered Email/.test(l)), path).toEqual([]);
    }
    expect([...widths]).toHaveLength(1);
  }, 120_000);
});
