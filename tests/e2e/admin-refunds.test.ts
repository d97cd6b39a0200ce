/**
 * End-to-end: refunds Razorpay refuses (docs/operations.md, "Refunds"), in Chromium against the
 * whole local stack with the server and browser clocks pinned the day after the conference
 * (refunds are paid only then). Two delegates registered at the desk (an admin session registers
 * after the close) asked to cancel before the refund deadline (the request written as the
 * cancellation page writes it) and were approved over the API. Then, on /admin/accounts:
 *  - Razorpay refuses the first refund ("The id provided does not exist", the double's refundError
 *    fault): the row says Failed with Razorpay's reason, and still does after a reload, with
 *    "Retry refund" and "Paid outside Razorpay"; the retry, once Razorpay takes it, refunds;
 *  - the second, refused too, is recorded as paid outside Razorpay with a bank transfer's
 *    reference: the row says Refunded with the reference, and Razorpay made no refund;
 *  - axe finds no serious or critical violation on the page with a failed refund;
 *  - a payment needing attention (a real captured payment on the double, listed as the finalise
 *    script lists one it cannot apply) whose refund Razorpay refuses shows Failed with the reason,
 *    still after a reload, with "Refund in full" and "Paid outside Razorpay"; recorded as paid
 *    outside Razorpay with a bank transfer's reference, it says so after a reload, offers nothing
 *    more, Razorpay made no refund, and the audit record names who recorded it.
 */
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { AttentionPayment, StoredRegistration } from '../../src/shared/api';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { fromMinor } from '../../src/shared/money';
import { devDefaults } from '../../scripts/local-config';
import { afterConference, beforeRefundDeadline } from '../setup/edition-clock';
import { jsonOrUndefined } from '../setup/mail-receiver';
import { validForm } from '../functions/helpers-form';
import { e2eFixture } from './fixture';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD;
const SLOW = { timeout: 90_000 };
const REFUSAL = { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' };
let adminToken = '';

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: jsonOrUndefined(text) as Record<string, unknown>, text };
}

const e2e = e2eFixture('admin-refunds', {
  now: afterConference(),
  setup: async () => {
    const login = await post(`${e2e.stack.appUrl}/api/admin-auth/login`, { password: ADMIN_PASSWORD });
    expect(login.status, login.text).toBe(200);
    adminToken = login.json.token as string;
  },
});

/** Registers at the desk, then the delegate's cancellation request (made before the refund deadline) is approved. */
async function cancelledWithRefund(email: string): Promise<StoredRegistration> {
  const auth = { Authorization: `Bearer ${adminToken}` };
  const form = validForm({ email, verifyEmail: email, billingEmail: email });
  const order = await post(`${e2e.stack.appUrl}/api/payment/create-order`, { amount: fromMinor(computeCharges(pricing, form, null).total), data: form, code: null }, auth);
  expect(order.status, order.text).toBe(200);
  const paid = await post(`${e2e.stack.doubleUrl}/_double/pay`, { order_id: order.json.id, outcome: 'success' });
  const verified = await post(`${e2e.stack.appUrl}/api/payment/verify-payment`, paid.json);
  expect(verified.status, verified.text).toBe(200);
  const regNo = verified.json.registrationNumber as string;
  const key = `${e2e.stack.keyPrefix}reg:${regNo}`;
  const reg = (await e2e.stack.redis.get<StoredRegistration>(key))!;
  // The request as /cancel-registration records it before the deadline: half the fee is due.
  const requestedAt = new Date(beforeRefundDeadline()).toISOString();
  await e2e.stack.redis.set(key, { ...reg, cancellation: { status: 'requested', requestedAt, refundAmount: reg.charges.registrationFee / 2, currency: reg.currency } });
  await e2e.stack.redis.zadd(`${e2e.stack.keyPrefix}cancellations:index`, { score: Date.parse(requestedAt), member: regNo });
  const approved = await post(`${e2e.stack.appUrl}/api/admin/cancellations/decide`, { registrationNumber: regNo, decision: 'approve' }, auth);
  expect(approved.status, approved.text).toBe(200);
  return (await e2e.stack.redis.get<StoredRegistration>(key))!;
}

async function openAccounts(p: Page) {
  await p.goto(`${e2e.stack.appUrl}/authors/registration`);
  await p.evaluate((t) => localStorage.setItem('admin-token', t), adminToken);
  await p.goto(`${e2e.stack.appUrl}/admin/accounts`);
}

const dueRow = (p: Page, regNo: string) => p.getByRole('region', { name: 'Refunds due list' }).getByRole('row').filter({ has: p.getByRole('cell', { name: regNo, exact: true }) });

describe('refunds Razorpay refuses, on /admin/accounts', { timeout: 360_000 }, () => {
  it('shows the refusal with its reason after a reload, and retries it once Razorpay takes it', async () => {
    const reg = await cancelledWithRefund('refused.refund.e2e@example.org');
    const regNo = reg.registrationNumber;
    await post(`${e2e.stack.doubleUrl}/_double/faults`, { payment_id: reg.paymentId, refundError: REFUSAL });

    await openAccounts(e2e.page);
    const row = dueRow(e2e.page, regNo);
    await expect.poll(() => row.isVisible(), SLOW).toBe(true);
    expect(await e2e.page.getByText('The conference has ended: refunds due can be paid.').isVisible()).toBe(true);
    e2e.page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: `Pay refund for ${regNo}` }).click();
    await expect.poll(() => e2e.page.getByRole('alert').filter({ hasText: `Refund for ${regNo} failed: Razorpay refused it (${REFUSAL.description}).` }).isVisible(), SLOW).toBe(true);
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('Failed');

    // After a reload: still failed, with Razorpay's reason, Retry and "Paid outside Razorpay".
    await e2e.page.reload();
    await expect.poll(() => row.isVisible(), SLOW).toBe(true);
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('Failed');
    expect(await row.getByRole('cell').nth(5).textContent()).toContain(`Failed — Razorpay: ${REFUSAL.description}`);
    expect(await row.getByRole('button', { name: `Retry refund for ${regNo}` }).isEnabled()).toBe(true);
    expect(await row.getByRole('button', { name: `Paid outside Razorpay for ${regNo}` }).isEnabled()).toBe(true);
    const axe = await new AxeBuilder({ page: e2e.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Razorpay takes it now: the retry refunds, once.
    await post(`${e2e.stack.doubleUrl}/_double/faults`, { payment_id: reg.paymentId });
    e2e.page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: `Retry refund for ${regNo}` }).click();
    await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: `for ${regNo} sent to Razorpay (processed)` }).isVisible(), SLOW).toBe(true);
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('Refunded');
    const refunds = (await (await fetch(`${e2e.stack.doubleUrl}/_double/refunds?payment_id=${reg.paymentId}`)).json()) as { items: unknown[] };
    expect(refunds.items).toHaveLength(1);
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('records a refused refund as paid outside Razorpay with the bank transfer reference', async () => {
    const reg = await cancelledWithRefund('outside.refund.e2e@example.org');
    const regNo = reg.registrationNumber;
    await post(`${e2e.stack.doubleUrl}/_double/faults`, { payment_id: reg.paymentId, refundError: REFUSAL });
    try {
      await openAccounts(e2e.page);
      const row = dueRow(e2e.page, regNo);
      await expect.poll(() => row.isVisible(), SLOW).toBe(true);
      e2e.page.once('dialog', (d) => void d.accept());
      await row.getByRole('button', { name: `Pay refund for ${regNo}` }).click();
      await expect.poll(() => row.getByRole('cell').nth(4).textContent(), SLOW).toBe('Failed');

      await row.getByRole('button', { name: `Paid outside Razorpay for ${regNo}` }).click();
      const form = row.getByRole('form', { name: `Payment outside Razorpay for ${regNo}` });
      const record = form.getByRole('button', { name: 'Record payment' });
      expect(await record.isDisabled()).toBe(true);
      await form.getByLabel(/Reference of the payment/).fill('NEFT UTR SBIN425000777');
      await record.click();
      await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: `Refund for ${regNo} recorded as paid outside Razorpay (reference NEFT UTR SBIN425000777).` }).isVisible(), SLOW).toBe(true);
      await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('Refunded');
      expect(await row.getByRole('cell').nth(5).textContent()).toContain('Paid outside Razorpay (reference NEFT UTR SBIN425000777)');
      expect(await row.getByRole('button').count()).toBe(0);
    } finally {
      await post(`${e2e.stack.doubleUrl}/_double/faults`, { payment_id: reg.paymentId });
    }
    const stored = (await e2e.stack.redis.get<StoredRegistration>(`${e2e.stack.keyPrefix}reg:${regNo}`))!;
    expect(stored.cancellation!.refund).toMatchObject({ status: 'processed', parts: [{ status: 'paid-outside', reference: 'NEFT UTR SBIN425000777' }] });
    const refunds = (await (await fetch(`${e2e.stack.doubleUrl}/_double/refunds?payment_id=${reg.paymentId}`)).json()) as { items: unknown[] };
    expect(refunds.items).toEqual([]);
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('a payment needing attention whose refund Razorpay refuses is recorded as paid outside Razorpay with the bank transfer reference', async () => {
    // A real captured payment on the double whose order was not applied, listed as finalise lists one.
    const email = 'attention.outside.e2e@example.org';
    const form = validForm({ email, verifyEmail: email, billingEmail: email });
    const order = await post(`${e2e.stack.appUrl}/api/payment/create-order`, { amount: fromMinor(computeCharges(pricing, form, null).total), data: form, code: null }, { Authorization: `Bearer ${adminToken}` });
    expect(order.status, order.text).toBe(200);
    const paid = await post(`${e2e.stack.doubleUrl}/_double/pay`, { order_id: order.json.id, outcome: 'success' });
    expect(paid.status, paid.text).toBe(200);
    const record: AttentionPayment = {
      paymentId: paid.json.razorpay_payment_id as string,
      orderId: paid.json.razorpay_order_id as string,
      kind: 'tier-upgrade',
      registrationNumber: 'PESGRE25-ATTNOUT1',
      amount: fromMinor(computeCharges(pricing, form, null).total),
      currency: 'INR',
      reason: 'The registration was cancelled before this payment arrived.',
      at: new Date(afterConference('09:00:00')).toISOString(),
    };
    const paymentId = record.paymentId;
    await e2e.stack.redis.set(`${e2e.stack.keyPrefix}attention:${paymentId}`, JSON.stringify(record));
    await e2e.stack.redis.zadd(`${e2e.stack.keyPrefix}attention:index`, { score: Date.parse(record.at), member: paymentId });
    await post(`${e2e.stack.doubleUrl}/_double/faults`, { payment_id: paymentId, refundError: REFUSAL });
    try {
      await openAccounts(e2e.page);
      const row = e2e.page.getByRole('region', { name: 'Payments needing attention list' }).getByRole('row').filter({ hasText: paymentId });
      await expect.poll(() => row.isVisible(), SLOW).toBe(true);
      e2e.page.once('dialog', (d) => void d.accept());
      await row.getByRole('button', { name: `Refund payment ${paymentId} in full` }).click();
      await expect.poll(() => e2e.page.getByRole('alert').filter({ hasText: `Payment ${paymentId} not refunded: Razorpay refused it (${REFUSAL.description}).` }).isVisible(), SLOW).toBe(true);

      // After a reload: failed with Razorpay's reason, offered again and "Paid outside Razorpay".
      await e2e.page.reload();
      await expect.poll(() => row.isVisible(), SLOW).toBe(true);
      expect(await row.getByRole('cell').last().textContent()).toContain(`(failed: Razorpay: ${REFUSAL.description})`);
      expect(await row.getByRole('button', { name: `Refund payment ${paymentId} in full` }).isEnabled()).toBe(true);
      const outside = row.getByRole('button', { name: `Paid outside Razorpay for payment ${paymentId}` });
      expect(await outside.isEnabled()).toBe(true);
      const axe = await new AxeBuilder({ page: e2e.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

      await outside.click();
      expect(await outside.getAttribute('aria-expanded')).toBe('true');
      const form = row.getByRole('form', { name: `Payment outside Razorpay for payment ${paymentId}` });
      const save = form.getByRole('button', { name: 'Record payment' });
      expect(await save.isDisabled()).toBe(true);
      await form.getByLabel(/Reference of the payment/).fill('NEFT UTR SBIN425000999');
      await save.click();
      await expect.poll(() => e2e.page.getByRole('status').filter({ hasText: `Payment ${paymentId} recorded as paid back outside Razorpay (reference NEFT UTR SBIN425000999).` }).isVisible(), SLOW).toBe(true);
      await expect.poll(() => row.getByRole('cell').last().textContent()).toBe('Paid outside Razorpay (reference NEFT UTR SBIN425000999)');
      expect(await row.getByRole('button').count()).toBe(0);
      // And so it stays.
      await e2e.page.reload();
      await expect.poll(() => row.isVisible(), SLOW).toBe(true);
      expect(await row.getByRole('cell').last().textContent()).toBe('Paid outside Razorpay (reference NEFT UTR SBIN425000999)');
      expect(await row.getByRole('button').count()).toBe(0);
    } finally {
      await post(`${e2e.stack.doubleUrl}/_double/faults`, { payment_id: paymentId });
    }
    const stored = (await e2e.stack.redis.get<AttentionPayment>(`${e2e.stack.keyPrefix}attention:${paymentId}`))!;
    expect(stored.refund).toMatchObject({ status: 'paid-outside', reference: 'NEFT UTR SBIN425000999', reason: REFUSAL.description });
    const refunds = (await (await fetch(`${e2e.stack.doubleUrl}/_double/refunds?payment_id=${paymentId}`)).json()) as { items: unknown[] };
    expect(refunds.items).toEqual([]);
    // The audit record says who recorded it (the organisers' shared password here) and with what.
    const audit = await e2e.stack.redis.lrange<{ actor: string; action: string; details: { paymentId?: string; reference?: string } }>(`${e2e.stack.keyPrefix}audit`, 0, 50);
    expect(audit.find((a) => a.action === 'attention.refund.paid-outside' && a.details.paymentId === paymentId)).toMatchObject({ actor: 'admin', details: { reference: 'NEFT UTR SBIN425000999' } });
    expect(e2e.consoleErrors).toEqual([]);
  });
});
