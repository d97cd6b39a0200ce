/**
 * End-to-end: the admin area in Chromium against the whole local stack.
 *  - sign in (a wrong password first), the dashboard and the table show a registration made
 *    through the wizard, search and column filters find it, the downloaded CSV is exactly the
 *    export and equals the stored data field by field, a ticket is re-sent, sign out;
 *  - a verified admin registers a foreign author in USD (?foreign=allowed, bearer create-order);
 *  - the ticket verifier reads the e-mailed ticket from Chromium's fake camera (a .y4m made from
 *    the QR in the confirmation e-mail) and verifies it, a second scan is flagged as a repeat;
 *    uploaded images, a blocked camera, a decode time-out and camera release on leaving the page;
 *  - a tampered token is removed and sends the browser to /admin/login.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import PostalMime from 'postal-mime';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { StoredRegistration } from '../../src/shared/api';
import { registrationCsvHeaders, registrationCsvRow } from '../../src/shared/csv';
import { devDefaults } from '../../scripts/local-config';
import { SCANNER } from '../../src/features/admin/qr-scan';
import { qrPng, writeFakeCamera } from './fake-camera';
import { nextFrames } from './fixture';
import { launchChromium, startStack, type Stack } from './stack';
import { resolveChromium } from '../../scripts/chromium';
import { fillSteps1to8, payAndWaitForSuccess } from './wizard-steps';

/** The dev default of `npm start` (scripts/local-config.ts); ADMIN_PASSWORD in the environment overrides it. */
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;


/** Server (APP_NOW) and browser clocks inside the registration window, which closes on 15 Nov 2025 (decision 013). */
const WINDOW_NOW = '2025-11-10T10:00:00+05:30';
let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let outbox: string;
let work: string;
/** The registration made through the wizard in the first test. */
let regNo = '';
/** A session token from the first sign-in, reused so the tests stay under the login rate limit. */
let adminToken = '';
const consoleErrors: string[] = [];

beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'pesgre-admin-outbox-'));
  work = await mkdtemp(path.join(tmpdir(), 'pesgre-admin-e2e-'));
  stack = await startStack({ MAIL_OUTBOX_DIR: outbox, APP_NOW: WINDOW_NOW });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  for (const dir of [outbox, work]) if (dir) await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await browser.newContext({ acceptDownloads: true });
  // Inside the registration window (decision 013: it closes on 15 Nov 2025), as the server is (APP_NOW).
  await context.clock.setSystemTime(new Date(WINDOW_NOW));
  page = await context.newPage();
  watchConsole(page);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && !page.isClosed()) {
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: `test-results/admin-${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`, fullPage: true });
  }
  await context?.close();
});

function watchConsole(p: Page) {
  consoleErrors.length = 0;
  p.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
}

const visible = (p: Page, text: string | RegExp) => p.getByText(text).first().isVisible();

/** axe-core finds no WCAG 2.1 A/AA violation on the page as it is now. */
async function expectAccessible(p: Page, where: string) {
  const axe = await new AxeBuilder({ page: p }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}

/** Records every camera stream the page opens (window.__streams), to check they are stopped later. */
async function recordStreams(p: Page) {
  await p.addInitScript(() => {
    const w = window as unknown as { __streams: MediaStream[] };
    w.__streams = [];
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (c) => {
      const s = await original(c);
      w.__streams.push(s);
      return s;
    };
  });
}

/** The readyState of every camera track the page opened. */
const trackStates = (p: Page) =>
  p.evaluate(() => (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks().map((t) => t.readyState)));

async function storedRegistrations(): Promise<StoredRegistration[]> {
  const numbers = await stack.redis.zrange<string[]>(`${stack.keyPrefix}reg:index`, 0, -1);
  const regs = await Promise.all(numbers.map((n) => stack.redis.get<StoredRegistration>(`${stack.keyPrefix}reg:${n}`)));
  return regs.filter((r): r is StoredRegistration => r !== null);
}

/** The session token: the one the first test signed in with, else a sign-in through the API. */
async function token(): Promise<string> {
  if (adminToken) return adminToken;
  const res = await fetch(`${stack.appUrl}/api/admin-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  adminToken = ((await res.json()) as { token: string }).token;
  return adminToken;
}

/** Puts `value` in the page's localStorage under 'admin-token' (the page must be on the app's origin). */
async function storeToken(p: Page, value: string) {
  if (!p.url().startsWith(stack.appUrl)) await p.goto(`${stack.appUrl}/authors/registration`);
  await p.evaluate((t) => localStorage.setItem('admin-token', t), value);
}

const storedToken = (p: Page) => p.evaluate(() => localStorage.getItem('admin-token'));

/** The .eml files of the outbox written for `number`, oldest first. */
async function mailsFor(number: string): Promise<string[]> {
  const files = (await readdir(outbox)).filter((f) => f.endsWith(`-${number}.eml`)).sort();
  return files.map((f) => path.join(outbox, f));
}

/** The text of the QR ticket in a confirmation e-mail: its inline PNG decoded with jsQR. */
async function ticketFromMail(file: string): Promise<string> {
  const email = await PostalMime.parse(await readFile(file));
  const png = email.attachments.find((a) => a.mimeType === 'image/png');
  expect(png, 'the confirmation e-mail carries a PNG ticket').toBeDefined();
  const image = PNG.sync.read(Buffer.from(png!.content as ArrayBuffer));
  const code = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  expect(code, 'the PNG is a readable QR code').not.toBeNull();
  return code!.data;
}

describe('admin area in Chromium', () => {
  it('signs in, finds a wizard registration on the dashboard and in the table, downloads the CSV, re-sends a ticket and signs out', async () => {
    // A delegate registers through the wizard.
    const email = 'admin.e2e@example.org';
    await fillSteps1to8(page, stack.appUrl, email);
    ({ regNo } = await payAndWaitForSuccess(page));
    expect(regNo).toMatch(/^PESGRE25-/);
    const fromWizard = (await stack.redis.get<StoredRegistration>(`${stack.keyPrefix}reg:${regNo}`))!;
    // A second, older registration written straight to the store: a coupon, blanks, a comma, quotes and a formula.
    const seededNo = 'PESGRE25-SEEDED22';
    const seededAt = new Date(Date.parse(fromWizard.createdAt) - 3_600_000).toISOString();
    const seeded: StoredRegistration = {
      ...fromWizard,
      _id: 'seeded-e2e',
      registrationNumber: seededNo,
      title: 'Ms',
      firstName: 'Ira',
      lastName: "D'Souza",
      organization: 'Grid Lab, "Power" Systems',
      idNumber: '',
      email: 'ira.seeded@example.org',
      billingEmail: 'ira.seeded@example.org',
      couponCode: 'HALF50',
      billingTaxNumber: '=1+2',
      paymentId: 'pay_seeded',
      orderId: 'order_seeded',
      paidAt: seededAt,
      createdAt: seededAt,
      updatedAt: seededAt,
    };
    await stack.redis.set(`${stack.keyPrefix}reg:${seededNo}`, seeded);
    await stack.redis.zadd(`${stack.keyPrefix}reg:index`, { score: Date.parse(seededAt), member: seededNo });

    // No token: the guard sends the browser to the login page.
    await page.goto(`${stack.appUrl}/admin`);
    await page.waitForURL(/\/admin\/login$/);
    const password = page.getByLabel('Password');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.getAttribute('required')).not.toBeNull();

    // A wrong password shows the server's message and stores nothing.
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid password' }).isVisible()).toBe(true);
    expect(await storedToken(page)).toBeNull();
    await expectAccessible(page, 'login with an error');

    await password.fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin$/);
    adminToken = (await storedToken(page))!;
    expect(adminToken).toBeTruthy();

    // Dashboard: the seven quick actions of docs/rules.md#the-admin-area, Accounts, Papers (decision 011), Proofs to verify (decision 013), Badges and certificates (docs/operations.md#name-badges-and-certificates) and Visa letters (decision 016), the total and the carousel (newest first, wrapping).
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
    const actions = page.locator('.admin-action__title');
    expect(await actions.allTextContents()).toEqual([
      'Indian Author Registration',
      'Foreign Author Registration',
      'Ticket Verification',
      'Registration Data',
      'Upgrade Tier',
      'Change IEEE Status',
      'Change Registered Name',
      'Accounts',
      'Papers',
      'Programme',
      'Proofs to verify',
      'Badges and certificates',
      'Visa letters',
    ]);
    expect(await page.getByRole('link', { name: /^Accounts/ }).getAttribute('href')).toBe('/admin/accounts');
    expect(await page.getByRole('link', { name: /^Papers/ }).getAttribute('href')).toBe('/admin/papers');
    expect(await page.getByRole('link', { name: /^Proofs to verify/ }).getAttribute('href')).toBe('/admin/verifications');
    expect(await page.getByRole('link', { name: /^Visa letters/ }).getAttribute('href')).toBe('/admin/visa-letters');
    expect(await page.getByRole('link', { name: /^Foreign Author Registration/ }).getAttribute('href')).toBe('/authors/registration/details?foreign=allowed');
    expect(await page.getByRole('link', { name: /^Upgrade Tier/ }).getAttribute('href')).toBe('/tier-upgrade');
    expect(await page.getByRole('link', { name: /^Change IEEE Status/ }).getAttribute('href')).toBe('/ieee-change');
    expect(await page.getByRole('link', { name: /^Change Registered Name/ }).getAttribute('href')).toBe('/name-change');
    await expect.poll(() => page.getByTestId('total-registrations').textContent()).toBe('2');
    const card = page.locator('.carousel__card');
    const field = (label: string) => card.locator('.carousel__field', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
    await expect.poll(() => field('Registration Number').textContent()).toBe(regNo);
    expect(await field('Full Name').textContent()).toBe('Dr Asha Kulkarni');
    expect(await field('Organization').textContent()).toBe('Karnataka Power Research Lab');
    expect(await field('Country').textContent()).toBe('India');
    expect(await field('Email').textContent()).toBe(email);
    expect(await field('Mobile').textContent()).toBe('+91 98450 00000');
    expect(await field('Tier').textContent()).toBe('Full Registration – IEEE Member (Indian, Standard)');
    expect(await field('IEEE Number').textContent()).toBe('90000001');
    expect(await field('Paper ID').textContent()).toBe('PESGRE-2025-0042');
    expect(await field('Order ID').textContent()).toBe(fromWizard.orderId);
    expect(await field('Payment ID').textContent()).toBe(fromWizard.paymentId);
    expect(await field('Created').textContent()).toMatch(/\d{4}, \d{2}:\d{2} IST$/);
    expect(await field('Coupon').count()).toBe(0); // 'NoCoupon' is hidden
    expect(await page.locator('.carousel__viewport').evaluate((el) => el.getBoundingClientRect().height)).toBe(420);
    await page.getByRole('button', { name: 'Next registration' }).click();
    await expect.poll(() => field('Registration Number').textContent()).toBe(seededNo);
    expect(await field('Coupon').textContent()).toBe('HALF50');
    await page.getByRole('button', { name: 'Next registration' }).click();
    await expect.poll(() => field('Registration Number').textContent()).toBe(regNo);
    await page.getByRole('button', { name: 'Previous registration' }).click();
    await expect.poll(() => field('Registration Number').textContent()).toBe(seededNo);
    await expectAccessible(page, 'dashboard');

    // A stored token that verifies skips the login form.
    await page.goto(`${stack.appUrl}/admin/login`);
    await page.waitForURL(/\/admin$/);

    // The table: a spinner while loading, then search and column filters. The list is held back
    // until the spinner has been seen (a condition, not a delay: a busy machine may take any time).
    let releaseList!: () => void;
    const listHeld = new Promise<void>((r) => (releaseList = r));
    await page.route('**/api/registrations', async (route) => {
      await listHeld;
      await route.continue();
    });
    await page.getByRole('link', { name: /^Registration Data/ }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading registrations...' }).isVisible()).toBe(true);
    releaseList();
    const rowOf = (n: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: n, exact: true }) });
    await expect.poll(() => rowOf(regNo).isVisible()).toBe(true);
    expect(await rowOf(seededNo).isVisible()).toBe(true);
    expect(await page.locator('.admin-table-wrap').evaluate((el) => getComputedStyle(el).maxHeight)).toBe(`${Math.round(0.7 * page.viewportSize()!.height)}px`);
    // Empty values show 'NA'.
    const headers = await page.locator('.admin-table thead tr').first().locator('th').allTextContents();
    const idColumn = headers.indexOf('ID Number');
    expect(await rowOf(seededNo).getByRole('cell').nth(idColumn).textContent()).toBe('NA');

    const search = page.getByLabel('Search', { exact: true });
    await search.fill(email);
    await expect.poll(() => rowOf(seededNo).count()).toBe(0);
    expect(await rowOf(regNo).isVisible()).toBe(true);
    await search.fill('no such delegate anywhere');
    await expect.poll(() => visible(page, 'No results found.')).toBe(true);
    await search.fill('');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Filter Reg. No').fill(regNo.slice(-5).toLowerCase());
    await expect.poll(() => rowOf(seededNo).count()).toBe(0);
    expect(await rowOf(regNo).isVisible()).toBe(true);
    await page.getByLabel('Filter Reg. No').fill('');
    await page.getByLabel('Filter Coupon').fill('half');
    await expect.poll(() => rowOf(regNo).count()).toBe(0);
    expect(await rowOf(seededNo).isVisible()).toBe(true);
    await expectAccessible(page, 'table with filters');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rowOf(regNo).isVisible()).toBe(true);

    // Download CSV: the very bytes of the export, equal to the stored registrations field by field.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^registrations_\d{4}-\d{2}-\d{2}\.csv$/);
    const downloaded = await readFile((await download.path())!);
    const direct = await fetch(`${stack.appUrl}/api/registrations/export`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(direct.headers.get('content-disposition')).toContain(download.suggestedFilename());
    expect(downloaded.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
    const records = parse(downloaded, { bom: true }) as string[][];
    expect(records[0]).toEqual([...registrationCsvHeaders]);
    const stored = await storedRegistrations();
    expect(stored.map((r) => r.registrationNumber)).toEqual([seededNo, regNo]);
    expect(records.slice(1)).toEqual(stored.map((r) => registrationCsvRow(r).map(String)));
    const seededRow = records.find((r) => r[0] === seededNo)!;
    expect(seededRow[registrationCsvHeaders.indexOf('Organization')]).toBe('Grid Lab, "Power" Systems');
    expect(seededRow[registrationCsvHeaders.indexOf('Billing Tax No')]).toBe("'=1+2");

    // Resend ticket: confirm, then the result line; a second e-mail lands in the outbox.
    await expect.poll(async () => (await mailsFor(regNo)).length, { timeout: 30_000 }).toBe(1);
    let confirmText = '';
    page.once('dialog', (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await rowOf(regNo).getByRole('button', { name: 'Resend ticket' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: `Ticket for ${regNo} re-sent to ${email}.` }).isVisible()).toBe(true);
    expect(confirmText).toContain(regNo);
    await expect.poll(async () => (await mailsFor(regNo)).length).toBe(2);

    // Logout removes the token; the guarded pages send the browser back to the login page.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect(await storedToken(page)).toBeNull();
    await page.goto(`${stack.appUrl}/admin`);
    await page.waitForURL(/\/admin\/login$/);
    expect(consoleErrors.filter((e) => !/401 \(Unauthorized\)/.test(e))).toEqual([]);
    // The wizard, the dashboard, the table, the export and a resend: more than the project's default 120 s on a busy machine.
  }, 240_000);

  it('a verified admin registers a foreign author in USD through ?foreign=allowed', async () => {
    await storeToken(page, await token());
    let checkSeen = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/admin-auth/verify')) checkSeen = true;
    });
    await fillSteps1to8(page, stack.appUrl, 'foreign.author@example.org', {
      query: '?foreign=allowed',
      country: 'Germany',
      tier: /Full Registration – IEEE Member \(Foreign, Standard\)/,
    });
    expect(checkSeen).toBe(true);
    let orderAuth: string | undefined;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/payment/create-order')) orderAuth = r.headers()['authorization'];
    });
    const { regNo: foreignNo } = await payAndWaitForSuccess(page);
    expect(orderAuth).toBe(`Bearer ${adminToken}`);
    const reg = (await stack.redis.get<StoredRegistration>(`${stack.keyPrefix}reg:${foreignNo}`))!;
    expect(reg).toMatchObject({ country: 'Germany', billingCountry: 'Germany', currency: 'USD', registrationTier: 'prof_ieee_foreign_std' });
  });

  describe('ticket verifier', () => {
    let cameraBrowser: Browser;

    beforeAll(async () => {
      expect(regNo, 'the first test registered a delegate').not.toBe('');
      const [firstMail] = await mailsFor(regNo);
      const ticket = await ticketFromMail(firstMail!);
      expect(JSON.parse(ticket)).toMatchObject({ rid: regNo });
      const clip = await writeFakeCamera(path.join(work, 'ticket.y4m'), ticket);
      cameraBrowser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip}`]);
    });
    afterAll(async () => {
      await cameraBrowser?.close();
    });

    it('reads the e-mailed ticket from the camera, verifies it and flags the repeat', async () => {
      const ctx = await cameraBrowser.newContext({ permissions: ['camera'] });
      try {
        const p = await ctx.newPage();
        watchConsole(p);
        await recordStreams(p);
        await storeToken(p, await token());
        await p.goto(`${stack.appUrl}/admin`);
        await p.getByRole('link', { name: /^Ticket Verification/ }).click();
        await p.waitForURL(/\/admin\/ticket-verifier$/);
        await expect.poll(() => p.getByRole('status').filter({ hasText: 'QR code detected.' }).isVisible(), { timeout: 20_000 }).toBe(true);
        const decoded = p.getByLabel('Decoded QR');
        expect(await decoded.getAttribute('readonly')).not.toBeNull();
        expect(JSON.parse(await decoded.inputValue())).toMatchObject({ rid: regNo });

        await p.getByRole('button', { name: 'Verify Ticket' }).click();
        await expect.poll(() => visible(p, `Valid Ticket — RID: ${regNo}`)).toBe(true);
        expect(await visible(p, 'Dr Asha Kulkarni · Full Registration – IEEE Member (Indian, Standard)')).toBe(true);
        expect(await p.locator('.verify-result--valid').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(15, 77, 36)');
        await p.getByRole('button', { name: 'Verify Ticket' }).click();
        await expect.poll(() => visible(p, /^Already checked in today at \d{2}:\d{2} IST\.$/)).toBe(true);
        await expectAccessible(p, 'ticket verifier');

        // Restart scans again; a found code releases the camera.
        await p.getByRole('button', { name: 'Restart scan' }).click();
        await expect.poll(() => p.getByRole('status').filter({ hasText: 'QR code detected.' }).isVisible(), { timeout: 20_000 }).toBe(true);
        const states = await trackStates(p);
        expect(states.length).toBeGreaterThanOrEqual(2);
        expect(states.every((st) => st === 'ended')).toBe(true);
        expect(consoleErrors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });

    it('decodes uploaded images: a forged ticket, text that is not JSON, no QR, not an image', async () => {
      const ctx = await cameraBrowser.newContext({ permissions: ['camera'] });
      try {
        const p = await ctx.newPage();
        await storeToken(p, await token());
        await p.goto(`${stack.appUrl}/admin/ticket-verifier`);
        const file = p.getByLabel('Choose a ticket image');
        await file.waitFor();
        const forged = JSON.stringify({ rid: regNo, sig: 'A'.repeat(43) });
        await file.setInputFiles({ name: 'forged.png', mimeType: 'image/png', buffer: await qrPng(forged, 300) });
        await expect.poll(() => p.getByLabel('Decoded QR').inputValue()).toBe(forged);
        await p.getByRole('button', { name: 'Verify Ticket' }).click();
        await expect.poll(() => p.getByRole('alert').filter({ hasText: 'Invalid Ticket — Ticket signature is not valid.' }).isVisible()).toBe(true);
        expect(await p.locator('.verify-result--invalid').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(109, 0, 20)');

        let verifyCalls = 0;
        p.on('request', (r) => {
          if (r.url().endsWith('/api/verification/verify-qr')) verifyCalls++;
        });
        await file.setInputFiles({ name: 'text.png', mimeType: 'image/png', buffer: await qrPng('hello, not JSON', 300) });
        await expect.poll(() => p.getByLabel('Decoded QR').inputValue()).toBe('hello, not JSON');
        await p.getByRole('button', { name: 'Verify Ticket' }).click();
        await expect.poll(() => p.getByRole('alert').filter({ hasText: 'Invalid QR format' }).isVisible()).toBe(true);
        expect(verifyCalls).toBe(0);

        const blank = new PNG({ width: 200, height: 200 });
        blank.data.fill(255);
        await file.setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: PNG.sync.write(blank) });
        await expect.poll(() => visible(p, 'No QR code found')).toBe(true);
        await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
        await expect.poll(() => visible(p, 'Unsupported image type.')).toBe(true);
        await file.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
        await expect.poll(() => visible(p, 'Image load error')).toBe(true);
      } finally {
        await ctx.close();
      }
    });
  });

  it('a blocked camera raises the alert; a camera without a QR code times out after 10 s, restarts, and is released on leaving', async (ctx) => {
    // This test drives the browser's own camera stack (permission refusal, the fake device). The
    // Chromium that @sparticuz/chromium ships (the fresh-machine fallback, scripts/chromium.ts) is a
    // Lambda headless shell without media capture: getUserMedia answers NotSupportedError there
    // (measured with 147.0.7727.0), so only a full Chromium can run it.
    if ((await resolveChromium()).source === 'package') return ctx.skip('the package Chromium has no media capture');
    // No fake-UI flag and no permission: Chromium denies the camera.
    const plain = await launchChromium(['--use-fake-device-for-media-stream']);
    try {
      const denied = await plain.newContext();
      const p = await denied.newPage();
      const alerts: string[] = [];
      p.on('dialog', (d) => {
        alerts.push(d.message());
        void d.dismiss();
      });
      await storeToken(p, await token());
      await p.goto(`${stack.appUrl}/admin/ticket-verifier`);
      await expect.poll(() => alerts).toEqual(['Camera access blocked. Please allow it in browser settings.']);
      await denied.close();

      // Chromium's own fake camera shows a test pattern, never a QR code.
      const allowed = await plain.newContext({ permissions: ['camera'] });
      // The browser's clock, moved on by the test: the scanner's 10 s (SCANNER.timeoutMs) pass without waiting them out.
      await allowed.clock.install();
      const q = await allowed.newPage();
      await recordStreams(q);
      await storeToken(q, await token());
      await q.goto(`${stack.appUrl}/admin/ticket-verifier`);
      await expect.poll(() => visible(q, /^Scanning/), { timeout: 20_000 }).toBe(true);
      // Still scanning a second before the time-out; timed out a second after it.
      await q.clock.fastForward(SCANNER.timeoutMs - 1_000);
      await nextFrames(q);
      expect(await visible(q, 'Scanner error: timeout')).toBe(false);
      expect(await visible(q, /^Scanning/)).toBe(true);
      await q.clock.fastForward(2_000);
      await expect.poll(() => visible(q, 'Scanner error: timeout'), { timeout: 20_000 }).toBe(true);
      await q.getByRole('button', { name: 'Restart scan' }).click();
      await expect.poll(() => visible(q, /^Scanning/)).toBe(true);
      expect(await trackStates(q)).toContain('live');
      // Leaving the page while scanning stops the camera.
      await q.getByRole('link', { name: '← Dashboard' }).click();
      await q.waitForURL(/\/admin$/);
      await expect.poll(() => trackStates(q)).not.toContain('live');
      expect((await trackStates(q)).length).toBeGreaterThanOrEqual(2);
      await allowed.close();
    } finally {
      await plain.close();
    }
  });

  it('a tampered token is removed and the browser is sent to /admin/login', async () => {
    const [header, payload] = (await token()).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 30 * 86_400 })).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${'A'.repeat(43)}`;

    await storeToken(page, tampered);
    // The check and the page's own data load run together (either one's 401 ends the session):
    // both are held back until the pending state has been seen.
    let releaseVerify!: () => void;
    const verifyHeld = new Promise<void>((r) => (releaseVerify = r));
    await page.route(/\/api\/(admin-auth\/verify|registrations)$/, async (route) => {
      await verifyHeld;
      await route.continue();
    });
    await page.goto(`${stack.appUrl}/admin/registrations`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Checking authentication...' }).isVisible()).toBe(true);
    releaseVerify();
    await page.waitForURL(/\/admin\/login$/);
    expect(await storedToken(page)).toBeNull();

    // On the login page itself a tampered token is dropped and the form is shown.
    await storeToken(page, tampered);
    await page.goto(`${stack.appUrl}/admin/login`);
    await expect.poll(() => page.getByLabel('Password').isVisible()).toBe(true);
    expect(await storedToken(page)).toBeNull();
    expect(page.url()).toMatch(/\/admin\/login$/);
  });
});
