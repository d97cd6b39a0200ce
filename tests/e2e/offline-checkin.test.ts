/**
 * End-to-end: check-in with the network switched off (issue 25), in Chromium against the whole
 * local stack. An organiser prepares the device on the ticket verifier, the browser goes offline
 * (Playwright's context.setOffline), three tickets are scanned from images (a valid one, a
 * cancelled registration's, a forged one) and judged on the device, a delegate is found by name,
 * then the network returns: the queue is sent by itself and the server holds one check-in for the
 * valid ticket and none for the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { Browser } from 'playwright-core';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { fromMinor } from '../../src/shared/money';
import { devDefaults } from '../../scripts/local-config';
import { decodeQrPng, jsonOrUndefined } from '../setup/mail-receiver';
import { validForm } from '../functions/helpers-form';
import { qrPng } from './fake-camera';
import { launchChromium, startStack, type Stack } from './stack';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;

let stack: Stack;
let browser: Browser;
let outbox: string;

beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'pesgre-offline-outbox-'));
  stack = await startStack({ MAIL_OUTBOX_DIR: outbox, APP_NOW: '2025-11-10T10:00:00+05:30' });
  browser = await launchChromium();
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: jsonOrUndefined(text) as Record<string, unknown>, text };
}

/** Registers a delegate as the browser does; returns the number. */
async function register(email: string, overrides: Partial<RegistrationForm> = {}): Promise<string> {
  const form = validForm({ email, verifyEmail: email, billingEmail: email, ...overrides });
  const order = await post(`${stack.appUrl}/api/payment/create-order`, { amount: fromMinor(computeCharges(pricing, form, null).total), data: form, code: null });
  expect(order.status, order.text).toBe(200);
  const paid = await post(`${stack.doubleUrl}/_double/pay`, { order_id: order.json.id, outcome: 'success' });
  const verified = await post(`${stack.appUrl}/api/payment/verify-payment`, paid.json);
  expect(verified.status, verified.text).toBe(200);
  return verified.json.registrationNumber as string;
}

/** The ticket QR text of the confirmation e-mail of `regNo`. */
async function ticketOf(regNo: string): Promise<string> {
  let file: string | undefined;
  await expect.poll(async () => (file = (await readdir(outbox)).find((f) => f.endsWith(`-${regNo}.eml`))), { timeout: 30_000 }).toBeDefined();
  const mail = await PostalMime.parse(await readFile(path.join(outbox, file!)));
  return decodeQrPng(mail.attachments.find((a) => a.filename === `ticket-${regNo}.png`)!.content as ArrayBuffer);
}

describe('the ticket verifier without a network', () => {
  it('prepares, goes offline, judges a valid, a cancelled and a forged ticket on the device, and records one check-in once back online', async () => {
    const valid = await register('offline.valid@example.org', { firstName: 'Meera', lastName: 'Venkatesh' });
    const cancelled = await register('offline.cancelled@example.org');
    const [validTicket, cancelledTicket] = [await ticketOf(valid), await ticketOf(cancelled)];
    // New tickets carry the Ed25519 signature a device checks with the public key alone.
    expect((JSON.parse(validTicket) as { sig: string }).sig).toHaveLength(86);
    const key = `${stack.keyPrefix}reg:${cancelled}`;
    const stored = (await stack.redis.get<Record<string, unknown>>(key))!;
    await stack.redis.set(key, { ...stored, cancellation: { status: 'approved', requestedAt: stored.createdAt, decidedAt: stored.createdAt, refundAmount: 0, currency: stored.currency } });
    const t = JSON.parse(validTicket) as { rid: string; sig: string };
    const forged = JSON.stringify({ rid: t.rid, sig: `${t.sig.slice(0, 40)}${t.sig[40] === 'A' ? 'B' : 'A'}${t.sig.slice(41)}` });

    const login = await post(`${stack.appUrl}/api/admin-auth/login`, { password: ADMIN_PASSWORD });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${stack.appUrl}/authors/registration`);
      await page.evaluate((tok) => localStorage.setItem('admin-token', tok), login.json.token as string);
      await page.goto(`${stack.appUrl}/admin/ticket-verifier`);
      await page.getByRole('button', { name: 'Prepare this device' }).click();
      await expect.poll(() => page.getByText(/Data taken .* IST: \d+ confirmed registrations\./).isVisible(), { timeout: 20_000 }).toBe(true);

      await context.setOffline(true);
      await expect.poll(() => page.getByText('Offline: scans are judged on this device and queued.').isVisible()).toBe(true);
      const file = page.getByLabel('Choose a ticket image');
      const scan = async (text: string) => {
        await file.setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await qrPng(text, 300) });
        await expect.poll(() => page.getByLabel('Decoded QR').inputValue()).toBe(text);
        const started = Date.now();
        await page.getByRole('button', { name: 'Verify Ticket' }).click();
        return started;
      };

      await scan(validTicket);
      await expect.poll(() => page.getByText(`Valid Ticket — RID: ${valid} (checked on this device, offline)`).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('1 scan queued.').isVisible()).toBe(true);
      await scan(cancelledTicket);
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid Ticket — Registration cancelled (checked on this device, offline)' }).isVisible()).toBe(true);
      await scan(forged);
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid Ticket — Ticket signature is not valid. (checked on this device, offline)' }).isVisible()).toBe(true);
      // The valid ticket again: already checked in today on this device, not queued twice.
      await scan(validTicket);
      await expect.poll(() => page.getByText('Already checked in today on this device.').isVisible()).toBe(true);
      expect(await page.getByText('1 scan queued.').isVisible()).toBe(true);

      // A delegate without their phone, found by name offline.
      await page.getByLabel('Find a delegate by name or registration number').fill('meera venk');
      await expect.poll(() => page.getByRole('list', { name: 'Delegates found' }).innerText()).toContain(valid);

      // Nothing reached the server while offline.
      const checkins = async (regNo: string) => (await stack.redis.keys(`${stack.keyPrefix}checkin:${regNo}:*`)).length;
      expect(await checkins(valid)).toBe(0);

      await context.setOffline(false);
      await expect.poll(() => page.getByTestId('sync-result').innerText(), { timeout: 20_000 }).toBe('Sent 1 queued scan: 1 recorded, 0 duplicates, 0 conflicts, 0 refused.');
      expect(await checkins(valid)).toBe(1);
      expect(await checkins(cancelled)).toBe(0);
      const audit = (await stack.redis.lrange<{ action: string; details: { regNo?: string; offline?: boolean } }>(`${stack.keyPrefix}audit`, 0, -1)).filter((e) => e.action === 'checkin.recorded');
      expect(audit.filter((e) => e.details.regNo === valid)).toEqual([expect.objectContaining({ details: expect.objectContaining({ offline: true }) })]);
      expect(audit.filter((e) => e.details.regNo === cancelled)).toEqual([]);
      await expect.poll(() => page.getByText('0 scans queued.').isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } catch (err) {
      await mkdir('test-results', { recursive: true });
      await page.screenshot({ path: 'test-results/offline-checkin.png', fullPage: true });
      throw err;
    } finally {
      await context.close();
    }
  }, 180_000);
});
