/**
 * End-to-end: check-in at the door with and without the network (decision 014; docs/operations.md,
 * "Check-in at the door"), in Chromium against the whole local stack, the server's clock on the
 * first conference day and the browser's pinned there too (registrations are made at the desk:
 * an admin session registers after the close).
 *  - A prepared device goes offline (Playwright's context.setOffline), judges a valid, a
 *    cancelled and a forged ticket on the device, shows the extras to hand out, finds a delegate
 *    by name and checks them in from the list; back online the kept scans are sent by themselves
 *    and the server holds one check-in each for the valid ones only. Online, "Check in" from the
 *    list records at once.
 *  - A device that was never prepared, offline: the scan is kept as "not verified yet", not lost,
 *    and recorded once the network returns.
 *  - After the conference's last day the device refuses a check-in, by the server's rule.
 *  - At 390 x 844 px (a phone) the Verify button and the result are in the first screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { afterConference, conferenceDay } from '../setup/edition-clock';
import { decodeQrPng } from '../setup/mail-receiver';
import { validForm } from '../functions/helpers-form';
import { qrPng } from './fake-camera';
import { adminLogin, registerPaid } from './api-flow';
import { launchChromium, startStack, type Stack } from './stack';

/** The server's clock, and the browser's a little before it (scans are never ahead of the server). */
const SERVER_NOW = conferenceDay(0, '12:00:00');
const BROWSER_NOW = conferenceDay(0, '09:30:00');

let stack: Stack;
let browser: Browser;
let outbox: string;
let token = '';

beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'pesgre-offline-outbox-'));
  stack = await startStack({ MAIL_OUTBOX_DIR: outbox, APP_NOW: SERVER_NOW });
  browser = await launchChromium();
  token = await adminLogin(stack.appUrl);
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

/** Registers a delegate at the desk (an admin session registers after the close); returns the number. */
async function register(email: string, overrides: Partial<RegistrationForm> = {}): Promise<string> {
  const form = validForm({ email, verifyEmail: email, billingEmail: email, ...overrides });
  return (await registerPaid(stack.appUrl, stack.doubleUrl, form, token)).regNo;
}

/** The ticket QR text of the confirmation e-mail of `regNo`. */
async function ticketOf(regNo: string): Promise<string> {
  let file: string | undefined;
  await expect.poll(async () => (file = (await readdir(outbox)).find((f) => f.endsWith(`-${regNo}.eml`))), { timeout: 30_000 }).toBeDefined();
  const mail = await PostalMime.parse(await readFile(path.join(outbox, file!)));
  return decodeQrPng(mail.attachments.find((a) => a.filename === `ticket-${regNo}.png`)!.content as ArrayBuffer);
}

const checkins = async (regNo: string) => (await stack.redis.keys(`${stack.keyPrefix}checkin:${regNo}:*`)).length;

/** A fresh browser context (its own IndexedDB: a device never prepared), signed in, on the verifier. */
async function verifierPage(opts: { viewport?: { width: number; height: number }; now?: string } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(opts.viewport ? { viewport: opts.viewport } : {});
  await context.clock.setFixedTime(new Date(opts.now ?? BROWSER_NOW));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${stack.appUrl}/authors/registration`);
  await page.evaluate((tok) => localStorage.setItem('admin-token', tok), token);
  await page.goto(`${stack.appUrl}/admin/ticket-verifier`);
  await page.getByLabel('Choose a ticket image').waitFor();
  // The app fetches the frame's script at the first interaction: done online, as a device that
  // was opened at the door would have (the production build's service worker keeps it).
  await page.getByLabel('Decoded QR').click();
  await page.waitForLoadState('networkidle');
  return { context, page, errors };
}

/** Reads `text` from an uploaded QR image and presses Verify Ticket. */
async function scan(page: Page, text: string) {
  await page.getByLabel('Choose a ticket image').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await qrPng(text, 300) });
  await expect.poll(() => page.getByLabel('Decoded QR').inputValue()).toBe(text);
  await page.getByRole('button', { name: 'Verify Ticket' }).click();
}

async function screenshotOnFailure<T>(page: Page, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
    throw err;
  }
}

describe('the ticket verifier at the door', () => {
  it('prepares, goes offline, judges tickets on the device with the extras, checks in a delegate found by name, and records them once back online', async () => {
    const valid = await register('offline.valid@example.org', { firstName: 'Meera', lastName: 'Venkatesh', welcomeReception: 'yes', additionalReceptionTickets: 2, galaDinner: 'yes', dietaryRequirements: ['VEGAN'] });
    const cancelled = await register('offline.cancelled@example.org');
    const found = await register('offline.found@example.org', { firstName: 'Farida', lastName: 'Nadkarni' });
    const online = await register('offline.online@example.org', { firstName: 'Oskar', lastName: 'Lindqvist' });
    const [validTicket, cancelledTicket] = [await ticketOf(valid), await ticketOf(cancelled)];
    // New tickets carry the Ed25519 signature a device checks with the public key alone.
    expect((JSON.parse(validTicket) as { sig: string }).sig).toHaveLength(86);
    const key = `${stack.keyPrefix}reg:${cancelled}`;
    const stored = (await stack.redis.get<Record<string, unknown>>(key))!;
    await stack.redis.set(key, { ...stored, cancellation: { status: 'approved', requestedAt: stored.createdAt, decidedAt: stored.createdAt, refundAmount: 0, currency: stored.currency } });
    const t = JSON.parse(validTicket) as { rid: string; sig: string };
    const forged = JSON.stringify({ rid: t.rid, sig: `${t.sig.slice(0, 40)}${t.sig[40] === 'A' ? 'B' : 'A'}${t.sig.slice(41)}` });

    const { context, page, errors } = await verifierPage();
    try {
      await screenshotOnFailure(page, 'offline-checkin', async () => {
        await page.getByRole('button', { name: 'Prepare this device' }).click();
        await expect.poll(() => page.getByText(/Data taken .* IST: \d+ confirmed registrations\./).isVisible(), { timeout: 20_000 }).toBe(true);

        // Online, a delegate found by name is checked in at once, with the extras.
        await page.getByLabel('Find a delegate by name or registration number').fill('oskar lindq');
        await page.getByRole('button', { name: `Check in Dr Oskar Lindqvist (${online})` }).click();
        await expect.poll(() => page.getByRole('status').filter({ hasText: `Dr Oskar Lindqvist (${online}): Checked in.` }).isVisible(), { timeout: 20_000 }).toBe(true);
        expect(await checkins(online)).toBe(1);

        await context.setOffline(true);
        await expect.poll(() => page.getByText('Offline: scans are judged on this device and queued.').isVisible()).toBe(true);

        await scan(page, validTicket);
        await expect.poll(() => page.getByText(`Valid Ticket — RID: ${valid} (checked on this device, offline)`).isVisible()).toBe(true);
        // What the desk hands out with the badge.
        const extras = page.getByRole('list', { name: 'To hand out' }).first();
        expect(await extras.getByRole('listitem').allTextContents()).toEqual(['Reception: 3 tickets (1 + 2 extra)', 'Gala dinner: 1 ticket', 'Diet: VEGAN']);
        await expect.poll(() => page.getByText('1 scan queued.').isVisible()).toBe(true);
        await scan(page, cancelledTicket);
        await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid Ticket — Registration cancelled (checked on this device, offline)' }).isVisible()).toBe(true);
        await scan(page, forged);
        await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid Ticket — Ticket signature is not valid. (checked on this device, offline)' }).isVisible()).toBe(true);
        // The valid ticket again: already checked in today on this device, not queued twice.
        await scan(page, validTicket);
        await expect.poll(() => page.getByText('Already checked in today on this device.').isVisible()).toBe(true);
        expect(await page.getByText('1 scan queued.').isVisible()).toBe(true);

        // A delegate without their phone, found by name offline and checked in from the list.
        await page.getByLabel('Find a delegate by name or registration number').fill('farida nadk');
        await expect.poll(() => page.getByRole('list', { name: 'Delegates found' }).innerText()).toContain(found);
        await page.getByRole('button', { name: `Check in Dr Farida Nadkarni (${found})` }).click();
        await expect.poll(() => page.getByRole('status').filter({ hasText: `Dr Farida Nadkarni (${found}): checked in on this device (offline). Queued for the server.` }).isVisible()).toBe(true);
        await expect.poll(() => page.getByText('2 scans queued.').isVisible()).toBe(true);

        // Nothing reached the server while offline.
        expect(await checkins(valid)).toBe(0);
        expect(await checkins(found)).toBe(0);

        await context.setOffline(false);
        await expect.poll(() => page.getByTestId('sync-result').innerText(), { timeout: 20_000 }).toBe('Sent 2 queued scans: 2 recorded, 0 duplicates, 0 conflicts, 0 refused.');
        expect(await checkins(valid)).toBe(1);
        expect(await checkins(found)).toBe(1);
        expect(await checkins(cancelled)).toBe(0);
        const audit = (await stack.redis.lrange<{ action: string; details: { regNo?: string; offline?: boolean; manual?: boolean } }>(`${stack.keyPrefix}audit`, 0, -1)).filter((e) => e.action === 'checkin.recorded');
        expect(audit.filter((e) => e.details.regNo === valid)).toEqual([expect.objectContaining({ details: expect.objectContaining({ offline: true }) })]);
        expect(audit.filter((e) => e.details.regNo === found)).toEqual([expect.objectContaining({ details: expect.objectContaining({ offline: true, manual: true }) })]);
        expect(audit.filter((e) => e.details.regNo === cancelled)).toEqual([]);
        await expect.poll(() => page.getByText('0 scans queued.').isVisible()).toBe(true);
        expect(errors).toEqual([]);
      });
    } finally {
      await context.close();
    }
  }, 240_000);

  it('keeps a scan on a device that was never prepared as "not verified yet", and records it once the network returns', async () => {
    const regNo = await register('unprepared.device@example.org');
    const ticket = await ticketOf(regNo);
    const { context, page, errors } = await verifierPage();
    try {
      await screenshotOnFailure(page, 'offline-checkin-unprepared', async () => {
        expect(await page.getByText('This device is not prepared.').isVisible()).toBe(true);
        await context.setOffline(true);
        await expect.poll(() => page.getByText(/Offline, and this device is not prepared/).isVisible()).toBe(true);
        await scan(page, ticket);
        await expect.poll(() => page.getByRole('status').filter({ hasText: `Not verified yet — RID: ${regNo}` }).isVisible()).toBe(true);
        expect(await page.getByText('Server error. Try again later.').count()).toBe(0);
        await expect.poll(() => page.getByText('1 scan queued (1 not verified yet).').isVisible()).toBe(true);
        // Kept on the device (IndexedDB); nothing reached the server.
        expect(await checkins(regNo)).toBe(0);

        await context.setOffline(false);
        await expect.poll(() => page.getByTestId('sync-result').innerText(), { timeout: 20_000 }).toBe('Sent 1 queued scan: 1 recorded, 0 duplicates, 0 conflicts, 0 refused.');
        expect(await checkins(regNo)).toBe(1);
        await expect.poll(() => page.getByText('0 scans queued.').isVisible()).toBe(true);
        expect(errors).toEqual([]);
      });
    } finally {
      await context.close();
    }
  }, 180_000);

  it('refuses a check-in on the device after the conference, by the server\'s rule', async () => {
    const regNo = await register('after.conference@example.org');
    const ticket = await ticketOf(regNo);
    const { context, page } = await verifierPage();
    try {
      await screenshotOnFailure(page, 'offline-checkin-closed', async () => {
        await page.getByRole('button', { name: 'Prepare this device' }).click();
        await expect.poll(() => page.getByText(/Data taken .* IST/).isVisible(), { timeout: 20_000 }).toBe(true);
        await context.setOffline(true);
        await context.clock.setFixedTime(new Date(afterConference()));
        await scan(page, ticket);
        await expect.poll(() => page.getByRole('alert').filter({ hasText: /^Check-in closed — Check-in is closed: the conference ended on / }).isVisible()).toBe(true);
        expect(await page.getByText('0 scans queued.').isVisible()).toBe(true);
      });
    } finally {
      await context.close();
    }
  }, 180_000);

  it('on a 390 px phone, shows the Verify button and the result in the first screen', async () => {
    const regNo = await register('phone.desk@example.org', { welcomeReception: 'yes', additionalReceptionTickets: 1, galaDinner: 'yes', additionalGalaDinnerTickets: 1 });
    const ticket = await ticketOf(regNo);
    const viewport = { width: 390, height: 844 };
    const { context, page } = await verifierPage({ viewport });
    try {
      await screenshotOnFailure(page, 'offline-checkin-phone', async () => {
        const inFirstScreen = async (name: string, box: { y: number; height: number } | null) => {
          expect(box, name).not.toBeNull();
          expect(await page.evaluate(() => window.scrollY), `${name}: the page did not scroll`).toBe(0);
          expect(box!.y, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
          expect(box!.y + box!.height, `${name} ends within the first ${viewport.height} px`).toBeLessThanOrEqual(viewport.height);
        };
        await page.getByLabel('Choose a ticket image').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await qrPng(ticket, 300) });
        await expect.poll(() => page.getByLabel('Decoded QR').inputValue()).toBe(ticket);
        await page.evaluate(() => window.scrollTo(0, 0));
        const verify = page.getByRole('button', { name: 'Verify Ticket' });
        await inFirstScreen('the Verify button', await verify.boundingBox());
        // Pressed where it is (a tap does not scroll the page).
        await page.evaluate(() => (document.querySelector('.verifier__result > .button') as HTMLButtonElement).click());
        await expect.poll(() => page.getByText(`Valid Ticket — RID: ${regNo}`).isVisible(), { timeout: 20_000 }).toBe(true);
        await inFirstScreen('the result', await page.locator('.verify-result').first().boundingBox());
      });
    } finally {
      await context.close();
    }
  }, 180_000);
});
