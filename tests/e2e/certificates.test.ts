/**
 * End-to-end (docs/operations.md#name-badges-and-certificates), on npm start's stack with the server
 * clock pinned after certificates open (src/content/certificates.ts) and the browser clock with it:
 *  - two delegates registered at the desk; one checked in on the first conference day (an offline
 *    scan synced, as the verifier does), the other never;
 *  - /certificates: the checked-in delegate downloads a PDF with the name and the day; a wrong
 *    e-mail and an unknown ID get the same answer; the one never checked in gets none;
 *  - /certificates/verify?no= shows the number, the name and "Valid", nothing else;
 *  - /admin/badges-certificates: the badge PDF (both delegates, one sheet) and "Send all
 *    certificates" twice: one e-mail, the second press sends nothing.
 * The three pages are axe clean at 320, 390 and 1366 px.
 */
import { describe, expect, it } from 'vitest';
import { createHmac, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { PDFDocument } from 'pdf-lib';
import { certificates } from '../../src/content/certificates';
import { conference } from '../../src/content/conference';
import { formatDay } from '../../src/shared/dates';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { fromMinor } from '../../src/shared/money';
import { devDefaults } from '../../scripts/local-config';
import { jsonOrUndefined } from '../setup/mail-receiver';
import { pdftotext } from '../setup/pdftotext';
import { validForm } from '../functions/helpers-form';
import { expectNoAxeViolations } from './axe';
import { e2eFixture } from './fixture';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;
/** A day after certificates open. */
const NOW = new Date(Date.parse(certificates.opensAt) + 86_400_000).toISOString();

let token = '';
const attended = { regNo: '', email: 'certificate.attended.e2e@example.org', firstName: 'Kavya', lastName: 'Raghunathan' };
const absent = { regNo: '', email: 'certificate.absent.e2e@example.org', firstName: 'Rohan', lastName: 'Absentee' };

async function post(url: string, body: unknown, auth?: string) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: jsonOrUndefined(text) as Record<string, unknown>, text };
}

/** Registers and pays at the desk (an admin session keeps registering open after the close). */
async function register(who: { email: string; firstName: string; lastName: string }): Promise<string> {
  const form = validForm({ email: who.email, verifyEmail: who.email, firstName: who.firstName, lastName: who.lastName });
  const order = await post(`${e2e.stack.appUrl}/api/payment/create-order`, { amount: fromMinor(computeCharges(pricing, form, null).total), data: form, code: null }, token);
  expect(order.status, order.text).toBe(200);
  const paid = await post(`${e2e.stack.doubleUrl}/_double/pay`, { order_id: order.json.id, outcome: 'success' });
  const verified = await post(`${e2e.stack.appUrl}/api/payment/verify-payment`, paid.json);
  expect(verified.status, verified.text).toBe(200);
  return verified.json.registrationNumber as string;
}

const e2e = e2eFixture('certificates', {
  now: NOW,
  setup: async () => {
    const login = await post(`${e2e.stack.appUrl}/api/admin-auth/login`, { password: ADMIN_PASSWORD });
    expect(login.status, login.text).toBe(200);
    token = login.json.token as string;
    attended.regNo = await register(attended);
    absent.regNo = await register(absent);
    // Checked in on the first conference day: a scan queued on a device, synced (the legacy
    // HMAC ticket of the stack's local key, which the server still verifies).
    const ticket = JSON.stringify({ rid: attended.regNo, sig: createHmac('sha256', devDefaults.TICKET_SIGNING_KEY).update(attended.regNo, 'utf8').digest('base64url') });
    const sync = await post(`${e2e.stack.appUrl}/api/admin/checkins/sync`, { scans: [{ nonce: randomUUID(), ticket, scannedAt: `${conference.startDate}T09:30:00+05:30`, device: 'e2e-desk' }] }, token);
    expect(sync.status, sync.text).toBe(200);
    expect(sync.json).toMatchObject({ recorded: 1, duplicates: 0, conflicts: [] });
  },
});

/** Fills the /certificates form and presses its button. */
async function ask(regNo: string, email: string) {
  await e2e.page.getByLabel('Registration ID').fill(regNo);
  await e2e.page.getByLabel('Registered e-mail').fill(email);
  await e2e.page.getByRole('button', { name: 'Download certificate' }).click();
}

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('certificates of attendance in Chromium', () => {
  it('/certificates: the checked-in delegate downloads theirs; wrong e-mail = unknown ID; never checked in: none', async () => {
    await e2e.page.goto(`${e2e.stack.appUrl}/certificates`);
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Certificates of attendance' }).isVisible()).toBe(true);

    await expectNoAxeViolations(e2e.page, '/certificates');
    await ask(attended.regNo, 'someone.else@example.org');
    await expect.poll(() => e2e.page.getByRole('alert').textContent()).toBeTruthy();
    const wrongEmail = await e2e.page.getByRole('alert').textContent();
    await ask('PESGRE25-ZZZZZZ', attended.email);
    await expect.poll(() => e2e.page.getByRole('alert').textContent()).toBe(wrongEmail);

    await ask(absent.regNo, absent.email);
    await expect.poll(() => e2e.page.getByRole('alert').textContent()).toContain('never checked in');

    const download = e2e.page.waitForEvent('download');
    await ask(attended.regNo, attended.email);
    const file = await download;
    const bytes = await readFile((await file.path())!);
    const text = flat(await pdftotext(bytes));
    expect(text).toContain(`${attended.firstName} ${attended.lastName}`);
    expect(text).toContain(formatDay(conference.startDate));
    await expect.poll(() => e2e.page.getByRole('status').textContent()).toContain('Downloaded');

    // The certificate's number, printed on it, opens the public verify page.
    const number = new RegExp(`${certificates.numberPrefix}-[A-Z0-9]{10}`).exec(text)?.[0];
    expect(number, text).toBeTruthy();
    await e2e.page.goto(`${e2e.stack.appUrl}/certificates/verify?no=${encodeURIComponent(number!)}`);
    await expect.poll(() => e2e.page.getByText('Valid', { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(e2e.page, '/certificates/verify');
    const shown = flat((await e2e.page.locator('main').textContent()) ?? '');
    expect(shown).toContain(number!);
    expect(shown).toContain(`${attended.firstName} ${attended.lastName}`);
    expect(shown).not.toContain(attended.email);
    expect(shown).not.toContain(attended.regNo);
  });

  it('/admin/badges-certificates: badges for both on one sheet; send all twice sends one e-mail', async () => {
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/login`);
    await e2e.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await e2e.page.getByRole('button', { name: 'Login' }).click();
    await e2e.page.waitForURL(/\/admin$/);
    await e2e.page.getByRole('link', { name: /Badges and certificates/ }).click();
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Badges and certificates' }).isVisible()).toBe(true);
    await expect.poll(() => e2e.page.getByText('No certificates have been sent yet.').isVisible()).toBe(true);
    await expectNoAxeViolations(e2e.page, '/admin/badges-certificates');

    const download = e2e.page.waitForEvent('download');
    await e2e.page.getByLabel('Day').selectOption(conference.startDate);
    await e2e.page.getByRole('button', { name: 'Download badges (PDF)' }).click();
    const bytes = await readFile((await (await download).path())!);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const text = flat(await pdftotext(bytes));
    expect(text).toContain(attended.regNo);
    expect(text).toContain(absent.regNo);
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: 'Badges downloaded' }).isVisible()).toBe(true);

    await e2e.page.getByRole('button', { name: 'Send all certificates by e-mail' }).click();
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: 'Certificates:' }).textContent()).toContain('1 sent, 0 already sent earlier, 0 failed (1 due).');
    await e2e.page.getByRole('button', { name: 'Send all certificates by e-mail' }).click();
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: 'Certificates:' }).textContent()).toContain('0 sent, 1 already sent earlier, 0 failed (1 due).');
    expect(await e2e.page.getByRole('listitem').filter({ hasText: 'already sent earlier' }).count()).toBe(2);

    const certificateMails = (await readdir(e2e.outbox)).filter((f) => f.includes('certificate'));
    expect(certificateMails).toHaveLength(1);
    const mail = await PostalMime.parse(await readFile(path.join(e2e.outbox, certificateMails[0]!)));
    expect(mail.to?.[0]?.address).toBe(attended.email);
    expect(mail.subject).toContain(attended.regNo);
    expect(mail.attachments.map((a) => a.mimeType)).toContain('application/pdf');
    expect((await readdir(e2e.outbox)).some((f) => f.includes('certificate') && f.includes(absent.regNo))).toBe(false);
  });
});
