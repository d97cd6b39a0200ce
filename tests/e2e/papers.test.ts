/**
 * End-to-end: accepted papers and the IEEE author rule (issue 23) in Chromium against the whole
 * local stack, its server clock pinned to 10 Nov 2025 10:00 IST. The publication chair imports
 * the CMT export (tests/fixtures/papers/cmt-accepted.xlsx) on /admin/papers after a preview; the
 * wizard's paper step refuses an unknown Paper ID and takes an accepted one; delegates register
 * over HTTP as the browser does; the page shows each coverage status and flags a non-author;
 * a cancellation turns a paper uncovered; the ticket verifier's session mode marks a paper
 * presented from the e-mailed QR and refuses a registrant who does not name it; the Xplore report
 * downloads; the special session's coupon is generated; the uncovered papers' authors are
 * e-mailed once; then the EasyChair pair is imported from the page.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { fromMinor } from '../../src/shared/money';
import { devDefaults } from '../../scripts/local-config';
import { jsonOrUndefined } from '../setup/mail-receiver';
import { validForm } from '../functions/helpers-form';
import { launchChromium, startStack, type Stack } from './stack';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;
const APP_NOW = '2025-11-10T10:00:00+05:30';
const SLOW = { timeout: 90_000 };
const FIXTURES = path.join(import.meta.dirname, '../fixtures/papers');

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let outbox: string;
let adminToken = '';
const regs: Record<string, string> = {};

beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'pesgre-papers-outbox-'));
  stack = await startStack({ MAIL_OUTBOX_DIR: outbox, APP_NOW });
  browser = await launchChromium();
  const res = await post(`${stack.appUrl}/api/admin-auth/login`, { password: ADMIN_PASSWORD });
  expect(res.status).toBe(200);
  adminToken = res.json.token as string;
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await browser.newContext({ acceptDownloads: true });
  // The wizard judges the registration window by the browser's clock (issue 22): pinned like the server's.
  await context.clock.setSystemTime(new Date(APP_NOW));
  page = await context.newPage();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && !page.isClosed()) {
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: `test-results/papers-${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`, fullPage: true });
  }
  await context?.close();
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: jsonOrUndefined(text) as Record<string, unknown>, text };
}

/** Registers a delegate as the browser does (create-order, the double's checkout, verify-payment); returns the number. */
async function register(email: string, overrides: Partial<RegistrationForm> = {}): Promise<string> {
  const form = validForm({ email, verifyEmail: email, billingEmail: email, ...overrides });
  const order = await post(`${stack.appUrl}/api/payment/create-order`, { amount: fromMinor(computeCharges(pricing, form, null).total), data: form, code: null });
  expect(order.status, order.text).toBe(200);
  const paid = await post(`${stack.doubleUrl}/_double/pay`, { order_id: order.json.id, outcome: 'success' });
  const verified = await post(`${stack.appUrl}/api/payment/verify-payment`, paid.json);
  expect(verified.status, verified.text).toBe(200);
  return verified.json.registrationNumber as string;
}

async function signIn(p: Page) {
  await p.goto(`${stack.appUrl}/authors/registration`);
  await p.evaluate((t) => localStorage.setItem('admin-token', t), adminToken);
}

/** The QR image of `regNo`'s confirmation e-mail in the outbox. */
async function ticketPng(regNo: string): Promise<Buffer> {
  let file = '';
  await expect.poll(async () => (file = (await readdir(outbox)).filter((f) => f.endsWith(`-${regNo}.eml`)).sort()[0] ?? ''), { timeout: 30_000 }).not.toBe('');
  const mail = await PostalMime.parse(await readFile(path.join(outbox, file)));
  const png = mail.attachments.find((a) => a.mimeType === 'image/png');
  const content = png!.content;
  return typeof content === 'string' ? Buffer.from(content, 'base64') : Buffer.from(content instanceof Uint8Array ? content : new Uint8Array(content));
}

const paperRow = (p: Page, id: string) => p.locator(`tr[data-paper="${id}"]`);
const coverageOf = (p: Page, id: string) => paperRow(p, id).locator('.papers-coverage').textContent();

describe('papers: the publication chair, the wizard and the session', () => {
  it('imports the CMT export on /admin/papers after a preview', async () => {
    await signIn(page);
    await page.goto(`${stack.appUrl}/admin/papers`);
    await expect.poll(() => page.getByText('No papers imported yet').isVisible(), SLOW).toBe(true);
    await page.getByLabel('CMT export (.xlsx or .csv)').setInputFiles(path.join(FIXTURES, 'cmt-accepted.xlsx'));
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => page.getByText('Row 6: Paper ID is empty.').isVisible(), SLOW).toBe(true);
    expect(await page.getByText('12 new, 0 updated, 0 to be withdrawn, 1 not accepted (skipped), 1 refused.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.locator('tr[data-paper]').count(), SLOW).toBe(12);
    expect(await coverageOf(page, '1')).toBe('Uncovered');
  }, 300_000);

  it("refuses an unknown Paper ID at the wizard's paper step and takes an accepted one", async () => {
    await page.goto(`${stack.appUrl}/authors/registration/details`);
    await expect.poll(() => page.getByRole('heading', { name: 'Participant Details' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByLabel('Title').selectOption('Dr');
    await page.getByLabel('First Name').fill('Asha');
    await page.getByLabel('Last Name').fill('Rao');
    await page.getByLabel('Organization', { exact: true }).fill('IIT Dharwad');
    await page.getByLabel('Address', { exact: true }).fill('Chikkamalligawad');
    await page.getByLabel('City', { exact: true }).fill('Dharwad');
    await page.getByLabel('Postcode', { exact: true }).fill('580011');
    await page.getByLabel('Mobile').fill('+91 98450 00001');
    await page.getByLabel('Email', { exact: true }).fill('asha.rao@example.org');
    await page.getByLabel('Verify Email').fill('asha.rao@example.org');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/Full Registration – Non-IEEE Member \(Indian, Standard\)/).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Paper Registration' }).isVisible()).toBe(true);
    await page.getByLabel('Paper ID').fill('999');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Paper ID not found among accepted papers.').isVisible(), SLOW).toBe(true);
    await page.getByLabel('Paper ID').fill('1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome Reception' }).isVisible(), SLOW).toBe(true);
  }, 300_000);

  it('shows each coverage status, flags a non-author, filters, and recomputes after a cancellation', async () => {
    regs.author = await register('asha.rao@example.org', { paperId: '1' });
    regs.colleague = await register('colleague@example.org', { paperId: '1' });
    regs.student = await register('neha.joshi@example.org', { paperId: '2', registrationTier: 'stud_non_indian_std', registrationFee: 8400 });
    regs.karan = await register('karan.mehta@example.org', { paperId: '3' });
    expect((await post(`${stack.appUrl}/api/cancellation/request`, { regId: regs.karan, email: 'karan.mehta@example.org' })).status).toBe(200);
    expect((await post(`${stack.appUrl}/api/admin/cancellations/decide`, { registrationNumber: regs.karan, decision: 'approve' }, { authorization: `Bearer ${adminToken}` })).status).toBe(200);

    await signIn(page);
    await page.goto(`${stack.appUrl}/admin/papers`);
    await expect.poll(() => coverageOf(page, '1'), SLOW).toBe('Covered');
    expect(await coverageOf(page, '2')).toBe('Student only');
    expect(await coverageOf(page, '3')).toBe('Uncovered');
    expect(await paperRow(page, '3').textContent()).toContain(`${regs.karan} · `);
    expect(await paperRow(page, '3').textContent()).toContain('cancelled');
    const flagged = paperRow(page, '1').locator('div', { hasText: regs.colleague! });
    expect(await flagged.textContent()).toContain('not a listed author');
    expect(await paperRow(page, '1').locator('div', { hasText: regs.author! }).textContent()).not.toContain('not a listed author');
    await page.getByLabel('Coverage').selectOption('student-only');
    await expect.poll(() => page.locator('tr[data-paper]').count()).toBe(1);
    expect(await page.locator('tr[data-paper]').getAttribute('data-paper')).toBe('2');
  }, 400_000);

  it("marks a paper presented by scanning the e-mailed ticket in the verifier's session mode", async () => {
    await signIn(page);
    await page.goto(`${stack.appUrl}/admin/ticket-verifier`);
    await page.getByLabel('Session (mark papers presented)').check();
    // A registrant who does not name the paper is refused.
    await page.getByLabel(/Paper being presented/).fill('2');
    await page.getByLabel('Choose a ticket image').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await ticketPng(regs.colleague!) });
    await expect.poll(() => page.getByLabel('Decoded QR').inputValue(), SLOW).toContain(regs.colleague!);
    await page.getByRole('button', { name: 'Mark Presented' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: `${regs.colleague} does not name paper 2` }).isVisible(), SLOW).toBe(true);
    // The author's ticket, no paper picked first: pick among the registrant's papers.
    await page.getByLabel(/Paper being presented/).fill('');
    await page.getByLabel('Choose a ticket image').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await ticketPng(regs.author!) });
    await expect.poll(() => page.getByLabel('Decoded QR').inputValue(), SLOW).toContain(regs.author!);
    await page.getByRole('button', { name: 'Mark Presented' }).click();
    await page.getByRole('button', { name: /^1: Model Predictive Control/ }).click();
    await expect.poll(() => page.getByText(`Presented — paper 1 (RID: ${regs.author})`).isVisible(), SLOW).toBe(true);

    await page.goto(`${stack.appUrl}/admin/papers`);
    await expect.poll(() => paperRow(page, '1').textContent(), SLOW).toContain(`presented (admin (session scan of ${regs.author})`);
  }, 300_000);

  it('downloads the IEEE Xplore report, generates the special-session coupon and e-mails the uncovered papers once', async () => {
    await signIn(page);
    await page.goto(`${stack.appUrl}/admin/papers`);
    await expect.poll(() => page.locator('tr[data-paper]').count(), SLOW).toBe(12);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'IEEE Xplore report' }).click()]);
    expect(download.suggestedFilename()).toBe('xplore_2025-11-10.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe('Paper ID,Title,Track,Coverage,Presented,Eligible,Reason,No-show');
    expect(csv).toContain('1,Model Predictive Control of Dual Active Bridge Converters,Power Electronics,covered,presented,yes,,no');
    expect(csv).toContain('2,Solar Forecasting with Satellite Imagery,Renewable Energy,student-only,,no,student only,no');

    await page.getByRole('button', { name: 'Generate 1 coupon' }).click();
    await expect.poll(() => page.getByTestId('session-coupons').textContent(), SLOW).toMatch(/^SS-[A-Z0-9]{10}$/);

    await page.getByRole('button', { name: 'Preview the e-mail' }).click();
    await expect.poll(() => page.getByText('10 uncovered papers, 10 recipients.').isVisible(), SLOW).toBe(true);
    expect(await page.getByLabel('Message preview').textContent()).toContain('Subject: PESGRE 2025: paper 3 has no full registration yet');
    const before = (await readdir(outbox)).filter((f) => f.includes('-paper-')).length;
    await page.getByRole('button', { name: 'Send to 10 recipients' }).click();
    await expect.poll(() => page.getByText('Sent 10 e-mails.').isVisible(), SLOW).toBe(true);
    expect((await readdir(outbox)).filter((f) => f.includes('-paper-')).length - before).toBe(10);
    await page.getByRole('button', { name: 'Send to 10 recipients' }).click();
    await expect.poll(() => page.getByText('These e-mails were already sent: nothing was sent again.').isVisible(), SLOW).toBe(true);
    expect((await readdir(outbox)).filter((f) => f.includes('-paper-')).length - before).toBe(10);
    expect(await page.getByRole('list', { name: 'Send log' }).getByRole('listitem').count()).toBe(1);
  }, 300_000);

  it('imports an EasyChair pair from the page, withdrawing the CMT papers', async () => {
    await signIn(page);
    await page.goto(`${stack.appUrl}/admin/papers`);
    await expect.poll(() => page.locator('tr[data-paper]').count(), SLOW).toBe(12);
    await page.getByLabel('Export from').selectOption('easychair');
    await page.getByLabel('submission.csv').setInputFiles(path.join(FIXTURES, 'easychair-submission.csv'));
    await page.getByLabel('author.csv').setInputFiles(path.join(FIXTURES, 'easychair-author.csv'));
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => page.getByText('3 new, 0 updated, 12 to be withdrawn, 1 not accepted (skipped), 2 refused.').isVisible(), SLOW).toBe(true);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.locator('tr[data-paper]').count(), SLOW).toBe(15);
    const covered = await register('arjun.das@example.org', { paperId: '101' });
    await page.reload();
    await expect.poll(() => coverageOf(page, '101'), SLOW).toBe('Covered');
    expect(await paperRow(page, '101').textContent()).toContain(covered);
    expect(await coverageOf(page, '1')).toBe('Withdrawn');
  }, 300_000);
});
