/**
 * The public information site in Chromium: every route shows its heading without console
 * errors and without loading the wizard, admin or QR code; axe-core (WCAG 2.0-2.2 A/AA and best
 * practices) finds no violation at 320, 390 and 1366 px; the desktop dropdowns work by mouse and keyboard; the mobile drawer
 * works at a phone viewport; the home's timed blocks follow a pinned clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, startStack, type Stack } from './stack';
import { closeByBackdropThenFollowLink } from './drawer';
import { certificates } from '../../src/content/certificates';
import { conference } from '../../src/content/conference';
import { at as edition } from '../setup/edition-clock';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Route, its h1 text, and whether it is an information route (must not load wizard/admin/QR code). */
const routes: Array<[string, string | RegExp, boolean]> = [
  ['/', /PESGRE 2025/, true],
  ['/about/organizing-committee', 'Conference Organizing Committee', true],
  ['/about/chairs', 'Chairs', true],
  ['/authors/call-for-papers', 'Call For Papers', true],
  ['/authors/call-for-special-session', 'Call For Special Session', true],
  ['/authors/submission', 'Submission', true],
  ['/authors/registration', 'Registration', true],
  // Typed by visitors (decision 031): leads to the Registration page.
  ['/registration', 'Registration', true],
  ['/program/keynote-speakers', 'Keynote Speakers', true],
  ['/program/tutorial-speakers', 'Tutorial Speakers', true],
  ['/program/ies-syp-keynotes', 'IES SYP Keynotes', true],
  ['/program', 'Programme', true],
  ['/travel/visa-info', 'Visa Information', true],
  ['/travel/accommodation', 'Accommodation Details', true],
  ['/travel/tour', 'Tour', true],
  ['/travel/food', 'Food', true],
  ['/travel/location', 'Location', true],
  ['/students-yp', 'Students & YPs', true],
  ['/industry-sponsor', 'Industry Sponsor', true],
  ['/contact', 'Contacts', true],
  ['/authors/registration/details', 'Conference Registration', false],
  ['/authors/registration/payment-success?reg_no=PESGRE25-TEST2345&payment_id=pay_TEST', 'Payment Successful!', false],
  ['/error?msg=international-payments-error', 'international-payments-error', false],
  ['/admin/login', /Login/i, false],
  ['/tier-upgrade', 'Upgrade Registration Tier', false],
  ['/ieee-change', 'Change IEEE Membership Status', false],
  ['/name-change', 'Change Registered Name', false],
  ['/cancel-registration', 'Cancel Registration', false],
  ['/invoices', 'Invoices', false],
  ['/name-transfer', 'Transfer Registration to Another Person', false],
  ['/registration/proof', 'Proof of student status', false],
];

/** The rule sets axe runs: WCAG 2.0 to 2.2 A and AA, and Deque's best practices. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const axeWidths = [320, 390, 1366];

/** Code that information routes must never load (route-level lazy loading). */
const heavyCode = /features\/registration\/wizard|features\/admin|jsqr|react-hook-form|RegistrationWizard|Admin|TicketVerifier/;

async function openPage(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return { page, errors, scripts };
}

describe('every route', () => {
  it.each(routes)('%s shows its heading, loads no console errors and passes axe at 320, 390 and 1366 px', async (route, heading, isInfo) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const { page, errors, scripts } = await openPage(context);
      await page.goto(stack.appUrl + route);
      const h1 = page.getByRole('heading', { level: 1, name: heading, exact: typeof heading === 'string' });
      // The home's h1 is visually hidden (the hero carries the visible title): attached is enough there.
      await h1.waitFor({ state: route === '/' ? 'attached' : 'visible', timeout: 20_000 });
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await page.waitForLoadState('networkidle');
      if (isInfo) expect(scripts.filter((s) => heavyCode.test(s))).toEqual([]);
      // axe at a small phone, a common phone and a laptop (decision 010): no violation of any impact,
      // the best-practice rules (landmarks, unique names, heading order...) included.
      for (const width of axeWidths) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const axe = await new AxeBuilder({ page }).withTags(axeTags).analyze();
        expect(axe.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${route} at ${width} px`).toEqual([]);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an unknown address shows the router's default error screen", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { name: 'Unexpected Application Error!' }).isVisible()).toBe(true);
    expect(await page.getByText('404 Not Found').isVisible()).toBe(true);
    await context.close();
  });

  it('the footer has the contact e-mail, this year and the coding club credit', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/contact`);
    const footer = page.locator('#footer');
    await expect.poll(() => footer.isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await footer.textContent()).toContain(String(new Date().getFullYear()));
    expect(await footer.textContent()).toMatch(/Coding Club/);
    await context.close();
  });
});

describe('desktop navigation', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${stack.appUrl}/contact`);
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor({ timeout: 20_000 });
  });
  afterAll(async () => context.close());

  it('opens a dropdown on hover and navigates', async () => {
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('button', { name: 'Authors' }).hover();
    const item = nav.getByRole('link', { name: 'Call for Papers' });
    await expect.poll(() => item.isVisible()).toBe(true);
    await item.click();
    await page.waitForURL(/\/authors\/call-for-papers$/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Call For Papers' }).isVisible()).toBe(true);
    // The entry of the current route is highlighted.
    expect(await nav.getByRole('button', { name: 'Authors' }).getAttribute('class')).toMatch(/\bis-active\b/);
    await nav.getByRole('button', { name: 'Authors' }).hover();
    expect(await nav.getByRole('link', { name: 'Call for Papers' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens a dropdown from the keyboard; arrows move; Escape closes and returns focus', async () => {
    await page.mouse.move(0, 600);
    const nav = page.getByRole('navigation').first();
    const program = nav.getByRole('button', { name: 'Program' });
    await program.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => program.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Keynote Speakers');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Tutorial Speakers');
    await page.keyboard.press('Escape');
    await expect.poll(() => program.getAttribute('aria-expanded')).toBe('false');
    expect(await program.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await nav.getByRole('link', { name: 'Tutorial Speakers' }).isVisible()).toBe(false);
  });
});

describe('mobile drawer', () => {
  it('opens over a backdrop, expands one section at a time, navigates, and closes by Escape or a click outside', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/contact`);
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect.poll(() => open.isVisible()).toBe(true);
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Site menu' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    // The drawer's sections are <details> sharing a name (MobileNav.tsx): one open at a time.
    const isOpen = (name: string) => drawer.locator('details', { has: page.locator('summary', { hasText: name }) }).evaluate((d) => (d as HTMLDetailsElement).open);
    await drawer.locator('summary', { hasText: 'Travel' }).click();
    expect(await isOpen('Travel')).toBe(true);
    await drawer.locator('summary', { hasText: 'About' }).click();
    expect(await isOpen('About')).toBe(true);
    expect(await isOpen('Travel')).toBe(false);
    // The hamburger says the drawer is open; focus went to the close button.
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    // Focus stays inside while open.
    for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await closeByBackdropThenFollowLink(page, open, drawer);
    await page.waitForURL(/\/students-yp$/);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Students & YPs' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('home with a pinned clock', () => {
  async function homeAt(iso: string, reducedMotion: 'reduce' | 'no-preference' = 'no-preference') {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion });
    const page = await context.newPage();
    await page.clock.install({ time: new Date(iso) });
    await page.goto(`${stack.appUrl}/`);
    await page.getByRole('heading', { name: 'Important Dates' }).waitFor({ timeout: 20_000 });
    return { context, page };
  }

  it('before the acceptance notification: the next event, a ticking countdown, past dates struck through', async () => {
    const { context, page } = await homeAt('2025-09-01T00:00:00Z');
    await expect.poll(() => page.getByText('Acceptance notification', { exact: false }).first().isVisible()).toBe(true);
    const struck = await page.locator('s, del').allTextContents();
    expect(struck.join(' ')).toMatch(/Paper submission deadline/i);
    expect(struck.join(' ')).not.toMatch(/Camera-ready/i);
    await context.close();
  });

  it('the countdowns pause and resume from the keyboard, and start paused under reduced motion (decision 010)', async () => {
    const seconds = (p: Page) => p.locator('.conference-countdown [data-unit="seconds"] .countdown__value').textContent();
    const pauseName = /^Pause countdown: Time left until the conference starts/;
    const resumeName = /^Resume countdown: Time left until the conference starts/;

    const moving = await homeAt('2025-09-01T00:00:00Z');
    const pause = moving.page.getByRole('button', { name: pauseName });
    await expect.poll(() => pause.isVisible()).toBe(true);
    await expect.poll(() => seconds(moving.page)).not.toBe('--');
    const first = await seconds(moving.page);
    await moving.page.clock.runFor(2_000);
    await expect.poll(() => seconds(moving.page)).not.toBe(first);
    await pause.focus();
    await moving.page.keyboard.press('Enter');
    await expect.poll(() => moving.page.getByRole('button', { name: resumeName }).isVisible()).toBe(true);
    const held = await seconds(moving.page);
    await moving.page.clock.runFor(3_000);
    expect(await seconds(moving.page)).toBe(held);
    await moving.context.close();

    const still = await homeAt('2025-09-01T00:00:00Z', 'reduce');
    const resume = still.page.getByRole('button', { name: resumeName });
    await expect.poll(() => resume.isVisible()).toBe(true);
    await expect.poll(() => seconds(still.page)).not.toBe('--');
    const shown = await seconds(still.page);
    await still.page.clock.runFor(3_000);
    expect(await seconds(still.page)).toBe(shown);
    await resume.focus();
    await still.page.keyboard.press('Enter');
    await still.page.clock.runFor(2_000);
    await expect.poll(() => seconds(still.page)).not.toBe(shown);
    await still.context.close();
  });

  it('on a conference day: the conference has started', async () => {
    const { context, page } = await homeAt(edition(conference.startDate, 1));
    await expect.poll(() => page.getByText('The conference has started!').isVisible()).toBe(true);
    await context.close();
  });

  it('after the conference: it has ended, and once certificates open, where to get them', async () => {
    const closed = await homeAt(edition(conference.endDate, 1, '09:00'));
    await expect.poll(() => closed.page.getByRole('heading', { name: `${conference.name} has ended` }).isVisible()).toBe(true);
    expect(await closed.page.getByText('The conference has started!').count()).toBe(0);
    expect(await closed.page.locator('.conference-countdown a[href="/certificates"]').count()).toBe(new Date(edition(conference.endDate, 1, '09:00')) >= new Date(certificates.opensAt) ? 1 : 0);
    await closed.context.close();

    const { context, page } = await homeAt(new Date(new Date(certificates.opensAt).getTime() + 20 * 86_400_000).toISOString());
    await expect.poll(() => page.getByText('No Upcoming Events').isVisible()).toBe(true);
    expect(await page.getByText('All events have passed.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: `${conference.name} has ended` }).isVisible()).toBe(true);
    expect(await page.getByText('The conference has started!').count()).toBe(0);
    expect(await page.locator('.conference-countdown a[href="/certificates"]').textContent()).toBe('/certificates');
    // The image and video block is a static island: rendered in the browser, it arrives with its chunk.
    await expect.poll(() => page.getByText('Your browser does not support the video tag.').count()).toBe(1);
    await context.close();
  });
});

describe('home tap targets on a 390 px phone (docs/performance.md#budgets)', () => {
  type Box = { x: number; y: number; width: number; height: number };
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it("the hero's and the ticker's Pause buttons are compact named icon buttons over no text; the ticker shows most of its strip", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/`);
    const heroPause = page.getByRole('button', { name: 'Pause slideshow' });
    const tickerPause = page.getByRole('button', { name: 'Pause ticker' });
    await heroPause.waitFor({ timeout: 20_000 });
    await tickerPause.waitFor();

    // Compact icon buttons: no visible text, a tap target between 24 px (WCAG 2.5.8) and 48 px.
    for (const button of [heroPause, tickerPause]) {
      expect((await button.innerText()).trim()).toBe('');
      const box = (await button.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      expect(Math.max(box.width, box.height)).toBeLessThanOrEqual(48);
    }

    // Neither covers text: the hero's visible caption, the ticker's badge or its text viewport.
    const heroBox = (await heroPause.boundingBox())!;
    for (const text of await page.locator('.hero__slide:not([aria-hidden]) .hero__caption p').all()) {
      expect(overlaps(heroBox, (await text.boundingBox())!)).toBe(false);
    }
    const tickerBox = (await tickerPause.boundingBox())!;
    const viewport = (await page.locator('.ticker__viewport').boundingBox())!;
    expect(overlaps(tickerBox, viewport)).toBe(false);
    expect(overlaps(tickerBox, (await page.locator('.ticker__badge').boundingBox())!)).toBe(false);

    // Most of the strip is the scrolling text's window.
    const strip = (await page.getByRole('region', { name: 'News ticker' }).boundingBox())!;
    expect(viewport.width / strip.width).toBeGreaterThanOrEqual(0.6);
    await context.close();
  });
});
