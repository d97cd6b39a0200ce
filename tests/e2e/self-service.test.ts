/**
 * End-to-end: the self-service pages (docs/rules.md#the-self-service-pages) in Chromium
 * against the whole local stack.
 *  - a student registers through the wizard, upgrades at /tier-upgrade through the stand-in
 *    checkout, reaches the payment-success page, and the admin table shows the professional tier
 *    and the new total;
 *  - at /ieee-change an IEEE member closes the checkout: 'Payment window closed', nothing stored
 *    changes; the pages show the server's refusals;
 *  - /name-change: a wrong e-mail is refused, the right one fills the form, the update is stored
 *    and e-mailed, the success message stays and has focus (decision 008);
 *  - axe-core finds no serious or critical violation on the three pages; the registration page
 *    links them without loading their code.
 */
import { describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { Page } from 'playwright-core';
import type { StoredRegistration } from '../../src/shared/api';
import { registrationPath } from '../../src/shared/api-paths';
import { messages, selfServiceMessages } from '../../src/shared/messages';
import { computeChangeCharges } from '../../src/shared/change-charges';
import { formatMoney } from '../../src/shared/money';
import { findTier, isEarlyBirdOpen, pricing, type Tier } from '../../src/shared/pricing';
import { devDefaults } from '../../scripts/local-config';
import { NO_MATCH_MESSAGE, NOT_FOUND_MESSAGE } from '../../src/shared/messages';
import { words } from '../../src/components/self-service-words';
import { expectNoAxeViolations } from './axe';
import { fillExtrasToSummary, fillParticipant, fillSteps1to8, payAndWaitForSuccess } from './wizard-steps';
import { e2eFixture, nextFrames } from './fixture';
import { amountCell, expectLoadingUntilReleased, summaryTexts } from './paid-change-summary';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;

/**
 * The day the server (APP_NOW) and the browser (its clock) are pinned to: inside the registration
 * window, which closes on 15 Nov 2025 (decision 013). Its price period is Standard.
 */
const NOW = '2025-11-10T10:00:00+05:30';
const period = isEarlyBirdOpen(new Date(NOW)) ? 'early' : 'std';
const tier = (id: string): Tier => findTier(pricing, id)!;
const literal = (label: string) => new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const e2e = e2eFixture('self-service', { now: NOW, viewport: { width: 1280, height: 900 } });

const stored = (regNo: string) => e2e.stack.redis.get<StoredRegistration>(`${e2e.stack.keyPrefix}reg:${regNo}`);

/** The banner's text in its error (role=alert) or polite (role=status) region. */
const alertText = (p: Page) => p.locator('.ss').getByRole('alert').textContent();
const statusText = (p: Page) => p.locator('.ss').getByRole('status').textContent();

/** A student (non-member, Indian, today's period) registers through the wizard and pays; returns the registration number. */
async function registerStudent(p: Page, email: string): Promise<string> {
  await fillParticipant(p, e2e.stack.appUrl, email, { title: 'Ms', firstName: 'Meera', lastName: 'Nair', organization: 'IIT Madras', address: 'Sardar Patel Road', city: 'Chennai', postcode: '600036', mobile: '+91 94440 00000' });
  await p.getByLabel(literal(tier(`stud_non_indian_${period}`).label)).check();
  await p.getByRole('button', { name: 'Next' }).click();

  // Student, non-member: the IEEE step is skipped; the paper step is optional for a student (decision 011).
  await expect.poll(() => p.getByRole('heading', { name: 'Paper Registration' }).isVisible()).toBe(true);
  await p.getByRole('button', { name: 'Next' }).click();
  await fillExtrasToSummary(p, email, 'VEGAN');
  const { regNo } = await payAndWaitForSuccess(p);
  return regNo;
}

/** An IEEE-member professional registration (roster number 90000001, Active) made once through the wizard. */
let ieeeRegNo: Promise<string> | undefined;
const ieeeEmail = 'ieee.member.e2e@example.org';
function ieeeRegistration(): Promise<string> {
  ieeeRegNo ??= (async () => {
    const ctx = await e2e.browser.newContext();
    await ctx.clock.setSystemTime(new Date(NOW));
    try {
      const p = await ctx.newPage();
      const label = tier(`prof_ieee_indian_${period}`).label;
      await fillSteps1to8(p, e2e.stack.appUrl, ieeeEmail, { tier: literal(label) });
      return (await payAndWaitForSuccess(p)).regNo;
    } finally {
      await ctx.close();
    }
  })();
  return ieeeRegNo;
}

/** Signs in on /admin/login with the local password. */
async function signIn(p: Page) {
  await p.goto(`${e2e.stack.appUrl}/admin/login`);
  await p.getByLabel('Password').fill(ADMIN_PASSWORD);
  await p.getByRole('button', { name: 'Login' }).click();
  await p.waitForURL(/\/admin$/);
}

describe('self-service pages in Chromium', () => {
  it('a student upgrades to the professional tier, pays, and the admin table shows the new tier and total', async () => {
    const email = 'student.upgrade.e2e@example.org';
    const regNo = await registerStudent(e2e.page, email);
    const before = (await stored(regNo))!;
    expect(before.registrationTier).toBe(`stud_non_indian_${period}`);
    const from = tier(`stud_non_indian_${period}`);
    const to = tier(`prof_non_indian_${period}`);
    const charges = computeChangeCharges(pricing, from, to);

    await e2e.page.goto(`${e2e.stack.appUrl}/tier-upgrade`);
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Upgrade Registration Tier' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expectNoAxeViolations(e2e.page, '/tier-upgrade empty');

    // An empty ID never reaches the server.
    const fetchButton = e2e.page.locator('.ss-form button[type=submit]');
    expect(await fetchButton.textContent()).toBe('Fetch Details');
    await fetchButton.click();
    await expect.poll(() => alertText(e2e.page)).toBe(selfServiceMessages.registrationIdRequired);
    expect(await e2e.page.getByLabel('Registration ID').getAttribute('aria-invalid')).toBe('true');

    // Lower case and spaces as a registrant might type it: the page normalises it.
    await e2e.page.getByLabel('Registration ID').fill(`  ${regNo.toLowerCase()} `);
    // Decision 013: a student's upgrade says which paper it is for (the wizard skipped that step).
    await fetchButton.click();
    await expect.poll(() => alertText(e2e.page)).toBe(messages.paperRequired);
    await e2e.page.getByLabel('Paper ID').fill('PESGRE-4242');
    // The order request is held until the busy state has been seen: 'Loading...', disabled.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await e2e.page.route('**/api/tier-upgrade/upgrade-tier', async (route) => {
      await held;
      await route.continue();
    });
    await fetchButton.click();
    await expectLoadingUntilReleased(e2e.page, release);
    const summary = e2e.page.getByRole('region', { name: 'Upgrade summary' });
    await expect.poll(() => summary.isVisible(), { timeout: 30_000 }).toBe(true);
    await e2e.page.unroute('**/api/tier-upgrade/upgrade-tier');
    expect(await alertText(e2e.page)).toBe('');
    expect(await summaryTexts(summary)).toEqual({ 'Registration ID': regNo, Name: 'Ms Meera Nair', Organisation: 'IIT Madras', 'Current tier': from.label, 'New tier': to.label });
    const row = (name: string) => amountCell(summary, name);
    expect(await row('Fee difference').textContent()).toBe(formatMoney(charges.base, 'INR'));
    expect(await row('GST (18%)').textContent()).toBe(formatMoney(charges.gst, 'INR'));
    expect(await row('Convenience fee (4%)').textContent()).toBe(formatMoney(charges.convenienceFee, 'INR'));
    expect(await row('Total').textContent()).toBe(formatMoney(charges.total, 'INR'));
    // Focus moves to the summary so keyboard and screen-reader users land on it.
    await expect.poll(() => e2e.page.evaluate(() => document.activeElement?.textContent)).toBe('Upgrade summary');
    await expectNoAxeViolations(e2e.page, '/tier-upgrade with the summary');

    // Pay by keyboard: Tab from the summary heading reaches the pay button.
    await e2e.page.keyboard.press('Tab');
    expect(await e2e.page.evaluate(() => document.activeElement?.textContent)).toBe(`Pay ${formatMoney(charges.total, 'INR')}`);
    await e2e.page.keyboard.press('Enter');
    const dialog = e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await summary.getByRole('button', { name: 'Processing...' }).isDisabled()).toBe(true);
    expect(await fetchButton.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect.poll(() => statusText(e2e.page), { timeout: 30_000 }).toBe(selfServiceMessages.verified);
    await e2e.page.waitForURL(/\/authors\/registration\/payment-success\?/, { timeout: 20_000 });
    const url = new URL(e2e.page.url());
    expect(url.searchParams.get('reg_no')).toBe(regNo);
    const paymentId = url.searchParams.get('payment_id')!;
    expect(paymentId).toMatch(/^pay_/);
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);

    const after = (await stored(regNo))!;
    expect(after.registrationTier).toBe(to.id);
    // Upgraded, the registration is confirmed without a proof of student status, with its paper.
    expect(after).toMatchObject({ status: 'confirmed', noPaper: false, paperId: 'PESGRE-4242' });
    const newTotal = Math.round(before.totalPaid * 100 + charges.total) / 100;
    expect(after.totalPaid).toBe(newTotal);
    expect(e2e.consoleErrors).toEqual([]);

    // The organisers' table shows the professional tier and the new total.
    const adminCalls: string[] = [];
    e2e.page.on('response', (r) => {
      if (r.url().includes('/api/admin-auth/') || r.url().includes('/api/registrations')) adminCalls.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await signIn(e2e.page);
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
    await e2e.page.getByRole('link', { name: /^Registration Data/ }).click();
    await e2e.page.waitForURL(/\/admin\/registrations$/);
    const tableRow = e2e.page.getByRole('row').filter({ has: e2e.page.getByRole('cell', { name: regNo, exact: true }) });
    await expect.poll(() => tableRow.isVisible(), { timeout: 20_000, message: adminCalls.join(', ') }).toBe(true);
    const headers = await e2e.page.locator('.admin-table thead tr').first().locator('th').allTextContents();
    const cell = (header: string) => tableRow.getByRole('cell').nth(headers.indexOf(header)).textContent();
    expect(await cell('Reg. Tier')).toBe(to.label);
    expect(await cell('Total Paid')).toBe(String(newTotal));
  }, 240_000);

  it('a summary made stale in another tab hides its Pay button and says what changed', async () => {
    const regNo = await registerStudent(e2e.page, 'student.stale.e2e@example.org');
    const from = tier(`stud_non_indian_${period}`);
    const to = tier(`prof_non_indian_${period}`);
    await e2e.page.goto(`${e2e.stack.appUrl}/tier-upgrade`);
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Upgrade Registration Tier' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await e2e.page.getByLabel('Registration ID').fill(regNo);
    await e2e.page.getByLabel('I did not submit a paper').check();
    await e2e.page.locator('.ss-form button[type=submit]').click();
    const summary = e2e.page.getByRole('region', { name: 'Upgrade summary' });
    await expect.poll(() => summary.isVisible(), { timeout: 30_000 }).toBe(true);
    const payButton = summary.getByRole('button', { name: /^Pay / });
    expect(await payButton.isVisible()).toBe(true);

    // Returning to a tab whose registration has not changed keeps the summary as it is: once the
    // page has read the registration again and rendered what it read.
    const reread = e2e.page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === registrationPath(regNo));
    await e2e.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await (await reread).finished();
    await nextFrames(e2e.page);
    expect(await payButton.isVisible()).toBe(true);

    // Meanwhile another tab upgraded it: the stored record now has the professional tier.
    const record = (await stored(regNo))!;
    await e2e.stack.redis.set(`${e2e.stack.keyPrefix}reg:${regNo}`, JSON.stringify({ ...record, registrationTier: to.id }));
    await e2e.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const notice = summary.getByRole('alert');
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    const text = await notice.textContent();
    expect(text).toContain(words.staleSummary);
    expect(text).toContain(`Its tier is now ${to.label} (was ${from.label}).`);
    expect(await summary.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(e2e.consoleErrors).toEqual([]);
  }, 240_000);

  it('the IEEE change: closing the checkout says so and changes nothing; refusals show the server message', async () => {
    const regNo = await ieeeRegistration();
    const before = (await stored(regNo))!;
    expect(before.registrationTier).toBe(`prof_ieee_indian_${period}`);
    const from = tier(`prof_ieee_indian_${period}`);
    const to = tier(`prof_non_indian_${period}`);
    const charges = computeChangeCharges(pricing, from, to);

    await e2e.page.goto(`${e2e.stack.appUrl}/ieee-change`);
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Change IEEE Membership Status' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expectNoAxeViolations(e2e.page, '/ieee-change empty');
    await e2e.page.getByRole('button', { name: 'Fetch Details' }).click();
    await expect.poll(() => alertText(e2e.page)).toBe(selfServiceMessages.registrationIdRequired);

    // Submitting with Enter from the field works like the button.
    await e2e.page.getByLabel('Registration ID').fill(regNo);
    await e2e.page.getByLabel('Registration ID').press('Enter');
    const summary = e2e.page.getByRole('region', { name: 'Change summary' });
    await expect.poll(() => summary.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await summary.getByText(from.label, { exact: true }).isVisible()).toBe(true);
    expect(await summary.getByText(to.label, { exact: true }).isVisible()).toBe(true);
    expect(await summary.getByTestId('change-total').textContent()).toBe(formatMoney(charges.total, 'INR'));
    await expectNoAxeViolations(e2e.page, '/ieee-change with the summary');

    await summary.getByRole('button', { name: /^Pay / }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => statusText(e2e.page)).toBe(selfServiceMessages.windowClosed);
    expect(e2e.page.url()).toBe(`${e2e.stack.appUrl}/ieee-change`);
    expect(await stored(regNo)).toEqual(before);
    // The registrant can still pay afterwards.
    expect(await summary.getByRole('button', { name: /^Pay / }).isEnabled()).toBe(true);
    await expectNoAxeViolations(e2e.page, '/ieee-change with a message');

    // A registration that does not exist: the server's message, no summary.
    await e2e.page.getByLabel('Registration ID').fill('PESGRE25-ZZZZZZZZ');
    expect(await summary.count()).toBe(0);
    await e2e.page.getByRole('button', { name: 'Fetch Details' }).click();
    await expect.poll(() => alertText(e2e.page)).toBe(NOT_FOUND_MESSAGE);
    expect(await summary.count()).toBe(0);

    // An IEEE-member professional cannot "upgrade": the upgrade page shows the server's refusal (409 NOT_ELIGIBLE).
    await e2e.page.goto(`${e2e.stack.appUrl}/tier-upgrade`);
    await e2e.page.getByLabel('Registration ID').fill(regNo);
    await e2e.page.getByLabel('I did not submit a paper').check();
    await e2e.page.getByRole('button', { name: 'Fetch Details' }).click();
    await expect.poll(async () => (await alertText(e2e.page))?.length ?? 0).toBeGreaterThan(0);
    expect(await e2e.page.getByRole('region', { name: 'Upgrade summary' }).count()).toBe(0);
    expect(await stored(regNo)).toEqual(before);
    expect(e2e.consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  }, 240_000);

  it('changes the registered name: wrong e-mail refused, record fetched, update stored and e-mailed', async () => {
    const regNo = await ieeeRegistration();
    const before = (await stored(regNo))!;
    const mailsBefore = new Set(await readdir(e2e.outbox));

    await e2e.page.goto(`${e2e.stack.appUrl}/name-change`);
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Change Registered Name' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expectNoAxeViolations(e2e.page, '/name-change empty');
    const email = e2e.page.getByLabel('Registered e-mail');
    expect(await email.getAttribute('type')).toBe('email');

    await e2e.page.getByRole('button', { name: 'Fetch Record' }).click();
    await expect.poll(() => alertText(e2e.page)).toBe(selfServiceMessages.idAndEmailRequired);
    await e2e.page.getByLabel('Registration ID').fill(regNo);
    await e2e.page.getByRole('button', { name: 'Fetch Record' }).click();
    await expect.poll(() => alertText(e2e.page)).toBe(selfServiceMessages.idAndEmailRequired);

    // A wrong e-mail: the server refuses and no name form appears.
    await email.fill('someone.else@example.org');
    await e2e.page.getByRole('button', { name: 'Fetch Record' }).click();
    await expect.poll(() => alertText(e2e.page), { timeout: 30_000 }).toBe(NO_MATCH_MESSAGE);
    expect(await e2e.page.getByLabel('First Name').count()).toBe(0);

    // The right one fills the form with the stored name.
    await email.fill(ieeeEmail);
    await e2e.page.getByRole('button', { name: 'Fetch Record' }).click();
    const firstName = e2e.page.getByLabel('First Name');
    await expect.poll(() => firstName.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await firstName.inputValue()).toBe(before.firstName);
    expect(await e2e.page.getByLabel('Last Name').inputValue()).toBe(before.lastName);
    expect(await e2e.page.getByLabel('Title').inputValue()).toBe(before.title);
    expect(await alertText(e2e.page)).toBe('');
    await expect.poll(() => e2e.page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('given-name');
    await expectNoAxeViolations(e2e.page, '/name-change with the name form');

    // Blank names never reach the server.
    await firstName.fill('   ');
    await e2e.page.getByRole('button', { name: 'Update Name' }).click();
    await expect.poll(() => alertText(e2e.page)).toBe(selfServiceMessages.namesRequired);

    await e2e.page.getByLabel('Title').selectOption('Prof');
    await firstName.fill('Asha Devi');
    await e2e.page.getByLabel('Last Name').fill('Kulkarni-Rao');
    await e2e.page.getByRole('button', { name: 'Update Name' }).click();
    await expect.poll(async () => (await statusText(e2e.page))?.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    const successText = (await statusText(e2e.page))!;
    expect(await alertText(e2e.page)).toBe('');
    // The form resets.
    expect(await e2e.page.getByLabel('Registration ID').inputValue()).toBe('');
    expect(await email.inputValue()).toBe('');
    expect(await e2e.page.getByLabel('First Name').count()).toBe(0);

    const after = (await stored(regNo))!;
    expect(after).toMatchObject({ title: 'Prof', firstName: 'Asha Devi', lastName: 'Kulkarni-Rao', registrationTier: before.registrationTier, totalPaid: before.totalPaid });

    // An e-mail about the change reaches the registered address.
    const newMail = async () => {
      for (const f of (await readdir(e2e.outbox)).filter((f) => f.endsWith('.eml') && !mailsBefore.has(f))) {
        const mail = await PostalMime.parse(await readFile(path.join(e2e.outbox, f)));
        if (mail.to?.some((a) => a.address === ieeeEmail) && `${mail.subject} ${mail.text}`.includes('Asha Devi')) return mail;
      }
      return null;
    };
    await expect.poll(async () => (await newMail()) !== null, { timeout: 30_000 }).toBe(true);
    expect((await newMail())!.subject).toContain(regNo);

    // The success message stays past the 5 s after which it used to clear and has focus (decision 010): the
    // browser's clock (installed by the fixture) is moved 6 s on, firing every timer due by then.
    expect(await statusText(e2e.page)).toBe(successText);
    await e2e.page.clock.fastForward(6_000);
    await nextFrames(e2e.page);
    expect(await statusText(e2e.page)).toBe(successText);
    expect(await e2e.page.evaluate(() => document.activeElement?.textContent)).toBe(successText);
    expect(e2e.consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  }, 240_000);

  it('the registration page links the self-service pages without loading their code', async () => {
    const scripts: string[] = [];
    e2e.page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await e2e.page.goto(`${e2e.stack.appUrl}/authors/registration`);
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Registration' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await e2e.page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /self-service|react-hook-form/.test(s))).toEqual([]);
    const links = e2e.page.getByRole('list', { name: 'Already registered?' }).getByRole('link');
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/tier-upgrade', '/ieee-change', '/name-change', '/name-transfer']);
    // Keyboard: focus the first link and follow it.
    await links.first().focus();
    await e2e.page.keyboard.press('Enter');
    await e2e.page.waitForURL(/\/tier-upgrade$/);
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1, name: 'Upgrade Registration Tier' }).isVisible()).toBe(true);
    expect(scripts.some((s) => s.includes('self-service'))).toBe(true);
  });
});
