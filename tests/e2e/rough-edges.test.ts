/**
 * End-to-end, rough edges in Chromium against the whole local stack:
 *  - the step counter counts only the steps that apply (a non-IEEE tier: 'Step 3 of 8' on the
 *    paper step) and the progress bar matches;
 *  - Clear Form asks first: dismissing keeps the form, accepting deletes the saved form;
 *  - when the wizard's later steps cannot be fetched, the step says so and Try again fetches them;
 *  - the summary tells a delegate whose e-mail already has a registration, and Pay Now stays on;
 *  - an unknown address shows 'Unexpected Application Error!' and the status inside the site's
 *    header and footer, with a link home;
 *  - the ticket verifier shows 'Verifying...' and keeps the previous result until the new one;
 *  - inputs of a two-column row line up with or without a hint; the charges table on a phone;
 *  - axe finds no serious or critical violation on every route at phone width (site.test.ts
 *    covers desktop), nor on the admin pages and the error screen at both widths.
 * Every wait is on a condition (expect.poll, waitFor), never a fixed time.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REGISTRATION_STORAGE_KEY } from '../../src/lib/persisted-form';
import { STEP_LOAD_FAILED } from '../../src/features/registration/wizard/lazy-parts';
import { devDefaults } from '../../scripts/local-config';
import { validForm } from '../functions/helpers-form';
import { qrPng } from './fake-camera';
import { launchChromium, startStack, type Stack } from './stack';


/** Server (APP_NOW) and browser clocks inside the registration window, which closes on 15 Nov 2025 (decision 013). */
const WINDOW_NOW = '2025-11-10T10:00:00+05:30';
let stack: Stack;
let browser: Browser;
let context: BrowserContext | undefined;
let work: string;
let adminToken = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'pesgre-rough-edges-'));
  stack = await startStack({ APP_NOW: WINDOW_NOW });
  browser = await launchChromium();
  const res = await fetch(`${stack.appUrl}/api/admin-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD }),
  });
  adminToken = ((await res.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});
afterEach(async (ctx) => {
  const page = context?.pages()[0];
  if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: `test-results/rough-${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`, fullPage: true });
  }
  if (ctx.task.result?.state === 'fail') {
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/rough-edges-stack.log', stack.output());
  }
  await context?.close();
  context = undefined;
});

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

async function newPage(viewport = desktop): Promise<Page> {
  context = await browser.newContext({ viewport, isMobile: viewport.width < 600, hasTouch: viewport.width < 600 });
  // Inside the registration window (decision 013: it closes on 15 Nov 2025), as the server is (APP_NOW).
  await context.clock.setSystemTime(new Date(WINDOW_NOW));
  return context.newPage();
}

/** Opens the wizard with a saved form (as if the delegate had come this far) at `step`. */
async function wizardAt(page: Page, step: number, overrides: Parameters<typeof validForm>[0] = {}) {
  await page.goto(`${stack.appUrl}/authors/registration`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [REGISTRATION_STORAGE_KEY, JSON.stringify({ step, data: validForm(overrides) })] as const);
  await page.goto(`${stack.appUrl}/authors/registration/details`);
  await page.locator('#wizard-step-heading').waitFor({ timeout: 30_000 });
}

/** Stores the organiser's token before any script of every page runs, as a signed-in browser has it. */
async function signedIn(page: Page) {
  await page.addInitScript((t) => localStorage.setItem('admin-token', t), adminToken);
}

const counter = (page: Page) => page.locator('.wizard__count').textContent();
const barShare = (page: Page) =>
  page.locator('.wizard__bar span').evaluate((el) => el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width);

async function expectAxeClean(page: Page, where: string) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}

describe('registration wizard', () => {
  it('counts only the steps that apply: a non-IEEE tier goes from Step 2 of 8 to Step 3 of 8', async () => {
    const page = await newPage();
    await wizardAt(page, 2, { registrationTier: '' });
    await expect.poll(() => counter(page)).toBe('Step 2 of 8');
    // An IEEE tier adds the membership step.
    await page.getByLabel(/Full Registration – IEEE Member \(Indian, Standard\)/).check();
    await expect.poll(() => counter(page)).toBe('Step 2 of 9');
    await page.getByLabel(/Full Registration – Non-IEEE Member \(Indian, Standard\)/).check();
    await expect.poll(() => counter(page)).toBe('Step 2 of 8');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Paper Registration' }).isVisible()).toBe(true);
    await expect.poll(() => counter(page)).toBe('Step 3 of 8');
    // The bar follows the counter (its width animates, so wait until it settles there).
    await expect.poll(() => barShare(page).then((share) => Math.round(share * 1000) / 1000)).toBe(0.375);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => counter(page)).toBe('Step 2 of 8');
  });

  it('says so when the later steps cannot be fetched, and Try again fetches them', async () => {
    const page = await newPage();
    // The wizard's late chunk (steps 2 to 9) is refused, as when the connection drops.
    const lateChunk = (url: URL) => url.pathname.includes('/late-steps');
    await page.route(lateChunk, (route) => route.abort('internetdisconnected'));
    await wizardAt(page, 2, { registrationTier: '' });
    await expect.poll(() => page.getByRole('alert').filter({ hasText: STEP_LOAD_FAILED }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await counter(page)).toBe('Step 2 of 8');
    // A retry that fails too loads the page afresh (some browsers keep a failed module fetch for
    // the page's lifetime): the saved form comes back at step 2, still saying what is wrong.
    await page.evaluate(() => ((window as unknown as { beforeRetry?: boolean }).beforeRetry = true));
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { beforeRetry?: boolean }).beforeRetry ?? false).catch(() => true), { timeout: 30_000 }).toBe(false);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: STEP_LOAD_FAILED }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await counter(page)).toBe('Step 2 of 8');
    // Back online: Try again fetches the steps (in place, or through one more fresh load).
    await page.unroute(lateChunk);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByLabel(/Full Registration – Non-IEEE Member \(Indian, Standard\)/).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
    expect(await page.getByRole('alert').filter({ hasText: STEP_LOAD_FAILED }).count()).toBe(0);
  });

  it('asks before Clear Form deletes the saved form', async () => {
    const page = await newPage();
    await wizardAt(page, 4);
    await expect.poll(() => page.getByRole('heading', { name: 'Paper Registration' }).isVisible()).toBe(true);
    const questions: string[] = [];
    page.once('dialog', (d) => {
      questions.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Clear Form' }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toMatch(/^Clear the form\?/);
    expect(await page.getByRole('heading', { name: 'Paper Registration' }).isVisible()).toBe(true);
    expect(await page.evaluate((k) => localStorage.getItem(k), REGISTRATION_STORAGE_KEY)).not.toBeNull();

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Clear Form' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Participant Details' }).isVisible()).toBe(true);
    expect(await page.evaluate((k) => localStorage.getItem(k), REGISTRATION_STORAGE_KEY)).toBeNull();
    expect(await page.getByLabel('First Name').inputValue()).toBe('');
  });

  it('tells a delegate whose e-mail already has a registration, and still lets them pay', async () => {
    const email = `repeat.${Date.now()}@example.org`;
    const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
    await stack.redis.sadd(`${stack.keyPrefix}reg:by-email:${hash}`, 'PESGRE25-ABCDEFGH');
    const page = await newPage();
    await wizardAt(page, 9, { email: email.toUpperCase(), verifyEmail: email.toUpperCase() });
    const hint = page.getByText('This e-mail address already has a registration for PESGRE 2025.');
    await expect.poll(() => hint.isVisible()).toBe(true);
    // Nothing about that registration is shown.
    expect(await page.getByText('PESGRE25-ABCDEFGH').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true);

    // A new address gets no hint (the check has answered when its response arrives).
    const fresh = await newPage();
    const answered = fresh.waitForResponse((r) => r.url().endsWith('/api/registrations/email-check'), { timeout: 30_000 });
    await wizardAt(fresh, 9, { email: `new.${Date.now()}@example.org`, verifyEmail: `new.${Date.now()}@example.org` });
    expect(await (await answered).json()).toEqual({ registered: false });
    expect(await fresh.getByText('already has a registration').count()).toBe(0);
    await fresh.context().close();
  });

  it('lines up the inputs of a two-column row whether or not one has a hint', async () => {
    const page = await newPage();
    await wizardAt(page, 1);
    // State carries the hint 'Optional'; City beside it has none.
    const top = (label: string) => page.getByLabel(label, { exact: true }).evaluate((el) => el.getBoundingClientRect().top);
    const pairs: Array<[string, string]> = [['City', 'State'], ['First Name', 'Last Name']];
    for (const [a, b] of pairs) expect(Math.abs((await top(a)) - (await top(b))), `${a} / ${b}`).toBeLessThan(1);
  });

  it('keeps the charges table readable on a phone', async () => {
    const page = await newPage(phone);
    await wizardAt(page, 9);
    const detail = page.locator('.charges__detail').first();
    await detail.waitFor();
    const lineHeight = await detail.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    const height = await detail.evaluate((el) => el.getBoundingClientRect().height);
    // The tier's label takes at most two lines, and the table fits the screen.
    expect(height).toBeLessThan(lineHeight * 2 + 20);
    expect(await page.locator('.charges').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });
});

describe('unknown addresses', () => {
  it('show the error heading and status inside the header and footer, with a link home', async () => {
    const page = await newPage();
    await page.goto(`${stack.appUrl}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }).isVisible()).toBe(true);
    expect(await page.getByText('404 Not Found').isVisible()).toBe(true);
    expect(await page.locator('.site-header').isVisible()).toBe(true);
    expect(await page.locator('#footer').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${stack.appUrl}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Important Dates' }).isVisible()).toBe(true);
  });
});

describe('ticket verifier', () => {
  it("shows 'Verifying...' while a check is in flight and keeps the previous result until the new one", async () => {
    const page = await newPage();
    await signedIn(page);
    // The verifier starts a camera; this browser has none, and the page's alert about it is dismissed.
    page.on('dialog', (d) => void d.dismiss());
    let release: () => void = () => {};
    let calls = 0;
    await page.route('**/api/verification/verify-qr', async (route) => {
      calls += 1;
      if (calls === 1) return route.fulfill({ json: { valid: false, rid: 'PESGRE25-FIRSTONE', message: 'first answer' } });
      await new Promise<void>((r) => (release = r));
      return route.fulfill({ json: { valid: false, rid: 'PESGRE25-FIRSTONE', message: 'second answer' } });
    });
    await page.goto(`${stack.appUrl}/admin/ticket-verifier`);
    const file = path.join(work, 'ticket.png');
    await writeFile(file, await qrPng(JSON.stringify({ rid: 'PESGRE25-FIRSTONE', sig: 'not-a-signature' }), 300));
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect.poll(() => page.getByLabel('Decoded QR').inputValue()).toContain('PESGRE25-FIRSTONE');

    await page.getByRole('button', { name: 'Verify Ticket' }).click();
    await expect.poll(() => page.getByText('Invalid Ticket — first answer').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Verify Ticket' }).click();
    const busy = page.getByRole('button', { name: 'Verifying...' });
    await expect.poll(() => busy.isVisible()).toBe(true);
    expect(await busy.isDisabled()).toBe(true);
    expect(await page.getByText('Invalid Ticket — first answer').isVisible()).toBe(true);

    release();
    await expect.poll(() => page.getByText('Invalid Ticket — second answer').isVisible()).toBe(true);
    expect(await page.getByText('Invalid Ticket — first answer').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verify Ticket' }).isEnabled()).toBe(true);
  });
});

/** Every public route (docs/rules.md#pages-and-routes) with a heading that shows it has rendered. */
const publicRoutes: Array<[string, string | RegExp]> = [
  ['/', 'Important Dates'],
  ['/about/organizing-committee', 'Conference Organizing Committee'],
  ['/about/chairs', 'Chairs'],
  ['/authors/call-for-papers', 'Call For Papers'],
  ['/authors/call-for-special-session', 'Call For Special Session'],
  ['/authors/submission', 'Submission'],
  ['/authors/registration', 'Registration'],
  // The step count is part of the step heading, where focus lands after Next (decision 010).
  ['/authors/registration/details', /^Step 1 of [89]: Participant Details$/],
  ['/authors/registration/payment-success?reg_no=PESGRE25-TEST2345&payment_id=pay_TEST', 'Payment Successful!'],
  ['/program/keynote-speakers', 'Keynote Speakers'],
  ['/program/tutorial-speakers', 'Tutorial Speakers'],
  ['/program/ies-syp-keynotes', 'IES SYP Keynotes'],
  ['/program', 'Programme'],
  ['/travel/visa-info', 'Visa Information'],
  ['/travel/accommodation', 'Accommodation Details'],
  ['/travel/tour', 'Tour'],
  ['/travel/food', 'Food'],
  ['/travel/location', 'Location'],
  ['/students-yp', 'Students & YPs'],
  ['/industry-sponsor', 'Industry Sponsor'],
  ['/contact', 'Contacts'],
  ['/error?msg=international-payments-error', 'international-payments-error'],
  ['/admin/login', /Login/i],
  ['/no/such/page', 'Unexpected Application Error!'],
];

/** The guarded admin pages, opened with a stored token. */
const adminRoutes: Array<[string, string | RegExp]> = [
  ['/admin', 'Admin Dashboard'],
  ['/admin/ticket-verifier', 'Ticket Verification'],
  ['/admin/registrations', 'Registration Data'],
];

async function openRoute(page: Page, route: string, heading: string | RegExp) {
  await page.goto(stack.appUrl + route);
  await page
    .getByRole('heading', { name: heading, exact: typeof heading === 'string' })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

describe('axe at phone width on every route', () => {
  it.each(publicRoutes)('%s', async (route, heading) => {
    const page = await newPage(phone);
    await openRoute(page, route, heading);
    await expectAxeClean(page, `${route} at 390 px`);
  });
});

describe('axe on the admin pages at desktop and phone widths', () => {
  for (const viewport of [desktop, phone]) {
    it.each(adminRoutes)(`%s at ${viewport.width} px`, async (route, heading) => {
      const page = await newPage(viewport);
      page.on('dialog', (d) => void d.dismiss());
      await signedIn(page);
      await openRoute(page, route, heading);
      await expectAxeClean(page, `${route} at ${viewport.width} px`);
    });
  }
  it('the error screen at desktop width', async () => {
    const page = await newPage(desktop);
    await openRoute(page, '/no/such/page', 'Unexpected Application Error!');
    await expectAxeClean(page, '404 at 1280 px');
  });
});
