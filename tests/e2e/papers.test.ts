/**
 * End-to-end: accepted papers and the IEEE author rule (decision 011) in Chromium against the whole
 * local stack, its server clock pinned to 10 Nov 2025 10:00 IST. The publication chair imports
 * the CMT export (tests/fixtures/papers/cmt-accepted.xlsx) on /admin/papers after a preview; the
 * wizard's paper step refuses an unknown Paper ID and takes an accepted one; delegates register
 * over HTTP as the browser does; the page shows each coverage status and flags a non-author;
 * a cancellation turns a paper uncovered; the ticket verifier's session mode marks a paper
 * presented from the e-mailed QR and refuses a registrant who does not name it; the table fits a
 * 1,366 px window and "Save mark" works by mouse there and at 390 px (a reason needed for a no-show
 * only); the Xplore report downloads; the special session's coupon is generated; the authors of
 * papers without a full registration (student-only ones too) are e-mailed once, with the
 * registration page and its deadline; then the EasyChair pair is imported from the page.
 */
import { describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { Page } from 'playwright-core';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { expectNoAxeViolations } from './axe';
import { validForm } from '../functions/helpers-form';
import { e2eFixture } from './fixture';
import { adminLogin, postJson as post, registerPaid } from './api-flow';

const APP_NOW = '2025-11-10T10:00:00+05:30';
const SLOW = { timeout: 90_000 };
const FIXTURES = path.join(import.meta.dirname, '../fixtures/papers');
let adminToken = '';
const regs: Record<string, string> = {};
const e2e = e2eFixture('papers', {
  now: APP_NOW,
  setup: async () => {
    adminToken = await adminLogin(e2e.stack.appUrl);
  },
});

/** Registers a delegate as the browser does (create-order, the double's checkout, verify-payment); returns the number. */
async function register(email: string, overrides: Partial<RegistrationForm> = {}): Promise<string> {
  const form = validForm({ email, verifyEmail: email, billingEmail: email, ...overrides });
  return (await registerPaid(e2e.stack.appUrl, e2e.stack.doubleUrl, form)).regNo;
}

async function signIn(p: Page) {
  await p.goto(`${e2e.stack.appUrl}/authors/registration`);
  await p.evaluate((t) => localStorage.setItem('admin-token', t), adminToken);
}

/** The QR image of `regNo`'s confirmation e-mail in the outbox. */
async function ticketPng(regNo: string): Promise<Buffer> {
  let file = '';
  await expect.poll(async () => (file = (await readdir(e2e.outbox)).filter((f) => f.endsWith(`-${regNo}.eml`)).sort()[0] ?? ''), { timeout: 30_000 }).not.toBe('');
  const mail = await PostalMime.parse(await readFile(path.join(e2e.outbox, file)));
  const png = mail.attachments.find((a) => a.mimeType === 'image/png');
  const content = png!.content;
  return typeof content === 'string' ? Buffer.from(content, 'base64') : Buffer.from(content instanceof Uint8Array ? content : new Uint8Array(content));
}

const paperRow = (p: Page, id: string) => p.locator(`tr[data-paper="${id}"]`);
const coverageOf = (p: Page, id: string) => paperRow(p, id).locator('.papers-coverage').textContent();

describe('papers: the publication chair, the wizard and the session', () => {
  it('imports the CMT export on /admin/papers after a preview', async () => {
    await signIn(e2e.page);
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/papers`);
    await expect.poll(() => e2e.page.getByText('No papers imported yet').isVisible(), SLOW).toBe(true);
    await e2e.page.getByLabel('CMT export (.xlsx or .csv)').setInputFiles(path.join(FIXTURES, 'cmt-accepted.xlsx'));
    await e2e.page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => e2e.page.getByText('Row 6: Paper ID is empty.').isVisible(), SLOW).toBe(true);
    expect(await e2e.page.getByText('12 new, 0 updated, 0 to be withdrawn, 1 not accepted (skipped), 1 refused.').isVisible()).toBe(true);
    await e2e.page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => e2e.page.locator('tr[data-paper]').count(), SLOW).toBe(12);
    expect(await coverageOf(e2e.page, '1')).toBe('Uncovered');
  }, 300_000);

  it("refuses an unknown Paper ID at the wizard's paper step and takes an accepted one", async () => {
    await e2e.page.goto(`${e2e.stack.appUrl}/authors/registration/details`);
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Participant Details' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await e2e.page.getByLabel('Title').selectOption('Dr');
    await e2e.page.getByLabel('First Name').fill('Asha');
    await e2e.page.getByLabel('Last Name').fill('Rao');
    await e2e.page.getByLabel('Organization', { exact: true }).fill('IIT Dharwad');
    await e2e.page.getByLabel('Address', { exact: true }).fill('Chikkamalligawad');
    await e2e.page.getByLabel('City', { exact: true }).fill('Dharwad');
    await e2e.page.getByLabel('Postcode', { exact: true }).fill('580011');
    await e2e.page.getByLabel('Mobile').fill('+91 98450 00001');
    await e2e.page.getByLabel('Email', { exact: true }).fill('asha.rao@example.org');
    await e2e.page.getByLabel('Verify Email').fill('asha.rao@example.org');
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByLabel(/Full Registration – Non-IEEE Member \(Indian, Standard\)/).check();
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Paper Registration' }).isVisible()).toBe(true);
    await e2e.page.getByLabel('Paper ID').fill('999');
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => e2e.page.getByText('Paper ID not found among accepted papers.').isVisible(), SLOW).toBe(true);
    await e2e.page.getByLabel('Paper ID').fill('1');
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Welcome Reception' }).isVisible(), SLOW).toBe(true);
  }, 300_000);

  it('shows each coverage status, flags a non-author, filters, and recomputes after a cancellation', async () => {
    regs.author = await register('asha.rao@example.org', { paperId: '1' });
    regs.colleague = await register('colleague@example.org', { paperId: '1' });
    regs.student = await register('neha.joshi@example.org', { paperId: '2', registrationTier: 'stud_non_indian_std', registrationFee: 8400 });
    regs.karan = await register('karan.mehta@example.org', { paperId: '3' });
    expect((await post(`${e2e.stack.appUrl}/api/cancellation/request`, { regId: regs.karan, email: 'karan.mehta@example.org' })).status).toBe(200);
    expect((await post(`${e2e.stack.appUrl}/api/admin/cancellations/decide`, { registrationNumber: regs.karan, decision: 'approve' }, { authorization: `Bearer ${adminToken}` })).status).toBe(200);

    await signIn(e2e.page);
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/papers`);
    await expect.poll(() => coverageOf(e2e.page, '1'), SLOW).toBe('Covered');
    expect(await coverageOf(e2e.page, '2')).toBe('Student only');
    expect(await coverageOf(e2e.page, '3')).toBe('Uncovered');
    expect(await paperRow(e2e.page, '3').textContent()).toContain(`${regs.karan} · `);
    expect(await paperRow(e2e.page, '3').textContent()).toContain('cancelled');
    const flagged = paperRow(e2e.page, '1').locator('div', { hasText: regs.colleague! });
    expect(await flagged.textContent()).toContain('not a listed author');
    expect(await paperRow(e2e.page, '1').locator('div', { hasText: regs.author! }).textContent()).not.toContain('not a listed author');
    await e2e.page.getByLabel('Coverage').selectOption('student-only');
    await expect.poll(() => e2e.page.locator('tr[data-paper]').count()).toBe(1);
    expect(await e2e.page.locator('tr[data-paper]').getAttribute('data-paper')).toBe('2');
  }, 400_000);

  it('fits the table in a 1,366 px window; "Save mark" works by mouse at 1,366 and 390 px; only a no-show needs a reason', async () => {
    const page = e2e.page;
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page);
    await page.goto(`${e2e.stack.appUrl}/admin/papers`);
    await expect.poll(() => page.locator('tr[data-paper]').count(), SLOW).toBe(12);
    // The table fits its region, and the page fits the window (it was 2,130 px wide).
    const widths = await page.evaluate(() => {
      const wrap = document.querySelector('.papers-table')!.parentElement!;
      return { table: wrap.scrollWidth, region: wrap.clientWidth, page: document.documentElement.scrollWidth };
    });
    expect(widths.table).toBeLessThanOrEqual(widths.region);
    expect(widths.page).toBeLessThanOrEqual(1366);
    /** Marks paper `id` as `mark` with `reason` through its row's controls, the button clicked with the mouse. */
    const markRow = async (id: string, mark: string, reason = '') => {
      const row = paperRow(page, id);
      await row.getByLabel(`Mark for paper ${id}`).selectOption(mark);
      await row.getByLabel(`Reason for paper ${id}`).fill(reason);
      const button = row.getByRole('button', { name: 'Save mark' });
      // Whole, not cut to "…": its text fits its box, and the mouse reaches it (Playwright's click checks the hit target).
      expect(await button.evaluate((b) => b.scrollWidth <= b.clientWidth && getComputedStyle(b).textOverflow !== 'ellipsis')).toBe(true);
      await button.click();
    };
    await markRow('24', 'presented');
    await expect.poll(() => page.getByText('Paper 24: presented.').isVisible(), SLOW).toBe(true);
    await expect.poll(() => paperRow(page, '24').locator('td').last().textContent(), SLOW).toContain('presented (admin (publication chair)');
    // A no-show without a reason is refused beside the field, and nothing is saved.
    await markRow('24', 'no-show');
    await expect.poll(() => paperRow(page, '24').getByRole('alert').textContent()).toBe('A no-show needs a reason (it goes on the no-show list IEEE receives).');
    expect(await paperRow(page, '24').getByLabel('Reason for paper 24').getAttribute('aria-invalid')).toBe('true');
    await page.reload();
    await expect.poll(() => paperRow(page, '24').locator('td').last().textContent(), SLOW).toContain('presented (admin (publication chair)');

    // On a phone the table scrolls sideways in its region; the button is still reached by the mouse.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await markRow('25', 'excused');
    await expect.poll(() => page.getByText('Paper 25: excused.').isVisible(), SLOW).toBe(true);
    await expect.poll(() => paperRow(page, '25').locator('td').last().textContent(), SLOW).toContain('excused (admin (publication chair)');
    await markRow('25', 'no-show', 'Nobody came to session C2.');
    await expect.poll(() => page.getByText('Paper 25: no-show.').isVisible(), SLOW).toBe(true);
    await expectNoAxeViolations(page, '/admin/papers');
  }, 300_000);

  it("marks a paper presented by scanning the e-mailed ticket in the verifier's session mode", async () => {
    await signIn(e2e.page);
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/ticket-verifier`);
    await e2e.page.getByLabel('Session (mark papers presented)').check();
    // A registrant who does not name the paper is refused.
    await e2e.page.getByLabel(/Paper being presented/).fill('2');
    await e2e.page.getByLabel('Choose a ticket image').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await ticketPng(regs.colleague!) });
    await expect.poll(() => e2e.page.getByLabel('Decoded QR').inputValue(), SLOW).toContain(regs.colleague!);
    await e2e.page.getByRole('button', { name: 'Mark Presented' }).click();
    await expect.poll(() => e2e.page.getByRole('alert').filter({ hasText: `${regs.colleague} does not name paper 2` }).isVisible(), SLOW).toBe(true);
    // The author's ticket, no paper picked first: pick among the registrant's papers.
    await e2e.page.getByLabel(/Paper being presented/).fill('');
    await e2e.page.getByLabel('Choose a ticket image').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await ticketPng(regs.author!) });
    await expect.poll(() => e2e.page.getByLabel('Decoded QR').inputValue(), SLOW).toContain(regs.author!);
    await e2e.page.getByRole('button', { name: 'Mark Presented' }).click();
    await e2e.page.getByRole('button', { name: /^1: Model Predictive Control/ }).click();
    await expect.poll(() => e2e.page.getByText(`Presented — paper 1 (RID: ${regs.author})`).isVisible(), SLOW).toBe(true);

    await e2e.page.goto(`${e2e.stack.appUrl}/admin/papers`);
    await expect.poll(() => paperRow(e2e.page, '1').textContent(), SLOW).toContain(`presented (admin (session scan of ${regs.author})`);
  }, 300_000);

  it('downloads the IEEE Xplore report, generates the special-session coupon and e-mails the uncovered papers once', async () => {
    await signIn(e2e.page);
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/papers`);
    await expect.poll(() => e2e.page.locator('tr[data-paper]').count(), SLOW).toBe(12);
    const [download] = await Promise.all([e2e.page.waitForEvent('download'), e2e.page.getByRole('button', { name: 'IEEE Xplore report' }).click()]);
    expect(download.suggestedFilename()).toBe('xplore_2025-11-10.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe('Paper ID,Title,Track,Coverage,Presented,Eligible,Reason,No-show');
    expect(csv).toContain('1,Model Predictive Control of Dual Active Bridge Converters,Power Electronics,covered,presented,yes,,no');
    expect(csv).toContain('2,Solar Forecasting with Satellite Imagery,Renewable Energy,student-only,,no,student only,no');

    await e2e.page.getByRole('button', { name: 'Generate 1 coupon' }).click();
    await expect.poll(() => e2e.page.getByTestId('session-coupons').textContent(), SLOW).toMatch(/^SS-[A-Z0-9]{10}$/);

    // Uncovered papers and the student-only paper 2 (a student registration never covers a paper).
    await e2e.page.getByRole('button', { name: 'Preview the e-mail' }).click();
    await expect.poll(() => e2e.page.getByText('11 papers without a full registration, 11 recipients.').isVisible(), SLOW).toBe(true);
    const sample = await e2e.page.getByLabel('Message preview').textContent();
    expect(sample).toContain('Subject: PESGRE 2025: paper 2 has no full registration yet');
    expect(sample).toContain('is named only by a student registration');
    expect(sample).toContain('by 15 November 2025 (23:59 IST), the registration deadline');
    expect(sample).toContain(`${e2e.stack.appUrl}/authors/registration/details`);
    const before = (await readdir(e2e.outbox)).filter((f) => f.includes('-paper-')).length;
    await e2e.page.getByRole('button', { name: 'Send to 11 recipients' }).click();
    await expect.poll(() => e2e.page.getByText('Sent 11 e-mails.').isVisible(), SLOW).toBe(true);
    expect((await readdir(e2e.outbox)).filter((f) => f.includes('-paper-')).length - before).toBe(11);
    await e2e.page.getByRole('button', { name: 'Send to 11 recipients' }).click();
    await expect.poll(() => e2e.page.getByText('These e-mails were already sent: nothing was sent again.').isVisible(), SLOW).toBe(true);
    expect((await readdir(e2e.outbox)).filter((f) => f.includes('-paper-')).length - before).toBe(11);
    expect(await e2e.page.getByRole('list', { name: 'Send log' }).getByRole('listitem').count()).toBe(1);
  }, 300_000);

  it('imports an EasyChair pair from the page, withdrawing the CMT papers', async () => {
    await signIn(e2e.page);
    await e2e.page.goto(`${e2e.stack.appUrl}/admin/papers`);
    await expect.poll(() => e2e.page.locator('tr[data-paper]').count(), SLOW).toBe(12);
    await e2e.page.getByLabel('Export from').selectOption('easychair');
    await e2e.page.getByLabel('submission.csv').setInputFiles(path.join(FIXTURES, 'easychair-submission.csv'));
    await e2e.page.getByLabel('author.csv').setInputFiles(path.join(FIXTURES, 'easychair-author.csv'));
    await e2e.page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => e2e.page.getByText('3 new, 0 updated, 12 to be withdrawn, 1 not accepted (skipped), 2 refused.').isVisible(), SLOW).toBe(true);
    await e2e.page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => e2e.page.locator('tr[data-paper]').count(), SLOW).toBe(15);
    const covered = await register('arjun.das@example.org', { paperId: '101' });
    await e2e.page.reload();
    await expect.poll(() => coverageOf(e2e.page, '101'), SLOW).toBe('Covered');
    expect(await paperRow(e2e.page, '101').textContent()).toContain(covered);
    expect(await coverageOf(e2e.page, '1')).toBe('Withdrawn');
  }, 300_000);
});
