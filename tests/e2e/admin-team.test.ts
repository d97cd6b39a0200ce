/**
 * End-to-end: organisers' roles, desk devices and the audit record (decision 044) in Chromium
 * against the whole local stack, the server's clock on the first conference day.
 *  - The owner signs in with the shared password, adds an organiser with the role finance on
 *    /admin/team; she opens the e-mailed one-time link, sets her password, signs in with her
 *    e-mail and sees only what finance may use (no access to the registrations table).
 *  - The owner makes a desk device on /admin/devices; a second browser enrols from the page's QR
 *    code on /admin/enrol, holds the desk device's token only, prepares, checks a delegate in
 *    offline and sends the scan under the device's id; once the owner revokes it, its next sync
 *    is refused and the scan stays on the device.
 *  - The owner reads the audit record on /admin/audit, filtered by person and action, and
 *    downloads it as CSV.
 * axe at 320, 390 and 1366 px on every new page.
 */
import { describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { decodeJwt } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { conferenceDay } from '../setup/edition-clock';
import { decodeQrPng } from '../setup/mail-receiver';
import { validForm } from '../functions/helpers-form';
import { expectNoAxeViolations } from './axe';
import { e2eFixture } from './fixture';
import { ADMIN_PASSWORD, adminLogin, postJson as post, registerPaid } from './api-flow';
import { qrPng } from './fake-camera';

const APP_NOW = conferenceDay(0, '09:00:00');
/** The dev server builds each function on its first call, seconds on a busy machine. */
const SLOW = { timeout: 60_000 };
let ownerToken = '';

const e2e = e2eFixture('admin-team', {
  now: APP_NOW,
  setup: async (f) => {
    ownerToken = await adminLogin(f.stack.appUrl);
  },
});

/** Registers a delegate at the desk over HTTP (an owner's session); returns the number. */
async function register(email: string, overrides: Partial<RegistrationForm> = {}): Promise<string> {
  const form = validForm({ email, verifyEmail: email, billingEmail: email, ...overrides });
  return (await registerPaid(e2e.stack.appUrl, e2e.stack.doubleUrl, form, ownerToken)).regNo;
}

/** The newest e-mail in the outbox whose file name `wanted` accepts, parsed. */
async function newestMail(wanted: (file: string) => boolean) {
  let file = '';
  await expect
    .poll(async () => (file = (await readdir(e2e.outbox)).filter(wanted).sort().at(-1) ?? ''), { timeout: 30_000 })
    .not.toBe('');
  return PostalMime.parse(await readFile(path.join(e2e.outbox, file)));
}

/** The ticket QR text of the confirmation e-mail of `regNo`. */
async function ticketOf(regNo: string): Promise<string> {
  const mail = await newestMail((f) => f.endsWith(`-${regNo}.eml`));
  return decodeQrPng(mail.attachments.find((a) => a.filename === `ticket-${regNo}.png`)!.content as ArrayBuffer);
}

/** Signs `p` in as the owner by storing the token (the login form is covered by the first test and admin.test.ts). */
async function asOwner(p: Page) {
  await p.goto(`${e2e.stack.appUrl}/authors/registration`);
  await p.evaluate((t) => localStorage.setItem('admin-token', t), ownerToken);
}

/** A second browser (its own storage and IndexedDB), its clock where the server's is. */
async function otherBrowser(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await e2e.browser.newContext({ acceptDownloads: true });
  await context.clock.setSystemTime(new Date(APP_NOW));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

const checkins = async (regNo: string) => (await e2e.stack.redis.keys(`${e2e.stack.keyPrefix}checkin:${regNo}:*`)).length;

/** Scans `text` from an uploaded image on the verifier and presses Verify Ticket. */
async function scan(p: Page, text: string) {
  await p.getByLabel('Choose a ticket image').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await qrPng(text, 300) });
  await expect.poll(() => p.getByLabel('Decoded QR').inputValue()).toBe(text);
  await p.getByRole('button', { name: 'Verify Ticket' }).click();
}

describe('roles, desk devices and the audit record', { timeout: 360_000 }, () => {
  it('the owner adds an organiser with the role finance; she sets her password from the e-mailed link and sees only what finance may use', async () => {
    const { page } = e2e;
    await page.goto(`${e2e.stack.appUrl}/admin/login`);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin$/, SLOW);
    await expect.poll(() => page.getByTestId('signed-in-as').textContent()).toBe("Signed in as Organisers' shared password · owner");
    await page.getByRole('link', { name: /^Team/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await expect.poll(() => page.getByText('No accounts yet.').isVisible(), SLOW).toBe(true);
    await expectNoAxeViolations(page, '/admin/team, empty');

    await page.getByLabel('Name', { exact: true }).fill('Kavya Iyer');
    await page.getByLabel('E-mail').fill('kavya.e2e@example.org');
    await page.getByRole('checkbox', { name: 'finance' }).check();
    await page.getByRole('button', { name: 'Add and e-mail the link' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Account made for Kavya Iyer. A link to set the password was e-mailed to kavya.e2e@example.org' }).isVisible(), SLOW).toBe(true);
    const row = page.getByRole('row').filter({ hasText: 'kavya.e2e@example.org' });
    expect(await row.textContent()).toContain('Password not set yet');
    await expectNoAxeViolations(page, '/admin/team with an account');

    const mail = await newestMail((f) => f.includes('-account-'));
    expect(mail.to?.[0]?.address).toBe('kavya.e2e@example.org');
    const link = /https?:\/\/[^\s]+\/admin\/set-password#token=[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0];
    const local = new URL(link);

    const her = await otherBrowser();
    try {
      const p = her.page;
      await p.goto(`${e2e.stack.appUrl}${local.pathname}${local.hash}`);
      await p.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
      // The secret leaves the address bar.
      expect(new URL(p.url()).hash).toBe('');
      await expectNoAxeViolations(p, '/admin/set-password');
      await p.getByLabel('New password', { exact: true }).fill('tea at four on the lawn');
      await p.getByLabel('Repeat the new password').fill('tea at four on the lawn');
      await p.getByRole('button', { name: 'Set password' }).click();
      await expect.poll(() => p.getByText('Your password is set.').isVisible(), SLOW).toBe(true);
      await p.getByRole('link', { name: 'Sign in' }).click();
      await p.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(await p.getByLabel('E-mail (named accounts only)').inputValue()).toBe('kavya.e2e@example.org');
      await p.getByLabel('Password').fill('tea at four on the lawn');
      await p.getByRole('button', { name: 'Login' }).click();
      await p.waitForURL(/\/admin$/, SLOW);
      await expect.poll(() => p.getByTestId('signed-in-as').textContent()).toBe('Signed in as Kavya Iyer <kavya.e2e@example.org> · finance');
      // Finance: the accounts, the count and the payments needing attention; nothing else.
      expect(await p.locator('.admin-action__title').allTextContents()).toEqual(['Accounts']);
      expect(await p.getByRole('heading', { name: 'Team, devices and the audit record' }).count()).toBe(0);
      await p.getByTestId('attention-panel').waitFor();
      await expectNoAxeViolations(p, 'the dashboard of finance');
      await p.goto(`${e2e.stack.appUrl}/admin/registrations`);
      await expect.poll(() => p.getByRole('alert').filter({ hasText: 'Your roles do not open this page. It needs the role owner or registrations' }).isVisible(), SLOW).toBe(true);
      expect(her.errors).toEqual([]);
    } finally {
      await her.context.close();
    }
  });

  it('a desk device enrols from the QR code, checks in offline under its own id, and is refused once revoked', async () => {
    const valid = await register('door.valid@example.org', { firstName: 'Ishaan', lastName: 'Bhat' });
    const later = await register('door.later@example.org', { firstName: 'Tara', lastName: 'Kulkarni' });
    const [validTicket, laterTicket] = [await ticketOf(valid), await ticketOf(later)];

    const { page } = e2e;
    await asOwner(page);
    await page.goto(`${e2e.stack.appUrl}/admin/devices`);
    await page.getByRole('heading', { level: 1, name: 'Desk devices' }).waitFor();
    await page.getByLabel('Name of the device').fill('Door 1');
    await page.getByRole('button', { name: 'Make a desk device' }).click();
    const qr = page.getByRole('img', { name: 'Enrolment code of the desk device Door 1' });
    await qr.waitFor(SLOW);
    await expectNoAxeViolations(page, '/admin/devices with an enrolment code');
    const png = Buffer.from((await qr.getAttribute('src'))!.replace(/^data:image\/png;base64,/, ''), 'base64');
    const enrolLink = decodeQrPng(png);
    expect(enrolLink).toMatch(new RegExp(`^${e2e.stack.appUrl}/admin/enrol#token=`));
    const deviceToken = new URLSearchParams(new URL(enrolLink).hash.slice(1)).get('token')!;
    const device = decodeJwt(deviceToken);
    expect(device).toMatchObject({ kind: 'device', roles: ['desk'], name: 'Door 1' });
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByRole('row').filter({ hasText: String(device.sub) }).textContent()).toContain('Active until');

    const desk = await otherBrowser();
    try {
      const p = desk.page;
      // A phone where an organiser was signed in: enrolling replaces that session.
      await asOwner(p);
      await p.goto(`${e2e.stack.appUrl}/admin/enrol`);
      await p.getByRole('heading', { level: 1, name: 'Enrol a desk device' }).waitFor();
      await expectNoAxeViolations(p, '/admin/enrol');
      await p.getByLabel('Or choose a photo of the code').setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: png });
      await p.waitForURL(/\/admin\/ticket-verifier$/, SLOW);
      await expect.poll(() => p.getByTestId('signed-in-as').textContent(), SLOW).toBe('Desk device Door 1 · desk');
      expect(await p.evaluate(() => localStorage.getItem('admin-token'))).toBe(deviceToken);
      // The desk: no session mode, no making devices.
      expect(await p.getByRole('group', { name: 'Mode' }).count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Make this a desk device' }).count()).toBe(0);

      await p.getByRole('button', { name: 'Prepare this device' }).click();
      await expect.poll(() => p.getByText(/Data taken .* IST: \d+ confirmed registrations\./).isVisible(), SLOW).toBe(true);
      await p.getByLabel('Decoded QR').click();
      await p.waitForLoadState('networkidle');
      await desk.context.setOffline(true);
      await scan(p, validTicket);
      await expect.poll(() => p.getByText(`Valid Ticket — RID: ${valid} (checked on this device, offline)`).isVisible()).toBe(true);
      await desk.context.setOffline(false);
      await expect.poll(() => p.getByTestId('sync-result').innerText(), SLOW).toBe('Sent 1 queued scan: 1 recorded, 0 duplicates, 0 conflicts, 0 refused.');
      const stored = await e2e.stack.redis.get<{ device: string }>(`${e2e.stack.keyPrefix}checkin:${valid}:${APP_NOW.slice(0, 10)}`);
      expect(stored?.device).toBe(device.sub);
      const audit = await e2e.stack.redis.lrange<{ action: string; actor: string; actorName?: string; details: { regNo?: string } }>(`${e2e.stack.keyPrefix}audit`, 0, 30);
      expect(audit.find((e) => e.action === 'checkin.recorded' && e.details.regNo === valid)).toMatchObject({ actor: device.sub, actorName: 'Door 1' });

      // The owner revokes the device.
      await page.reload();
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: 'Revoke Door 1' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: '"Door 1" is revoked' }).isVisible(), SLOW).toBe(true);

      // Its next sync is refused: the session ends, and the scan stays on the device.
      await desk.context.setOffline(true);
      await scan(p, laterTicket);
      await expect.poll(() => p.getByText(`Valid Ticket — RID: ${later} (checked on this device, offline)`).isVisible()).toBe(true);
      await desk.context.setOffline(false);
      await p.waitForURL(/\/admin\/login$/, SLOW);
      expect(await p.evaluate(() => localStorage.getItem('admin-token'))).toBeNull();
      expect(await checkins(later)).toBe(0);
      const kept = await p.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('pesgre-checkin');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction('queue').objectStore('queue').count();
              count.onsuccess = () => resolve(count.result);
              count.onerror = () => reject(count.error);
            };
          }),
      );
      expect(kept).toBe(1);
      expect(desk.errors).toEqual([]);
    } finally {
      await desk.context.close();
    }
  });

  it('an organiser on the verifier makes the phone a desk device, or enrols it from a scanned enrolment code', async () => {
    const { page } = e2e;
    await asOwner(page);
    await page.goto(`${e2e.stack.appUrl}/admin/ticket-verifier`);
    await page.getByLabel('Name of this device').fill('Door 2');
    await page.getByRole('button', { name: 'Make this a desk device' }).click();
    await expect.poll(() => page.getByText('This is the desk device "Door 2".').isVisible(), SLOW).toBe(true);
    expect(decodeJwt((await page.evaluate(() => localStorage.getItem('admin-token')))!)).toMatchObject({ kind: 'device', roles: ['desk'], name: 'Door 2' });

    const made = await post(`${e2e.stack.appUrl}/api/admin/devices`, { name: 'Door 3' }, { Authorization: `Bearer ${ownerToken}` });
    expect(made.status, made.text).toBe(201);
    const other = await otherBrowser();
    try {
      const p = other.page;
      await asOwner(p);
      await p.goto(`${e2e.stack.appUrl}/admin/ticket-verifier`);
      const link = `${e2e.stack.appUrl}/admin/enrol#token=${made.json.token as string}`;
      await p.getByLabel('Choose a ticket image').setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: await qrPng(link, 480) });
      await p.getByRole('button', { name: 'Enrol this device' }).click();
      await expect.poll(() => p.getByText('This is the desk device "Door 3".').isVisible(), SLOW).toBe(true);
      expect(await p.evaluate(() => localStorage.getItem('admin-token'))).toBe(made.json.token);
      expect(other.errors).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  it('the owner reads the audit record by person and action, and downloads it as CSV', async () => {
    const { page } = e2e;
    await asOwner(page);
    await page.goto(`${e2e.stack.appUrl}/admin/audit`);
    await page.getByRole('heading', { level: 1, name: 'Audit record' }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Audit entries' }).isVisible(), SLOW).toBe(true);
    await expectNoAxeViolations(page, '/admin/audit');

    await expect.poll(() => page.getByRole('option', { name: 'Kavya Iyer (kavya.e2e@example.org)' }).count(), SLOW).toBe(1);
    await page.getByLabel('Who').selectOption({ label: 'Kavya Iyer (kavya.e2e@example.org)' });
    await page.getByLabel(/^Action/).fill('admin.login');
    await page.getByRole('button', { name: 'Show' }).click();
    const rows = page.getByRole('region', { name: 'Audit entries' }).getByRole('row');
    await expect.poll(() => rows.count(), SLOW).toBe(2);
    expect(await rows.nth(1).textContent()).toContain('Kavya Iyer <kavya.e2e@example.org>');
    expect(await rows.nth(1).textContent()).toContain('admin.login');

    await page.getByLabel('Who').selectOption({ label: 'Desk device: Door 1' });
    await page.getByLabel(/^Action/).fill('checkin');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(async () => (await rows.allTextContents()).some((t) => t.includes('checkin.recorded') && t.includes('Door 1')), SLOW).toBe(true);
    await expectNoAxeViolations(page, '/admin/audit filtered');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Time (IST),Time (ISO),Actor,Actor name,Roles,Client address,Action,Details');
    expect(csv).toContain('checkin.recorded');
    expect(csv).toContain('Door 1');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
