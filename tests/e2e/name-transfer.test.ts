/**
 * End-to-end: the name transfer at /name-transfer (docs/rules.md#fees-arithmetic-and-timings) in Chromium
 * against the whole local stack, on 10 Nov 2025 IST (transfers are taken before 20 Nov).
 *  - empty fields and a wrong e-mail are refused with the shared words and the server's message;
 *    a closed transfer window shows the server's message;
 *  - closing the checkout says 'Payment window closed' and changes nothing;
 *  - paying through the stand-in checkout verifies, reaches the payment-success page, and the
 *    registration (read with an admin token) now names the new person with ticket version 1;
 *    the new person is e-mailed that the registration was transferred to them;
 *  - axe-core finds no serious or critical violation on the page in each state.
 */
import { describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { Page } from 'playwright-core';
import type { StoredRegistration } from '../../src/shared/api';
import { selfServiceMessages } from '../../src/shared/messages';
import { computeFeeCharges } from '../../src/shared/change-charges';
import { formatMoney, fromMinor } from '../../src/shared/money';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { devDefaults } from '../../scripts/local-config';
import { NO_MATCH_MESSAGE } from '../../src/shared/messages';
import { validForm } from '../functions/helpers-form';
import { expectNoAxeViolations } from './axe';
import { invoicing } from '../../src/content/invoicing';
import { dayBefore, formatDay } from '../../src/shared/dates';
import { e2eFixture } from './fixture';
import { amountCell, expectLoadingUntilReleased, summaryTexts } from './paid-change-summary';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;
const REGISTERED = 'transfer.from.e2e@example.org';
const NEW_PERSON = { title: 'Ms', firstName: 'Meera', lastName: 'Shankar', email: 'transfer.to.e2e@example.org', organization: 'Hubballi Grid Lab', mobile: '+91 90000 11111' } as const;
const fee = computeFeeCharges(pricing, 'INR', 2000);
let regNo: string;
const e2e = e2eFixture('name-transfer', {
  // Both clocks: the page offers the transfer only until the conference has ended (decision 031).
  now: '2025-11-10T10:00:00+05:30',
  viewport: { width: 1280, height: 900 },
  setup: async () => {
    regNo = await registerPaidOverHttp();
  },
});

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

/** A Standard Indian professional registers and pays over HTTP (create-order, the double's capture, verify-payment). */
async function registerPaidOverHttp(): Promise<string> {
  const data = validForm({ email: REGISTERED, verifyEmail: REGISTERED, firstName: 'Asha', lastName: 'Kulkarni', title: 'Dr' });
  const amount = fromMinor(computeCharges(pricing, data, null).total);
  const order = await postJson<{ id: string }>(`${e2e.stack.appUrl}/api/payment/create-order`, { amount, data });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const paid = await postJson<Record<string, string>>(`${e2e.stack.doubleUrl}/_double/capture`, { order_id: order.body.id });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const verified = await postJson<{ registrationNumber: string }>(`${e2e.stack.appUrl}/api/payment/verify-payment`, paid.body);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.registrationNumber;
}

/** The whole stored registration, read as an organiser would (admin token over the API). */
async function adminRegistration(): Promise<StoredRegistration> {
  const login = await postJson<{ token: string }>(`${e2e.stack.appUrl}/api/admin-auth/login`, { password: ADMIN_PASSWORD });
  expect(login.status).toBe(200);
  const res = await fetch(`${e2e.stack.appUrl}/api/registrations/${regNo}`, { headers: { authorization: `Bearer ${login.body.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as StoredRegistration;
}

const alertText = (p: Page) => p.locator('.ss').getByRole('alert').textContent();
const statusText = (p: Page) => p.locator('.ss').getByRole('status').textContent();

/** Opens /name-transfer and waits for its heading. */
async function open(p: Page) {
  await p.goto(`${e2e.stack.appUrl}/name-transfer`);
  await expect.poll(() => p.getByRole('heading', { level: 1, name: 'Transfer Registration to Another Person' }).isVisible(), { timeout: 30_000 }).toBe(true);
}

/** Fills the whole form: the registrant's id and `email`, and the new person. */
async function fill(p: Page, email: string) {
  await p.getByLabel('Registration ID').fill(regNo);
  await p.getByLabel('Registered e-mail').fill(email);
  await p.getByLabel('Title').selectOption(NEW_PERSON.title);
  await p.getByLabel('First Name').fill(NEW_PERSON.firstName);
  await p.getByLabel('Last Name').fill(NEW_PERSON.lastName);
  await p.getByLabel('Email', { exact: true }).fill(NEW_PERSON.email);
  await p.getByLabel('Organization').fill(NEW_PERSON.organization);
  await p.getByLabel('Mobile').fill(NEW_PERSON.mobile);
}

describe('name transfer in Chromium', () => {
  it('refuses empty and wrong details, shows the order, and closing the checkout changes nothing', async () => {
    const before = await adminRegistration();
    await open(e2e.page);
    // The fee, the deadline and the ticket rule are stated before anything is typed.
    const intro = await e2e.page.locator('.ss-facts').textContent();
    expect(intro).toContain(formatMoney(fee.base, 'INR'));
    expect(intro).toContain('$50.00');
    // The last day in plain words ('until 19 November 2025').
    expect(intro).toContain(`until ${formatDay(dayBefore(invoicing.nameTransfer.requestBefore))}`);
    await expectNoAxeViolations(e2e.page, '/name-transfer empty');

    const orders: string[] = [];
    e2e.page.on('request', (r) => {
      if (r.url().endsWith('/api/name-transfer/create-order')) orders.push(r.url());
    });
    await e2e.page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => alertText(e2e.page)).toBe(selfServiceMessages.idAndEmailRequired);
    expect(await e2e.page.getByLabel('Registration ID').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => e2e.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('regId');
    // The new person's fields are checked with the same words as the server's schema.
    await e2e.page.getByLabel('Registration ID').fill(regNo);
    await e2e.page.getByLabel('Registered e-mail').fill(REGISTERED);
    await e2e.page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => alertText(e2e.page)).toBe('Title must be one of Dr, Prof, Mr, Ms, Mrs.');
    expect(await e2e.page.getByText('Organization is required.').isVisible()).toBe(true);
    await expectNoAxeViolations(e2e.page, '/name-transfer with field errors');
    expect(orders).toEqual([]);

    // A wrong registered e-mail: the server's refusal, no summary.
    await fill(e2e.page, 'someone.else@example.org');
    await e2e.page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => alertText(e2e.page), { timeout: 30_000 }).toBe(NO_MATCH_MESSAGE);
    const summary = e2e.page.getByRole('region', { name: 'Transfer summary' });
    expect(await summary.count()).toBe(0);

    // After the deadline the server's refusal is shown as it is (stubbed: this stack's clock is 10 Nov).
    const closed = 'Name transfers were possible until the day before 2025-11-20. Please write to us.';
    await e2e.page.route('**/api/name-transfer/create-order', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'TRANSFER_CLOSED', message: closed }, success: false, message: closed }) }),
    );
    await e2e.page.getByLabel('Registered e-mail').fill(REGISTERED);
    await e2e.page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => alertText(e2e.page)).toBe(closed);
    await e2e.page.unroute('**/api/name-transfer/create-order');

    // The right details: 'Loading...' while the order is made, then the summary.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await e2e.page.route('**/api/name-transfer/create-order', async (route) => {
      await held;
      await route.continue();
    });
    await e2e.page.getByRole('button', { name: 'Continue' }).click();
    await expectLoadingUntilReleased(e2e.page, release);
    await expect.poll(() => summary.isVisible(), { timeout: 30_000 }).toBe(true);
    await e2e.page.unroute('**/api/name-transfer/create-order');
    expect(await alertText(e2e.page)).toBe('');
    expect(await summaryTexts(summary)).toEqual({ 'Registration ID': regNo, From: 'Dr Asha Kulkarni', To: 'Ms Meera Shankar' });
    const row = (name: string) => amountCell(summary, name);
    expect(await row('Processing fee').textContent()).toBe('₹2,000.00');
    expect(await row('GST (18%)').textContent()).toBe(formatMoney(fee.gst, 'INR'));
    expect(await row('Convenience fee (4%)').textContent()).toBe(formatMoney(fee.convenienceFee, 'INR'));
    expect(await row('Total').textContent()).toBe('₹2,454.40');
    await expect.poll(() => e2e.page.evaluate(() => document.activeElement?.textContent)).toBe('Transfer summary');
    await expectNoAxeViolations(e2e.page, '/name-transfer with the summary');

    // Closing the checkout: the message, nothing stored changes, paying is still possible.
    await summary.getByRole('button', { name: 'Pay ₹2,454.40' }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await summary.getByRole('button', { name: 'Processing...' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => statusText(e2e.page)).toBe(selfServiceMessages.windowClosed);
    expect(e2e.page.url()).toBe(`${e2e.stack.appUrl}/name-transfer`);
    expect(await summary.getByRole('button', { name: 'Pay ₹2,454.40' }).isEnabled()).toBe(true);
    await expectNoAxeViolations(e2e.page, '/name-transfer with a message');
    expect(await adminRegistration()).toEqual(before);

    // Editing a detail drops the order made for the old details.
    await e2e.page.getByLabel('Mobile').fill('+91 90000 22222');
    expect(await summary.count()).toBe(0);
    expect(e2e.consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  }, 240_000);

  it('pays the fee: the registration moves to the new person with a new ticket, who is e-mailed', async () => {
    const mailsBefore = new Set(await readdir(e2e.outbox));
    await open(e2e.page);
    await fill(e2e.page, REGISTERED);
    await e2e.page.getByRole('button', { name: 'Continue' }).click();
    const summary = e2e.page.getByRole('region', { name: 'Transfer summary' });
    await expect.poll(() => summary.isVisible(), { timeout: 30_000 }).toBe(true);

    await summary.getByRole('button', { name: 'Pay ₹2,454.40' }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect.poll(() => statusText(e2e.page), { timeout: 30_000 }).toBe(selfServiceMessages.verified);
    // Nothing can be sent again while the page waits for its redirect.
    expect(await e2e.page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await e2e.page.waitForURL(/\/authors\/registration\/payment-success\?/, { timeout: 20_000 });
    const url = new URL(e2e.page.url());
    expect(url.searchParams.get('reg_no')).toBe(regNo);
    expect(url.searchParams.get('payment_id')).toMatch(/^pay_/);
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);

    const after = await adminRegistration();
    expect(after).toMatchObject({ title: 'Ms', firstName: 'Meera', lastName: 'Shankar', email: NEW_PERSON.email, organization: NEW_PERSON.organization, ticketVersion: 1 });
    expect(after.history?.at(-1)).toMatchObject({ kind: 'name-transfer', from: 'Dr Asha Kulkarni', to: 'Ms Meera Shankar', paymentId: url.searchParams.get('payment_id') });

    const transferMail = async () => {
      for (const f of (await readdir(e2e.outbox)).filter((f) => f.endsWith('.eml') && !mailsBefore.has(f))) {
        const mail = await PostalMime.parse(await readFile(path.join(e2e.outbox, f)));
        if (mail.to?.some((a) => a.address === NEW_PERSON.email) && (mail.subject ?? '').includes('transferred to you')) return mail;
      }
      return null;
    };
    await expect.poll(async () => (await transferMail()) !== null, { timeout: 30_000 }).toBe(true);
    expect((await transferMail())!.subject).toContain(regNo);
    expect(e2e.consoleErrors).toEqual([]);
  }, 240_000);
});
