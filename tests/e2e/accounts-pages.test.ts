/**
 * End-to-end: the registrant's accounts pages in Chromium, against a paid
 * registration created over HTTP as a browser would (create-order, the double's payment,
 * verify-payment). The server's clock is pinned before 20 Nov 2025 so the refund rule gives 50 %.
 *
 * - /invoices: a wrong e-mail is refused; the right one lists the Tax Invoice and 'Download PDF'
 *   saves a PDF whose text holds the invoice number.
 * - /cancel-registration: the refund shown is 50 % of the fee; the request needs the second,
 *   explicit confirmation; afterwards the page, a reload and the API all say 'received'.
 * - Both pages: labelled fields, the rules' empty-field message, and no serious or critical axe
 *   violation, before and after a lookup.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Registration } from '../../netlify/server/registrations';
import type { CancellationResponse, CreateOrderResponse, InvoicesLookupResponse, VerifyPaymentResponse } from '../../src/shared/api';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { validForm } from '../functions/helpers-form';
import { expectNoAxeViolations } from './axe';
import { launchChromium, startStack, type Stack } from './stack';
import { invoicing } from '../../src/content/invoicing';
import { dayBefore, formatDay } from '../../src/shared/dates';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];

/** The paid registration every test works on. */
const email = 'accounts.e2e@example.org';
let regNo: string;

async function postJson<T>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

async function storedRegistration(): Promise<Registration | null> {
  return stack.redis.get<Registration>(`${stack.keyPrefix}reg:${regNo}`);
}

/** Registers and pays over HTTP exactly as the wizard's browser does. */
async function createPaidRegistration(): Promise<string> {
  const form = validForm({ email, verifyEmail: email });
  const amount = computeCharges(pricing, form, null).total / 100;
  const order = await postJson<CreateOrderResponse>(`${stack.appUrl}/api/payment/create-order`, { amount, data: form, code: null });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const paid = await postJson<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>(`${stack.doubleUrl}/_double/pay`, {
    order_id: order.body.id,
    outcome: 'success',
  });
  expect(paid.status).toBe(200);
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid.body;
  const verified = await postJson<VerifyPaymentResponse>(`${stack.appUrl}/api/payment/verify-payment`, { razorpay_order_id, razorpay_payment_id, razorpay_signature });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  expect(verified.body.success).toBe(true);
  return verified.body.registrationNumber!;
}

/** Opens `route` and fills the two labelled fields. */
async function openAndFill(route: string, id: string, mail: string) {
  await page.goto(stack.appUrl + route);
  await page.getByLabel('Registration ID').fill(id);
  await page.getByLabel('Registered e-mail').fill(mail);
}

beforeAll(async () => {
  stack = await startStack({ APP_NOW: '2025-11-10T10:00:00+05:30' });
  browser = await launchChromium();
  regNo = await createPaidRegistration();
  // Longer than the project's hook time-out: on a busy machine the stack's first start and the
  // first call of each function (bundled on demand) took over three minutes together.
}, 420_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  consoleErrors.length = 0;
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && !page.isClosed()) {
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: `test-results/${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`, fullPage: true });
  }
  await context?.close();
});

// Each test's first calls bundle their functions on demand, which is slow on a busy machine.
describe('accounts pages in Chromium', { timeout: 240_000 }, () => {
  it('the registration information page links to both pages', async () => {
    await page.goto(`${stack.appUrl}/authors/registration`);
    const section = page.getByRole('region', { name: 'Cancellations or Changes' });
    await section.getByRole('link', { name: 'request a cancellation' }).click();
    await page.waitForURL(/\/cancel-registration$/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Cancel Registration' }).isVisible()).toBe(true);
    await page.goBack();
    await page.getByRole('region', { name: 'Cancellations or Changes' }).getByRole('link', { name: 'download your GST tax invoices' }).click();
    await page.waitForURL(/\/invoices$/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Invoices' }).isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it.each(['/invoices', '/cancel-registration'])("%s: empty fields give the rules' message, and axe finds nothing serious", async (route) => {
    await page.goto(stack.appUrl + route);
    const submit = page.getByRole('button', { name: route === '/invoices' ? 'Find invoices' : 'Check refund' });
    await submit.waitFor();
    expect(await page.getByLabel('Registered e-mail').getAttribute('type')).toBe('email');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, `${new URL(page.url()).pathname}, check 1`);
    await submit.click();
    const alert = page.getByRole('alert').filter({ hasText: '⚠️ Please enter both Registration ID and Email.' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    // Focus goes to the empty field, which is marked invalid.
    expect(await page.getByLabel('Registration ID').evaluate((el) => el === document.activeElement && el.getAttribute('aria-invalid'))).toBe('true');
    await page.getByLabel('Registration ID').fill(regNo);
    await submit.click();
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.getByLabel('Registered e-mail').evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page, `${new URL(page.url()).pathname}, check 2`);
    expect(consoleErrors).toEqual([]);
  });

  it('/invoices: a wrong e-mail is refused; the right one lists the Tax Invoice and downloads its PDF', async () => {
    const stored = await storedRegistration();
    const invoiceNumber = stored!.invoiceNumber!;
    expect(invoiceNumber).toMatch(/^PG25\/2526\/\d{5}$/);

    await openAndFill('/invoices', regNo, 'someone.else@example.org');
    await page.getByRole('button', { name: 'Find invoices' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'No registration matches this Registration ID and e-mail address.' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Download PDF' }).count()).toBe(0);

    // The right e-mail, typed and submitted from the keyboard (Enter in the field).
    const mailField = page.getByLabel('Registered e-mail');
    await mailField.fill('');
    await mailField.pressSequentially(email.toUpperCase());
    await mailField.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: `Documents for ${regNo}` });
    await expect.poll(() => heading.isVisible()).toBe(true);
    // The wrong-e-mail message is gone, the count is announced, and focus is on the list.
    expect(await page.getByRole('alert').filter({ hasText: 'No registration matches' }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: `Found 1 document for ${regNo}.` }).isVisible()).toBe(true);
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);

    const documents = page.getByRole('region', { name: `Documents for ${regNo}` });
    const item = documents.getByRole('listitem').filter({ hasText: invoiceNumber });
    expect(await documents.getByRole('listitem').count()).toBe(1);
    expect(await item.getByRole('heading', { level: 3 }).textContent()).toBe(`Tax Invoice ${invoiceNumber}`);
    // 15000 + 18 % GST = 17700; 4 % convenience fee = 708; total 18408.00
    expect(stored!.charges.total).toBe(1840800);
    expect(await item.getByText('₹18,408.00').isVisible()).toBe(true);
    expect(await item.getByText('10 November 2025').isVisible()).toBe(true);

    // Keyboard: Tab from the heading reaches the button, with a visible focus ring.
    await page.keyboard.press('Tab');
    const button = item.getByRole('button', { name: 'Download PDF' });
    expect(await button.evaluate((el) => el === document.activeElement && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    expect(await button.getAttribute('aria-describedby')).toBeTruthy();

    // A refused download: the button reads 'Processing...' and is disabled while the call runs,
    // then the server's message is shown in the alert region and the button is usable again.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/invoices/download', async (route) => {
      await held;
      await route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a few minutes.' }, success: false, message: 'Too many requests. Please wait a few minutes.' }) });
    });
    await button.click();
    const processing = item.getByRole('button', { name: 'Processing...' });
    await expect.poll(() => processing.isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Too many requests. Please wait a few minutes.' }).isVisible()).toBe(true);
    await expect.poll(() => button.isEnabled()).toBe(true);
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.unroute('**/api/invoices/download');

    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber.replace(/\//g, '-')}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('998596');
    await expect.poll(() => page.getByRole('status').filter({ hasText: `Downloaded invoice-` }).isVisible()).toBe(true);
    expect(await button.isEnabled()).toBe(true);
    await expectNoAxeViolations(page, `${new URL(page.url()).pathname}, check 3`);
    // Chromium logs the refused lookup's 404 itself; nothing else may be logged.
    expect(consoleErrors.filter((e) => !/status of (404 \(Not Found\)|429 \(Too Many Requests\))/.test(e))).toEqual([]);
    // The refused download's message is gone once a download succeeds.
    expect(await page.getByRole('alert').filter({ hasText: 'Too many requests' }).count()).toBe(0);
  });

  it('/cancel-registration: shows a 50 % refund, needs the second confirmation, then shows the request as received everywhere', async () => {
    expect((await storedRegistration())!.cancellation).toBeUndefined();
    await openAndFill('/cancel-registration', regNo.toLowerCase(), email);
    // The rule comes from src/content/invoicing.ts.
    // The last day, in plain words ('until 19 November 2025'), before the form.
    expect(await page.getByText(`until ${formatDay(dayBefore(invoicing.refund.requestBefore))} (Indian Standard Time), ${invoicing.refund.percent}% of the registration fee`).isVisible()).toBe(true);
    expect(await page.evaluate(() => {
      const rule = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Refunds')!;
      const form = document.querySelector('form')!;
      return Boolean(rule.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING);
    })).toBe(true);
    await page.getByRole('button', { name: 'Check refund' }).click();

    const result = page.getByRole('status');
    await expect.poll(() => result.getByRole('heading', { name: `Registration ${regNo}` }).isVisible()).toBe(true);
    // 50 % of the ₹15,000 fee, without GST and the convenience fee.
    expect(await result.getByText(/If you cancel now, ₹7,500\.00 \(50% of your registration fee/).isVisible()).toBe(true);
    expect(await result.getByRole('definition').textContent()).toBe('₹7,500.00');
    await expectNoAxeViolations(page, `${new URL(page.url()).pathname}, check 4`);

    // The first button only asks; nothing is stored until the explicit second one.
    await page.getByRole('button', { name: 'Request cancellation' }).click();
    const confirmHeading = page.getByRole('heading', { level: 3, name: `Cancel registration ${regNo}?` });
    await expect.poll(() => confirmHeading.isVisible()).toBe(true);
    await expect.poll(() => confirmHeading.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await storedRegistration())!.cancellation).toBeUndefined();
    await expectNoAxeViolations(page, `${new URL(page.url()).pathname}, check 5`);

    // Declining the confirmation goes back to the first button, with focus on it.
    await page.getByRole('button', { name: 'No, keep my registration' }).click();
    const requestButton = page.getByRole('button', { name: 'Request cancellation' });
    await expect.poll(() => requestButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await storedRegistration())!.cancellation).toBeUndefined();

    await requestButton.press('Enter');
    await page.getByRole('button', { name: 'Yes, cancel my registration' }).click();
    const received = 'Your cancellation request has been received; the organisers will confirm it by e-mail.';
    await expect.poll(() => result.getByText(received).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Request cancellation' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Yes, cancel my registration' }).count()).toBe(0);
    expect(await result.getByRole('definition').textContent()).toBe('₹7,500.00');
    expect((await storedRegistration())!.cancellation).toMatchObject({ status: 'requested', refundAmount: 750000, currency: 'INR' });

    // A fresh page shows the same state, without the button.
    await openAndFill('/cancel-registration', regNo, email);
    await page.getByRole('button', { name: 'Check refund' }).click();
    await expect.poll(() => page.getByRole('status').getByText(received).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Request cancellation' }).count()).toBe(0);
    await expectNoAxeViolations(page, `${new URL(page.url()).pathname}, check 6`);
    expect(consoleErrors).toEqual([]);

    // And so does the API, asked again: the quote and a repeated request answer the same.
    const expected = { success: true, registrationNumber: regNo, status: 'requested', refundAmount: 750000, currency: 'INR', message: received };
    const quote = await postJson<CancellationResponse>(`${stack.appUrl}/api/cancellation/quote`, { regId: regNo, email });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject(expected);
    const again = await postJson<CancellationResponse>(`${stack.appUrl}/api/cancellation/request`, { regId: regNo, email });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject(expected);
    expect((await storedRegistration())!.cancellation).toMatchObject({ status: 'requested', refundAmount: 750000 });
    // The invoice is still listed: only an approved cancellation adds the credit note.
    const lookup = await postJson<InvoicesLookupResponse>(`${stack.appUrl}/api/invoices/lookup`, { regId: regNo, email });
    expect(lookup.body.documents.map((d) => d.kind)).toEqual(['invoice']);
  });
});
