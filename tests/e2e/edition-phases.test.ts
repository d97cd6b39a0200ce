/**
 * The site in each phase of the edition (docs/decisions/031-edition-phases.md), on npm
 * start's stack with both clocks pinned (APP_NOW and the browser's), one stack per phase:
 *  - the first screen of `/` at 390 and 1366 px, without scrolling, says where the edition stands
 *    (after the last day: it has ended, with the certificates link at 4.5:1 or more); the ticker and
 *    the dated blocks say nothing that is no longer true;
 *  - the Registration page offers its register links only while online registration is open, and
 *    says why otherwise; it links into the paid changes (upgrade, IEEE status, transfer) only until
 *    the conference has ended, and the paid-change pages then say changes closed with the
 *    conference, with no form and no Pay button (decision 031's addendum), as their create-order
 *    calls answer;
 *  - the wizard says the same and offers no way into a payment, never the venue's desk once the
 *    conference is over, while admin mode stays open; create-order answers by the server's clock;
 *  - `/registration` is the Registration page.
 * Instants come from tests/setup/edition-clock.ts (relative to src/content's dates).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { colord } from 'colord';
import { conference } from '../../src/content/conference';
import { registrationFees } from '../../src/content/registration';
import { CHANGES_CLOSED_MESSAGE, registrationClosedMessage } from '../../src/shared/messages';
import { computeCharges, pricing, tiersOnOffer } from '../../src/shared/pricing';
import type { EditionPhase } from '../../src/shared/schedule';
import { devDefaults } from '../../scripts/local-config';
import { validForm } from '../functions/helpers-form';
import { fromMinor } from '../../src/shared/money';
import { paths } from '../../src/shared/routes';
import { afterConference, at, conferenceDay, standardPeriod } from '../setup/edition-clock';
import { contrast } from './focus-ring';
import { e2eFixture, type E2eFixture } from './fixture';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;
const widths = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/** What the first screen's status line says in each phase, and what no visible text may say then. */
const phases: { phase: EditionPhase; now: string; status: RegExp; untrue: RegExp[]; ticker: RegExp }[] = [
  { phase: 'before-registration', now: at(registrationFees.registrationOpens.date, -1), status: /Online registration opens on/, untrue: [/Registration is open/, /has ended/], ticker: /takes place/ },
  { phase: 'registration-open', now: standardPeriod(), status: /Registration is open until/, untrue: [/registration has closed/i, /has ended/], ticker: /takes place/ },
  { phase: 'registration-closed', now: at(registrationFees.standardDeadline, 1), status: /Online registration has closed/, untrue: [/Registration is open/, /has ended/, /Register now/], ticker: /takes place/ },
  { phase: 'under-way', now: conferenceDay(1), status: /is under way/, untrue: [/Registration is open/, /has ended/, /Register now/, /Conference Starts In[\s\S]*\d+\s*days/i], ticker: /takes place/ },
  { phase: 'ended', now: afterConference(), status: /has ended/, untrue: [/Registration is open/, /takes place/, /Register now/, /under way/, /Starts In/], ticker: /took place/ },
];

/** The text the visitor can see in main (innerText leaves hidden variants out). */
const visibleText = (page: Page) => page.locator('main').innerText();

/** The colour of `selector`'s text and the first opaque background behind it. */
function colours(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((el) => {
    let node: Element | null = el;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) {
        background = bg;
        break;
      }
      node = node.parentElement;
    }
    return { colour: getComputedStyle(el).color, background };
  });
}

async function signIn(f: E2eFixture) {
  await f.page.goto(`${f.stack.appUrl}/admin/login`);
  await f.page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await f.page.getByRole('button', { name: 'Login' }).click();
  await f.page.waitForURL(/\/admin$/);
}

/** create-order over HTTP as the wizard sends it, with a tier on offer at `now` (the server decides by APP_NOW). */
async function createOrder(f: E2eFixture, now: string) {
  const tier = tiersOnOffer(pricing, new Date(now), 'Indian').find((t) => t.id.startsWith('prof_non'))!;
  const data = validForm({ registrationTier: tier.id, registrationFee: tier.fee, email: 'phase.e2e@example.org', verifyEmail: 'phase.e2e@example.org' });
  const res = await fetch(`${f.stack.appUrl}/api/payment/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: fromMinor(computeCharges(pricing, data, null).total), data, code: null }),
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
}

for (const { phase, now, status, untrue, ticker } of phases) {
  describe(`phase ${phase} (${now})`, { timeout: 240_000 }, () => {
    const e2e = e2eFixture(`phase-${phase}`, { now });

    it('home: the first screen says where the edition stands at 390 and 1366 px; nothing visible says what is no longer true', async () => {
      for (const viewport of widths) {
        await e2e.page.setViewportSize(viewport);
        await e2e.page.goto(`${e2e.stack.appUrl}/`);
        const line = e2e.page.getByTestId('edition-status').locator('p:not([hidden])');
        await expect.poll(() => line.isVisible(), { timeout: 60_000 }).toBe(true);
        expect(await line.count()).toBe(1);
        expect(await line.innerText()).toMatch(status);
        // Inside the first screen, without scrolling.
        expect(await e2e.page.evaluate(() => window.scrollY)).toBe(0);
        const box = (await line.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
        // Nothing of it runs out of its box or the window (a long link wraps).
        expect(await line.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
        for (const link of await line.getByRole('link').all()) {
          const l = (await link.boundingBox())!;
          expect(l.x + l.width, `${viewport.width} px`).toBeLessThanOrEqual(box.x + box.width + 1);
        }
        // Its text and its link read at 4.5:1 or more.
        for (const selector of ['[data-testid="edition-status"] p:not([hidden])', '[data-testid="edition-status"] p:not([hidden]) a']) {
          const c = await colours(e2e.page, selector);
          expect(contrast(colord(c.colour), colord(c.background)), `${selector}: ${c.colour} on ${c.background}`).toBeGreaterThanOrEqual(4.5);
        }
        if (phase === 'ended') {
          const certificates = line.getByRole('link', { name: 'Download your certificate of attendance' });
          expect(await certificates.getAttribute('href')).toBe('/certificates');
          const linkBox = (await certificates.boundingBox())!;
          expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(viewport.height);
        }
        const ticking = e2e.page.getByRole('region', { name: 'News ticker' });
        expect(await ticking.innerText()).toMatch(ticker);
        const text = await visibleText(e2e.page);
        for (const wrong of untrue) expect(text, `${phase}: ${wrong}`).not.toMatch(wrong);
      }
      // The dated blocks at the bottom agree (the countdown section, its link white on its blue).
      if (phase === 'ended') {
        const heading = e2e.page.getByRole('heading', { name: `${conference.name} has ended` });
        await heading.scrollIntoViewIfNeeded();
        expect(await heading.isVisible()).toBe(true);
        const c = await colours(e2e.page, '.conference-countdown a');
        // The section's background is a gradient of the site's two blues; the lighter one is the worst case.
        expect(contrast(colord(c.colour), colord('#0b3d91'))).toBeGreaterThanOrEqual(4.5);
        expect(await e2e.page.getByText('No Upcoming Events').isVisible()).toBe(true);
      } else if (phase === 'registration-closed' || phase === 'under-way') {
        // No Important Date is ahead, the conference is: the card names it rather than 'All events have passed.'.
        expect(await visibleText(e2e.page)).not.toMatch(/All events have passed/);
      }
      expect(e2e.consoleErrors).toEqual([]);
    });

    it('the Registration page (also at /registration): register links only while registration is open', async () => {
      await e2e.page.goto(`${e2e.stack.appUrl}/registration`);
      await e2e.page.waitForURL(/\/authors\/registration$/, { timeout: 60_000 });
      await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Registration' }).isVisible(), { timeout: 60_000 }).toBe(true);
      const register = e2e.page.getByRole('link', { name: 'Register (Indian Affiliations)' });
      const wizardLinks = e2e.page.locator('main a[href^="/authors/registration/details"]');
      if (phase === 'registration-open') {
        expect(await register.isVisible()).toBe(true);
      } else {
        const notice = e2e.page.getByTestId('registration-not-open').filter({ visible: true });
        expect(await notice.count()).toBe(1);
        expect(await notice.innerText()).toBe(registrationClosedMessage(phase));
        for (const link of await wizardLinks.all()) expect(await link.isVisible(), await link.getAttribute('href') ?? '').toBe(false);
      }
      // The proof and the visa letter are online, not by e-mail.
      const text = await visibleText(e2e.page);
      expect(text).not.toMatch(/email proof/i);
      expect(await e2e.page.getByRole('link', { name: 'proof of student status page' }).getAttribute('href')).toBe('/registration/proof');
      expect(await e2e.page.getByRole('link', { name: 'request a visa invitation letter online' }).getAttribute('href')).toBe('/registration/visa-letter');
      expect(e2e.consoleErrors).toEqual([]);
    });

    it('paid changes: linked from the Registration page and sold until the conference has ended; then their pages say so, with no form and no Pay button', async () => {
      const ended = phase === 'ended';
      await e2e.page.goto(`${e2e.stack.appUrl}/authors/registration`);
      await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Registration' }).isVisible(), { timeout: 60_000 }).toBe(true);
      const paid = [paths.tierUpgrade, paths.ieeeChange, paths.nameTransfer];
      const visibleHrefs = async () => {
        const hrefs: string[] = [];
        for (const link of await e2e.page.locator('main a').all()) if (await link.isVisible()) hrefs.push((await link.getAttribute('href')) ?? '');
        return hrefs;
      };
      const hrefs = await visibleHrefs();
      for (const path of paid) expect(hrefs.includes(path), `${phase}: a visible link to ${path}`).toBe(!ended);
      // The free name correction is offered in every phase.
      expect(hrefs).toContain(paths.nameChange);
      const closedNotice = e2e.page.getByTestId('changes-closed').filter({ visible: true });
      expect(await closedNotice.count()).toBe(ended ? 1 : 0);
      if (ended) expect(await closedNotice.innerText()).toBe(CHANGES_CLOSED_MESSAGE);

      for (const path of ended ? paid : [paths.tierUpgrade]) {
        await e2e.page.goto(`${e2e.stack.appUrl}${path}`);
        await expect.poll(() => e2e.page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 60_000 }).toBe(true);
        // Hydrated (the form's field, or the notice, is what React shows by the browser's clock).
        const field = e2e.page.getByLabel('Registration ID').filter({ visible: true });
        if (!ended) {
          await expect.poll(() => field.isVisible(), { timeout: 60_000 }).toBe(true);
          expect(await e2e.page.getByTestId('changes-closed').filter({ visible: true }).count()).toBe(0);
          continue;
        }
        const notice = e2e.page.getByTestId('changes-closed').filter({ visible: true });
        await expect.poll(() => notice.count(), { timeout: 60_000 }).toBe(1);
        expect(await notice.innerText()).toBe(CHANGES_CLOSED_MESSAGE);
        // The form is not shown (the variant before the end stays in the HTML, hidden), so nothing leads to Checkout.
        expect(await field.count(), path).toBe(0);
        expect(await e2e.page.locator('main form').filter({ visible: true }).count(), path).toBe(0);
        expect(await e2e.page.getByRole('button', { name: /Pay|Fetch Details|Continue/ }).count(), path).toBe(0);
        expect(await e2e.page.getByRole('link', { name: 'Correct the name on your registration' }).getAttribute('href')).toBe(paths.nameChange);
        expect(await visibleText(e2e.page)).not.toMatch(/processing fee is|to see what the (upgrade|change) costs/);
      }
      // The server sells nothing either (by its own clock), whatever the page shows.
      const order = await fetch(`${e2e.stack.appUrl}/api/tier-upgrade/upgrade-tier`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ regId: 'PESGRE25-ZZZZZZZZ', noPaper: true, paperId: '' }) });
      const answer = (await order.json()) as { error?: { code: string } };
      if (ended) expect([order.status, answer.error?.code]).toEqual([409, 'CHANGES_CLOSED']);
      else expect(answer.error?.code).not.toBe('CHANGES_CLOSED');
      expect(e2e.consoleErrors).toEqual([]);
    });

    it('the wizard and create-order: open only in the open phase; otherwise the phase\'s notice, no payment, no desk after the end; admin mode stays open', async () => {
      await e2e.page.goto(`${e2e.stack.appUrl}/authors/registration/details`);
      if (phase === 'registration-open') {
        await expect.poll(() => e2e.page.getByRole('heading', { name: 'Participant Details' }).isVisible(), { timeout: 60_000 }).toBe(true);
        expect(await e2e.page.getByTestId('registration-closed').count()).toBe(0);
        expect((await createOrder(e2e, now)).status).toBe(200);
        return;
      }
      const closed = e2e.page.getByTestId('registration-closed');
      await expect.poll(() => closed.isVisible(), { timeout: 60_000 }).toBe(true);
      expect(await closed.textContent()).toContain(registrationClosedMessage(phase));
      expect(await e2e.page.getByRole('button', { name: 'Next' }).count()).toBe(0);
      expect(await e2e.page.getByRole('button', { name: /Pay/ }).count()).toBe(0);
      if (phase === 'ended') expect(await visibleText(e2e.page)).not.toMatch(/desk/i);
      const order = await createOrder(e2e, now);
      expect(order.status).toBe(403);
      expect(order.body.error).toEqual(expect.objectContaining({ code: phase === 'before-registration' ? 'REGISTRATION_NOT_OPEN' : 'REGISTRATION_CLOSED', message: registrationClosedMessage(phase) }));

      if (phase === 'ended') {
        // Admin mode (an organiser registering someone) stays open after the conference.
        await signIn(e2e);
        await e2e.page.goto(`${e2e.stack.appUrl}/authors/registration/details?foreign=allowed`);
        await expect.poll(() => e2e.page.getByText('Admin mode: all countries and the Foreign (USD) tiers are available.').isVisible(), { timeout: 60_000 }).toBe(true);
        await expect.poll(() => e2e.page.getByRole('heading', { name: 'Participant Details' }).isVisible()).toBe(true);
        expect(await e2e.page.getByTestId('registration-closed').count()).toBe(0);
      }
    });
  });
}
