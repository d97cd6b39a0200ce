/**
 * End-to-end: the accounts side of the admin area in Chromium against the
 * whole local stack, its server clock pinned to 10 Nov 2025 10:00 IST (before the 20 Nov refund
 * deadline, before the conference). Delegates register over HTTP exactly as the browser does
 * (create-order, the Razorpay double's checkout, verify-payment). Then:
 *  - the confirmation e-mail carries a PDF tax invoice whose text holds the invoice number, the
 *    supplier's GSTIN, the SAC and the total paid; the admin table's "Invoice" button downloads
 *    the very same bytes; "Download invoices of a day" gives that day's documents in one PDF;
 *  - a cancellation requested over HTTP is approved on /admin/accounts; the e-mailed ticket is
 *    then refused at the verifier (API and the verifier page's upload) with 'Registration
 *    cancelled'; the table shows 'Cancelled' and no longer offers "Resend ticket"; the refund due is offered only after the conference
 *    (the browser's clock) and the server's refusal is shown when the browser thinks otherwise;
 *  - a payment needing attention is refunded in full from the page;
 *  - axe finds no serious or critical violation on /admin/accounts.
 */
import { describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import PostalMime from 'postal-mime';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Page } from 'playwright-core';
import type { AttentionPayment, StoredRegistration } from '../../src/shared/api';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { invoicing } from '../../src/content/invoicing';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { fromMinor } from '../../src/shared/money';
import { devDefaults } from '../../scripts/local-config';
import { decodeQrPng, jsonOrUndefined } from '../setup/mail-receiver';
import { validForm } from '../functions/helpers-form';
import { e2eFixture } from './fixture';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;
/** The server's clock: before the refund deadline (20 Nov 2025) and before the conference. */
const APP_NOW = '2025-11-10T10:00:00+05:30';
const DAY = '2025-11-10';
/** The dev server runs each admin function call in seconds, more on a busy machine; the page's loads wait for them. */
const SLOW = { timeout: 90_000 };
let adminToken = '';
const e2e = e2eFixture('admin-accounts', {
  now: APP_NOW,
  pinBrowserClock: false,
  setup: async () => {
    const res = await fetch(`${e2e.stack.appUrl}/api/admin-auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: ADMIN_PASSWORD }) });
    expect(res.status).toBe(200);
    adminToken = ((await res.json()) as { token: string }).token;
  },
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: jsonOrUndefined(text) as Record<string, unknown>, text };
}

/** Creates an order for `form` and pays it in the Razorpay double's checkout; returns what Checkout hands the browser. */
async function payOrder(form: RegistrationForm) {
  const amount = fromMinor(computeCharges(pricing, form, null).total);
  const order = await post(`${e2e.stack.appUrl}/api/payment/create-order`, { amount, data: form, code: null });
  expect(order.status, order.text).toBe(200);
  const paid = await post(`${e2e.stack.doubleUrl}/_double/pay`, { order_id: order.json.id, outcome: 'success' });
  expect(paid.status, paid.text).toBe(200);
  return paid.json as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

/** Registers a delegate as the browser does: order, checkout, verify-payment. Returns the stored registration. */
async function register(email: string, overrides: Partial<RegistrationForm> = {}): Promise<StoredRegistration> {
  const form = validForm({ email, verifyEmail: email, billingEmail: email, ...overrides });
  const paid = await payOrder(form);
  const verified = await post(`${e2e.stack.appUrl}/api/payment/verify-payment`, paid);
  expect(verified.status, verified.text).toBe(200);
  const regNo = verified.json.registrationNumber as string;
  expect(regNo).toMatch(/^PESGRE25-/);
  return (await e2e.stack.redis.get<StoredRegistration>(`${e2e.stack.keyPrefix}reg:${regNo}`))!;
}

/**
 * The parsed confirmation e-mail of `regNo`: the first .eml the outbox holds for it that carries
 * the ticket's QR image (it is sent after the answer, decision 053, so it may follow another).
 */
async function confirmationMail(regNo: string) {
  let mail: Awaited<ReturnType<typeof PostalMime.parse>> | undefined;
  await expect
    .poll(
      async () => {
        for (const f of (await readdir(e2e.outbox)).filter((f) => f.endsWith(`-${regNo}.eml`)).sort()) {
          const parsed = await PostalMime.parse(await readFile(path.join(e2e.outbox, f)));
          if (parsed.attachments.some((a) => a.mimeType === 'image/png')) return (mail = parsed);
        }
        return undefined;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();
  return mail!;
}

const bytesOf = (content: ArrayBuffer | Uint8Array | string) => (typeof content === 'string' ? Buffer.from(content, 'base64') : Buffer.from(content instanceof Uint8Array ? content : new Uint8Array(content)));

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** Signs the page in by storing the session token (the login form itself is covered by admin.test.ts). */
async function signIn(p: Page) {
  await p.goto(`${e2e.stack.appUrl}/authors/registration`);
  await p.evaluate((t) => localStorage.setItem('admin-token', t), adminToken);
}

const rowOf = (p: Page, regNo: string) => p.getByRole('row').filter({ has: p.getByRole('cell', { name: regNo, exact: true }) });

async function expectNoSeriousAxe(p: Page, where: string) {
  const axe = await new AxeBuilder({ page: p }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}

// Every step waits on the dev server's function calls, seconds each on a busy machine.
describe('accounts in the admin area', { timeout: 360_000 }, () => {
  let invoiced: StoredRegistration;

  it('e-mails a PDF tax invoice with the number, GSTIN, SAC and total; the table downloads the same bytes, and a whole day', async () => {
    invoiced = await register('invoice.e2e@example.org');
    expect(invoiced.invoiceNumber).toMatch(/^PG25\/2526\/\d{5}$/);

    const mail = await confirmationMail(invoiced.registrationNumber);
    const attachment = mail.attachments.find((a) => a.mimeType === 'application/pdf');
    expect(attachment, 'the confirmation e-mail carries a PDF invoice').toBeDefined();
    const mailed = bytesOf(attachment!.content);
    const text = await pdfText(mailed);
    expect(text).toContain(invoiced.invoiceNumber);
    expect(text).toContain(invoicing.supplier.gstin);
    expect(text).toMatch(/SAC|998596/);
    expect(text).toContain('998596');
    const total = invoiced.totalPaid.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(total).toMatch(/^\d{1,2},\d{3}\.\d{2}$/);
    expect(text).toContain(total);

    // The admin table: the row's "Invoice" button saves exactly the e-mailed PDF.
    await signIn(e2e.page);
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/registrations`);
    const row = rowOf(e2e.page, invoiced.registrationNumber);
    await expect.poll(() => row.isVisible(), SLOW).toBe(true);
    const headers = await e2e.page.locator('.admin-table thead tr').first().locator('th').allTextContents();
    expect(await row.getByRole('cell').nth(headers.indexOf('Cancellation')).textContent()).toBe('Active');
    const button = row.getByRole('button', { name: `Invoice ${invoiced.invoiceNumber} of ${invoiced.registrationNumber} (PDF)` });
    const [download] = await Promise.all([e2e.page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${invoiced.invoiceNumber!.replaceAll('/', '-')}.pdf`);
    const downloaded = await readFile((await download.path())!);
    expect(downloaded.equals(mailed)).toBe(true);
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: `Downloaded invoice ${invoiced.invoiceNumber}.` }).isVisible()).toBe(true);

    // "Download invoices of a day": the day's documents merged into one PDF.
    await e2e.page.getByLabel('Invoice day').fill(DAY);
    const [dayDownload] = await Promise.all([e2e.page.waitForEvent('download'), e2e.page.getByRole('button', { name: 'Download invoices of a day' }).click()]);
    expect(dayDownload.suggestedFilename()).toBe(`tax-documents-${DAY}.pdf`);
    expect(await pdfText(await readFile((await dayDownload.path())!))).toContain(invoiced.invoiceNumber);
    // A day without documents: the server's message, announced as an error.
    await e2e.page.getByLabel('Invoice day').fill('2025-01-01');
    await e2e.page.getByRole('button', { name: 'Download invoices of a day' }).click();
    await expect.poll(() => e2e.page.getByRole('alert').filter({ hasText: 'No invoices or credit notes are dated 2025-01-01.' }).isVisible()).toBe(true);
    expect(e2e.consoleErrors.filter((e) => !/404 \(Not Found\)/.test(e))).toEqual([]);
  });

  it('approves a cancellation on /admin/accounts; the ticket is then refused at the verifier and the table shows Cancelled', async () => {
    const delegate = await register('cancel.e2e@example.org');
    const regNo = delegate.registrationNumber;
    const mail = await confirmationMail(regNo);
    const png = mail.attachments.find((a) => a.mimeType === 'image/png');
    expect(png).toBeDefined();
    const ticket = decodeQrPng(png!.content as ArrayBuffer);
    const verify = () => post(`${e2e.stack.appUrl}/api/verification/verify-qr`, JSON.parse(ticket), { Authorization: `Bearer ${adminToken}` });
    // Before: the ticket is valid.
    expect((await verify()).status).toBe(200);

    const requested = await post(`${e2e.stack.appUrl}/api/cancellation/request`, { regId: regNo, email: delegate.email });
    expect(requested.status, requested.text).toBe(200);
    const refundMinor = requested.json.refundAmount as number;
    expect(refundMinor).toBe(delegate.charges.registrationFee / 2);
    const refundText = `₹${(refundMinor / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    // The browser's clock before the conference's end: "Pay refund" is offered but disabled, with the reason.
    await e2e.page.clock.setFixedTime(new Date(APP_NOW));
    await signIn(e2e.page);
    await e2e.page.goto(`${e2e.stack.appUrl}/admin`);
    await e2e.page.getByRole('link', { name: /^Accounts/ }).click();
    await e2e.page.waitForURL(/\/admin\/accounts$/);
    const requests = e2e.page.getByRole('region', { name: 'Cancellation requests list' });
    const request = rowOf(e2e.page, regNo).and(requests.getByRole('row'));
    await expect.poll(() => request.isVisible(), SLOW).toBe(true);
    expect(await request.getByRole('cell').allTextContents()).toEqual([regNo, 'Dr Asha Kulkarni', '10 Nov 2025, 10:00 IST', refundText, 'Cancellation requested', 'ApproveDecline']);

    // Approve asks first; dismissing changes nothing.
    e2e.page.once('dialog', (d) => void d.dismiss());
    await request.getByRole('button', { name: `Approve cancellation of ${regNo}` }).click();
    expect(await request.getByRole('cell').nth(4).textContent()).toBe('Cancellation requested');
    let confirmText = '';
    e2e.page.once('dialog', (d) => {
      confirmText = d.message();
      void d.accept();
    });
    // From the keyboard: Tab onto the button and press Enter; the focus ring is visible.
    const approve = request.getByRole('button', { name: `Approve cancellation of ${regNo}` });
    await approve.focus();
    await e2e.page.keyboard.press('Shift+Tab');
    await e2e.page.keyboard.press('Tab');
    expect(await approve.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    expect(await approve.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: `Cancellation of ${regNo} approved` }).isVisible(), SLOW).toBe(true);
    expect(confirmText).toContain(regNo);
    await expect.poll(() => request.getByRole('cell').nth(4).textContent()).toBe('Cancelled');

    const stored = (await e2e.stack.redis.get<StoredRegistration>(`${e2e.stack.keyPrefix}reg:${regNo}`))!;
    expect(stored.cancellation).toMatchObject({ status: 'approved', refundAmount: refundMinor, creditNoteNumber: expect.stringMatching(/^PG25C\/2526\/\d{5}$/) });

    // Refunds due: amount and 'Not paid'; the button waits for the conference's end.
    const due = rowOf(e2e.page, regNo).and(e2e.page.getByRole('region', { name: 'Refunds due list' }).getByRole('row'));
    await expect.poll(() => due.isVisible(), SLOW).toBe(true);
    expect((await due.getByRole('cell').allTextContents()).slice(0, 5)).toEqual([regNo, 'Dr Asha Kulkarni', refundText, stored.cancellation!.creditNoteNumber, 'Not paid']);
    const pay = due.getByRole('button', { name: `Pay refund for ${regNo}` });
    expect(await pay.isDisabled()).toBe(true);
    expect(await e2e.page.getByText('Refunds are paid only after the conference (it ends on 2025-12-21)').isVisible()).toBe(true);
    await expectNoSeriousAxe(e2e.page, '/admin/accounts with a decided request and a refund due');

    // The verifier refuses the ticket: over the API...
    const refused = await verify();
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ valid: false, rid: regNo, message: 'Registration cancelled' });
    // ...and on the verifier page, from an uploaded image of the e-mailed QR.
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/ticket-verifier`);
    const file = e2e.page.getByLabel('Choose a ticket image');
    await file.waitFor();
    await file.setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: bytesOf(png!.content) });
    await expect.poll(() => e2e.page.getByLabel('Decoded QR').inputValue()).toBe(ticket);
    await e2e.page.getByRole('button', { name: 'Verify Ticket' }).click();
    await expect.poll(() => e2e.page.getByRole('alert').filter({ hasText: 'Invalid Ticket — Registration cancelled' }).isVisible()).toBe(true);

    // The table keeps the row and says 'Cancelled'; the credit note is downloadable too.
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/registrations`);
    const row = rowOf(e2e.page, regNo);
    await expect.poll(() => row.isVisible(), SLOW).toBe(true);
    const headers = await e2e.page.locator('.admin-table thead tr').first().locator('th').allTextContents();
    expect(await row.getByRole('cell').nth(headers.indexOf('Cancellation')).textContent()).toBe('Cancelled');
    expect(await row.getByRole('cell').nth(headers.indexOf('Status')).textContent()).toBe('cancelled');
    // A cancelled registration's ticket admits no one: no "Resend ticket" (an active one keeps it).
    expect(await row.getByRole('button', { name: `Resend ticket for ${regNo}` }).count()).toBe(0);
    expect(await rowOf(e2e.page, invoiced.registrationNumber).getByRole('button', { name: `Resend ticket for ${invoiced.registrationNumber}` }).count()).toBe(1);
    const [credit] = await Promise.all([
      e2e.page.waitForEvent('download'),
      row.getByRole('button', { name: `Credit note ${stored.cancellation!.creditNoteNumber} of ${regNo} (PDF)` }).click(),
    ]);
    expect(await pdfText(await readFile((await credit.path())!))).toContain(stored.invoiceNumber);
  });

  it('shows the server refusing an early refund when the browser believes the conference is over', async () => {
    // The browser's real clock (after 21 Dec 2025) enables the button; the server's pinned clock refuses.
    const regNo = (await e2e.stack.redis.zrange<string[]>(`${e2e.stack.keyPrefix}cancellations:index`, 0, -1))[0]!;
    await signIn(e2e.page);
    await e2e.page.clock.setFixedTime(new Date('2025-12-22T10:00:00+05:30'));
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/accounts`);
    const due = rowOf(e2e.page, regNo).and(e2e.page.getByRole('region', { name: 'Refunds due list' }).getByRole('row'));
    await expect.poll(() => due.isVisible(), SLOW).toBe(true);
    expect(await e2e.page.getByText('The conference has ended: refunds due can be paid.').isVisible()).toBe(true);
    e2e.page.once('dialog', (d) => void d.accept());
    await due.getByRole('button', { name: `Pay refund for ${regNo}` }).click();
    await expect.poll(() => e2e.page.getByRole('alert').filter({ hasText: `Refund for ${regNo} not paid: Refunds are paid after the conference (it ends on 2025-12-21).` }).isVisible(), SLOW).toBe(true);
    expect(await due.getByRole('cell').nth(4).textContent()).toBe('Not paid');
  });

  it('refunds a payment needing attention in full and shows the refund', async () => {
    // A real captured payment on the double whose order was never applied (the browser and the webhook both lost).
    const paid = await payOrder(validForm({ email: 'attention.e2e@example.org', verifyEmail: 'attention.e2e@example.org' }));
    const record: AttentionPayment = {
      paymentId: paid.razorpay_payment_id,
      orderId: paid.razorpay_order_id,
      kind: 'tier-upgrade',
      registrationNumber: 'PESGRE25-ATTNACC1',
      amount: fromMinor(computeCharges(pricing, validForm(), null).total),
      currency: 'INR',
      reason: 'The order no longer matches the registration.',
      at: '2025-11-10T04:00:00.000Z',
    };
    await e2e.stack.redis.set(`${e2e.stack.keyPrefix}attention:${record.paymentId}`, JSON.stringify(record));
    await e2e.stack.redis.zadd(`${e2e.stack.keyPrefix}attention:index`, { score: Date.parse(record.at), member: record.paymentId });

    await signIn(e2e.page);
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/accounts`);
    const list = e2e.page.getByRole('region', { name: 'Payments needing attention list' });
    const row = list.getByRole('row').filter({ hasText: record.paymentId });
    await expect.poll(() => row.isVisible(), SLOW).toBe(true);
    e2e.page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: `Refund payment ${record.paymentId} in full` }).click();
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: `Payment ${record.paymentId} refunded in full: refund rfnd_` }).isVisible(), SLOW).toBe(true);
    await expect.poll(() => row.getByRole('cell').last().textContent()).toMatch(/^rfnd_\w+ \((processed|pending)\)$/);
    expect(await row.getByRole('button').count()).toBe(0);
    await expectNoSeriousAxe(e2e.page, '/admin/accounts after a refund');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
