/**
 * End-to-end: change history and payments needing attention in the admin area, in Chromium
 * against the whole local stack. A registration that was upgraded (student to professional) and
 * renamed after paying, and two payments that could not be applied, are written straight into
 * Redis under the stack's key prefix, as the change-finalise code stores them. Then:
 *  - the dashboard's carousel card lists the changes and the "Payments needing attention" panel
 *    lists both records newest first; axe finds no serious or critical violation;
 *  - the table's 'Changes' toggle works from the keyboard with a visible focus ring and opens the
 *    detail; the search finds text that only the history holds;
 *  - the downloaded CSV keeps the rules' 28 columns (then 'Cancellation' and 'Status', decision 013) with the updated tier and total;
 *  - with no records the panel says 'None'.
 */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import type { AttentionPayment, ChangeRecord, StoredRegistration } from '../../src/shared/api';
import { registrationCsvHeaders } from '../../src/shared/csv';
import { fromMinor } from '../../src/shared/money';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { devDefaults } from '../../scripts/local-config';
import { validForm } from '../functions/helpers-form';
import { FULL_TIER_NAME, STUDENT_TIER_NAME, studentToFullUpgrade } from '../unit/change-records';
import { e2eFixture } from './fixture';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;

const STUDENT = STUDENT_TIER_NAME;
const FULL = FULL_TIER_NAME;
const REG_NO = 'PESGRE25-HISTE2E7';
const OTHER_NO = 'PESGRE25-PLAINE2E';

// Paid as a student on 20 Oct, upgraded on 21 Oct (14:05 IST), renamed on 22 Oct (10:00 IST).
const paidAt = '2025-10-20T06:00:00.000Z';
const upgrade = studentToFullUpgrade({ orderId: 'order_HISTUPG0001', paymentId: 'pay_HISTUPG0001' });
const rename: ChangeRecord = { kind: 'name-change', from: 'Dr Asha Kulkarni', to: 'Dr Asha Rao', at: '2025-10-22T04:30:00.000Z' };

const olderAttention: AttentionPayment = {
  paymentId: 'pay_ATTNE2E0001',
  orderId: 'order_ATTNE2E0001',
  kind: 'tier-upgrade',
  registrationNumber: OTHER_NO,
  amount: 99.5,
  currency: 'USD',
  reason: 'The order no longer matches the registration.',
  at: '2025-11-09T05:45:00.000Z',
};
const newerAttention: AttentionPayment = {
  paymentId: 'pay_ATTNE2E0002',
  orderId: 'order_ATTNE2E0002',
  kind: 'ieee-change',
  registrationNumber: REG_NO,
  amount: 2360,
  currency: 'INR',
  reason: 'The registration was already changed by another payment.',
  at: '2025-11-10T05:45:00.000Z',
};

/** A stored registration as finalise() writes it, then changed as the change-finalise code does. */
function storedRegistration(regNo: string, tier: string, overrides: Partial<StoredRegistration> = {}): StoredRegistration {
  const student = tier.startsWith('stud_');
  const { verifyEmail: _verifyEmail, ...form } = validForm({ registrationTier: tier, ...(student ? { noPaper: true, paperId: '' } : {}) });
  const charges = computeCharges(pricing, form, null);
  return {
    ...form,
    _id: `e2e-${regNo}`,
    registrationNumber: regNo,
    registrationFee: fromMinor(charges.registrationFee),
    welcomeReceptionExtraFee: 0,
    galaDinnerExtraFee: 0,
    couponCode: 'NoCoupon',
    paymentId: `pay_${regNo.slice(-8)}`,
    orderId: `order_${regNo.slice(-8)}`,
    currency: charges.currency,
    totalPaid: fromMinor(charges.total),
    charges,
    paidAt,
    createdAt: paidAt,
    updatedAt: paidAt,
    ...overrides,
  };
}

const asStudent = storedRegistration(REG_NO, 'stud_non_indian_std');
const changed: StoredRegistration = {
  ...asStudent,
  registrationTier: 'prof_non_indian_std',
  firstName: 'Asha',
  lastName: 'Rao',
  totalPaid: asStudent.totalPaid + upgrade.amount,
  updatedAt: rename.at,
  history: [upgrade, rename],
};
const plain = storedRegistration(OTHER_NO, 'prof_non_indian_std', { firstName: 'Ravi', lastName: 'Menon', email: 'ravi@example.org', createdAt: '2025-10-19T06:00:00.000Z' });

let adminToken = '';

const key = (rest: string) => `${e2e.stack.keyPrefix}${rest}`;

async function writeAttention(p: AttentionPayment) {
  await e2e.stack.redis.set(key(`attention:${p.paymentId}`), JSON.stringify(p));
  await e2e.stack.redis.zadd(key('attention:index'), { score: Date.parse(p.at), member: p.paymentId });
}

const e2e = e2eFixture('admin-history', {
  viewport: { width: 1280, height: 900 },
  setup: async () => {
    for (const r of [plain, changed]) {
      await e2e.stack.redis.set(key(`reg:${r.registrationNumber}`), JSON.stringify(r));
      await e2e.stack.redis.zadd(key('reg:index'), { score: Date.parse(r.createdAt), member: r.registrationNumber });
    }
    await writeAttention(olderAttention);
    await writeAttention(newerAttention);
  },
});

/** axe-core (WCAG 2.1 A/AA) finds no serious or critical violation on the page as it is now. */
async function expectNoSeriousViolations(p: Page, where: string) {
  const axe = await new AxeBuilder({ page: p }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}

/** Signs in through the form once; later tests reuse the session token (the login is rate limited). */
async function signIn(p: Page) {
  if (adminToken) {
    // Any page of the app's origin but the login page, whose own token check would race this one.
    await p.goto(`${e2e.stack.appUrl}/authors/registration`);
    await p.evaluate((t) => localStorage.setItem('admin-token', t), adminToken);
    await p.goto(`${e2e.stack.appUrl}/admin`);
  } else {
    await p.goto(`${e2e.stack.appUrl}/admin/login`);
    await p.getByLabel('Password').fill(ADMIN_PASSWORD);
    await p.getByRole('button', { name: 'Login' }).click();
    await p.waitForURL(/\/admin$/);
    adminToken = (await p.evaluate(() => localStorage.getItem('admin-token')))!;
  }
  await expect.poll(() => p.getByRole('heading', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
}

const upgradeLine = `Tier upgrade: ${STUDENT} → ${FULL}, ₹4,130.00, 21 Oct 2025, 14:05 IST`;
const renameLine = 'Name change: Dr Asha Kulkarni → Dr Asha Rao, 22 Oct 2025, 10:00 IST';

describe('change history and payments needing attention', () => {
  it('the dashboard shows the history on the carousel card and the payments needing attention, newest first', async () => {
    await signIn(e2e.page);
    await expect.poll(() => e2e.page.getByTestId('total-registrations').textContent()).toBe('2');
    const card = e2e.page.locator('.carousel__card');
    const field = (label: string) => card.locator('.carousel__field', { has: e2e.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
    await expect.poll(() => field('Registration Number').textContent()).toBe(REG_NO);
    expect(await field('Full Name').textContent()).toBe('Dr Asha Rao');
    expect(await field('Tier').textContent()).toBe(FULL);
    expect(await field('Changes').locator('li').allTextContents()).toEqual([upgradeLine, renameLine]);
    // A registration without history has no Changes row.
    await e2e.page.getByRole('button', { name: 'Next registration' }).click();
    await expect.poll(() => field('Registration Number').textContent()).toBe(OTHER_NO);
    expect(await field('Changes').count()).toBe(0);

    const panel = e2e.page.getByTestId('attention-panel');
    await expect.poll(() => panel.getByRole('table').isVisible()).toBe(true);
    expect(await e2e.page.getByRole('region', { name: 'Payments needing attention', exact: true }).count()).toBe(1);
    const headers = await panel.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Registration Number', 'Kind', 'Amount', 'Reason', 'When', 'Payment ID', 'Order ID']);
    const rows = panel.getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getByRole('cell').allTextContents()).toEqual([
      REG_NO,
      'IEEE status change',
      '₹2,360.00',
      newerAttention.reason,
      '10 Nov 2025, 11:15 IST',
      newerAttention.paymentId,
      newerAttention.orderId,
    ]);
    expect(await rows.nth(1).getByRole('cell').allTextContents()).toEqual([
      OTHER_NO,
      'Tier upgrade',
      '$99.50',
      olderAttention.reason,
      '9 Nov 2025, 11:15 IST',
      olderAttention.paymentId,
      olderAttention.orderId,
    ]);
    // The scrolling table region and the carousel frame take keyboard focus with a visible ring.
    for (const target of [panel.locator('.admin-table-wrap'), e2e.page.locator('.carousel__viewport')]) {
      await target.focus();
      expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    await e2e.page.keyboard.press('Shift+Tab');
    await e2e.page.keyboard.press('Tab');
    expect(await e2e.page.locator('.carousel__viewport').evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await expectNoSeriousViolations(e2e.page, 'dashboard with history and payments needing attention');
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('the table shows the history behind a keyboard-usable toggle, search finds it, and the CSV keeps the 28 columns plus Cancellation and Status with the updated tier and total', async () => {
    await signIn(e2e.page);
    await e2e.page.getByRole('link', { name: /^Registration Data/ }).click();
    await e2e.page.waitForURL(/\/admin\/registrations$/);
    // Scoped to the registrations table: the dashboard, still on screen while the page's chunk
    // loads, lists the same registration among the payments needing attention.
    const table = e2e.page.getByRole('region', { name: 'Registrations', exact: true });
    const rowOf = (n: string) => table.getByRole('row').filter({ has: e2e.page.getByRole('cell', { name: n, exact: true }) });
    await expect.poll(() => rowOf(REG_NO).isVisible()).toBe(true);

    const headers = await table.locator('thead > tr:first-child > th').allTextContents();
    expect(headers.slice(headers.indexOf('Reg. Tier'), headers.indexOf('Reg. Tier') + 3)).toEqual(['Reg. Tier', 'Changes', 'IEEE No']);
    const changesColumn = headers.indexOf('Changes');
    expect(await rowOf(REG_NO).getByRole('cell').nth(headers.indexOf('Reg. Tier')).textContent()).toBe(FULL);
    expect(await rowOf(OTHER_NO).getByRole('cell').nth(changesColumn).textContent()).toBe('NA');

    // Keyboard: Tab from the row's Resend button reaches the toggle; Enter opens, Space closes.
    const toggle = rowOf(REG_NO).getByRole('button', { name: `2 changes for ${REG_NO}` });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await rowOf(REG_NO).getByRole('button', { name: `Resend ticket for ${REG_NO}` }).focus();
    await e2e.page.keyboard.press('Tab');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toggle.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const detail = e2e.page.getByRole('list', { name: `Changes to ${REG_NO}` });
    expect(await detail.isVisible()).toBe(true);
    const items = await detail.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(2);
    expect(items[0]).toBe(`Tier upgrade 21 Oct 2025, 14:05 IST: ${STUDENT} → ${FULL}, ₹4,130.00 (order ${upgrade.orderId}, payment ${upgrade.paymentId})`);
    expect(items[1]).toBe('Name change 22 Oct 2025, 10:00 IST: Dr Asha Kulkarni → Dr Asha Rao');
    expect(await e2e.page.locator(`#${await toggle.getAttribute('aria-controls')}`.replace(/:/g, '\\:')).count()).toBe(1);
    await expectNoSeriousViolations(e2e.page, 'table with a change detail open');
    // The detail stays in view however far the wide table is scrolled sideways.
    for (const scroll of ['end', 'start'] as const) {
      await e2e.page.locator('.admin-table-wrap').evaluate((el, to) => el.scrollTo({ left: to === 'end' ? el.scrollWidth : 0 }), scroll);
      const inView = await detail.evaluate((el) => {
        const list = el.getBoundingClientRect();
        const wrap = el.closest('.admin-table-wrap')!.getBoundingClientRect();
        return list.left >= wrap.left && list.left < wrap.right - 100;
      });
      expect(inView, `detail visible with the table scrolled to the ${scroll}`).toBe(true);
    }
    await e2e.page.keyboard.press('Space');
    await expect.poll(() => detail.count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // Search: the old name and the old tier's id are only in the history.
    const search = e2e.page.getByLabel('Search', { exact: true });
    for (const needle of ['Kulkarni', 'stud_non_indian_std', 'pay_HISTUPG0001', 'Tier upgrade']) {
      await search.fill(needle);
      await expect.poll(() => rowOf(OTHER_NO).count(), { message: needle }).toBe(0);
      expect(await rowOf(REG_NO).isVisible(), needle).toBe(true);
    }
    await search.fill('');
    await expect.poll(() => rowOf(OTHER_NO).isVisible()).toBe(true);

    // The CSV: the rules' 28 columns then 'Cancellation' and 'Status', the tier and total as updated, no history.
    const [download] = await Promise.all([e2e.page.waitForEvent('download'), e2e.page.getByRole('button', { name: 'Download CSV' }).click()]);
    const records = parse(await readFile((await download.path())!), { bom: true }) as string[][];
    expect(records[0]).toEqual([...registrationCsvHeaders]);
    expect(records.every((r) => r.length === registrationCsvHeaders.length)).toBe(true);
    const row = records.find((r) => r[0] === REG_NO)!;
    expect(row[registrationCsvHeaders.indexOf('Reg. Tier')]).toBe(FULL);
    expect(row[registrationCsvHeaders.indexOf('Name')]).toBe('Dr Asha Rao');
    expect(row[28]).toBe('Active');
    expect(Number(row[registrationCsvHeaders.indexOf('Total Paid')])).toBe(changed.totalPaid);
    expect(row.join('|')).not.toContain('Tier upgrade');
    expect(e2e.consoleErrors).toEqual([]);
  });

  it("the panel says 'None' when no payment needs attention", async () => {
    await e2e.stack.redis.del(key('attention:index'), key(`attention:${olderAttention.paymentId}`), key(`attention:${newerAttention.paymentId}`));
    await signIn(e2e.page);
    const panel = e2e.page.getByTestId('attention-panel');
    await expect.poll(() => panel.getByText('None', { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByRole('table').count()).toBe(0);
    await expectNoSeriousViolations(e2e.page, 'dashboard without payments needing attention');
  });
});
