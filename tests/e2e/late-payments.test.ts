/**
 * End-to-end: the late payments of a registration on /invoices in Chromium, against the whole
 * local stack (npm start's functions, Redis, the Razorpay double delivering its webhooks to the
 * stack), the server and browser clocks pinned to 10 Nov 2025 10:00 IST (registration open).
 * docs/payments.md, "Late authorisation".
 *
 * One registration's order took four attempts: three failed, the fourth paid it (verify-payment).
 * The bank then authorised the three failed ones late (the double's /_double/late-authorise, whose
 * webhooks reach the stack): the site refunds the first at once (processed), the second's refund
 * goes pending (the double's refundPendingStatus fault), and the third Razorpay refunds by itself
 * (autoRefund), so the site's refund is refused and Razorpay's refund recorded (decision 058).
 * A second order's only attempt failed and was authorised late: it is applied, making that
 * registration. The page lists each with its amount and what became of it, in the delegate's
 * words, and axe finds nothing serious. The organisers' /admin/accounts lists the three among the
 * payments needing attention with their refunds, the third marked as refunded by Razorpay itself,
 * none offering a refund.
 */
import { describe, expect, it } from 'vitest';
import type { CreateOrderResponse, VerifyPaymentResponse } from '../../src/shared/api';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { formatMoney } from '../../src/shared/money';
import { validForm } from '../functions/helpers-form';
import { devDefaults } from '../../scripts/local-config';
import { expectNoAxeViolations } from './axe';
import { e2eFixture } from './fixture';

const APP_NOW = '2025-11-10T10:00:00+05:30';
/** The dev server bundles each function on its first call, slowly on a busy machine. */
const SLOW = { timeout: 90_000 };

const email = 'late.payments.e2e@example.org';
const lateEmail = 'late.applied.e2e@example.org';
let regNo = '';
let lateRegNo = '';
let amountMinor = 0;
/** The three late payments of the first registration: refunded by the site, refund pending, refunded by Razorpay. */
const late = { refunded: '', pending: '', byRazorpay: '', applied: '' };
/** The refund ids as Razorpay (the double) holds them. */
const refundOf: Record<string, string> = {};

async function postJson<T>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

const e2e = e2eFixture('late-payments', {
  now: APP_NOW,
  setup: async ({ stack }) => {
    const dbl = <T = any>(path: string, body: unknown) => postJson<T>(`${stack.doubleUrl}${path}`, body);
    const order = async (mail: string): Promise<string> => {
      const form = validForm({ email: mail, verifyEmail: mail });
      amountMinor = computeCharges(pricing, form, null).total;
      const created = await postJson<CreateOrderResponse>(`${stack.appUrl}/api/payment/create-order`, { amount: amountMinor / 100, data: form, code: null });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body.id!;
    };
    const failed = async (orderId: string): Promise<string> => {
      const r = await dbl<{ error: { metadata: { payment_id: string } } }>('/_double/pay', { order_id: orderId, outcome: 'failure' });
      return r.body.error.metadata.payment_id;
    };
    const lateAuthorise = async (body: Record<string, unknown>) => {
      const r = await dbl<{ deliveries: { status: number; body: string }[] }>('/_double/late-authorise', body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.deliveries.map((d) => d.status), JSON.stringify(r.body.deliveries)).toEqual(r.body.deliveries.map(() => 200));
    };

    const orderId = await order(email);
    late.refunded = await failed(orderId);
    late.pending = await failed(orderId);
    late.byRazorpay = await failed(orderId);
    const paid = await dbl<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>('/_double/pay', { order_id: orderId, outcome: 'success' });
    const verified = await postJson<VerifyPaymentResponse>(`${stack.appUrl}/api/payment/verify-payment`, paid.body);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    regNo = verified.body.registrationNumber!;

    await lateAuthorise({ payment_id: late.refunded });
    await dbl('/_double/faults', { payment_id: late.pending, refundPendingStatus: true });
    await lateAuthorise({ payment_id: late.pending });
    await lateAuthorise({ payment_id: late.byRazorpay, autoRefund: true });
    for (const paymentId of [late.refunded, late.pending, late.byRazorpay]) {
      const res = await fetch(`${stack.doubleUrl}/_double/refunds?payment_id=${paymentId}`);
      const refunds = (await res.json()) as { items: { id: string }[] };
      expect(refunds.items, paymentId).toHaveLength(1);
      refundOf[paymentId] = refunds.items[0]!.id;
    }

    const lateOrder = await order(lateEmail);
    late.applied = await failed(lateOrder);
    await lateAuthorise({ payment_id: late.applied });
    const regs = await stack.redis.zrange<string[]>(`${stack.keyPrefix}reg:index`, 0, -1);
    for (const r of regs) {
      const stored = await stack.redis.get<{ paymentId?: string }>(`${stack.keyPrefix}reg:${r}`);
      if (stored?.paymentId === late.applied) lateRegNo = r;
    }
    expect(lateRegNo).toMatch(/^PESGRE25-/);
  },
});

/** Opens /invoices, looks up `id` with `mail`, and answers the late payments' list items once shown. */
async function lookUp(id: string, mail: string) {
  const { page, stack } = e2e;
  await page.goto(`${stack.appUrl}/invoices`);
  await page.getByLabel('Registration ID').fill(id);
  await page.getByLabel('Registered e-mail').fill(mail);
  await page.getByRole('button', { name: 'Find invoices' }).click();
  const heading = page.getByRole('heading', { name: 'Payments your bank completed late' });
  await heading.waitFor(SLOW);
  const list = page.locator('h3:has-text("Payments your bank completed late") ~ ul').first();
  return list.getByRole('listitem');
}

/** A list item's facts as {Payment, Amount, Outcome}. */
async function facts(item: import('playwright-core').Locator): Promise<Record<string, string>> {
  return item.evaluate((li) => Object.fromEntries([...li.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')!.textContent!.trim(), d.querySelector('dd')!.textContent!.trim()])));
}

describe('late payments on /invoices in Chromium', { timeout: 240_000 }, () => {
  it('BP-06: lists each late payment of the registration with its amount and outcome: refunded by the site, refund on its way, refunded by Razorpay itself', async () => {
    const items = await lookUp(regNo, email);
    await expect.poll(() => items.count(), SLOW).toBe(3);
    const shown = await Promise.all((await items.all()).map(facts));
    const amount = formatMoney(amountMinor, 'INR');
    expect(shown).toEqual(
      expect.arrayContaining([
        { Payment: late.refunded, Amount: amount, Outcome: `Refunded in full (refund ${refundOf[late.refunded]})` },
        { Payment: late.pending, Amount: amount, Outcome: `Refund on its way (5 to 7 working days) (refund ${refundOf[late.pending]})` },
        { Payment: late.byRazorpay, Amount: amount, Outcome: `Refunded in full (refund ${refundOf[late.byRazorpay]})` },
      ]),
    );
    // The registration's own invoice is still listed above them.
    await expect.poll(() => e2e.page.getByText(/Tax Invoice/).first().isVisible()).toBe(true);
    await expectNoAxeViolations(e2e.page, '/invoices with late payments');
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('shows a late payment that made the registration as applied', async () => {
    const items = await lookUp(lateRegNo, lateEmail);
    await expect.poll(() => items.count(), SLOW).toBe(1);
    expect(await facts(items.first())).toEqual({ Payment: late.applied, Amount: formatMoney(amountMinor, 'INR'), Outcome: 'Applied to this registration' });
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('a refund Razorpay settles later shows as refunded on the next lookup', async () => {
    const { stack } = e2e;
    const settled = await postJson<{ status: number }>(`${stack.doubleUrl}/_double/refund-webhook`, { refund_id: refundOf[late.pending], event: 'refund.processed' });
    expect(settled.body.status).toBe(200);
    const items = await lookUp(regNo, email);
    await expect.poll(() => items.count(), SLOW).toBe(3);
    const shown = await Promise.all((await items.all()).map(facts));
    expect(shown.find((f) => f.Payment === late.pending)).toEqual({ Payment: late.pending, Amount: formatMoney(amountMinor, 'INR'), Outcome: `Refunded in full (refund ${refundOf[late.pending]})` });
  });

  it('the organisers\' accounts page lists them among the payments needing attention, Razorpay\'s own refund marked, none offering a refund', async () => {
    const { page, stack } = e2e;
    const login = await postJson<{ token: string }>(`${stack.appUrl}/api/admin-auth/login`, { password: process.env.ADMIN_PASSWORD || devDefaults.ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    await page.goto(`${stack.appUrl}/authors/registration`);
    await page.evaluate((t) => localStorage.setItem('admin-token', t), login.body.token);
    await page.goto(`${stack.appUrl}/admin/accounts`);
    const list = page.getByRole('region', { name: 'Payments needing attention list' });
    const rowOf = (paymentId: string) => list.getByRole('row').filter({ hasText: paymentId });
    await expect.poll(() => rowOf(late.byRazorpay).isVisible(), SLOW).toBe(true);
    expect(await rowOf(late.byRazorpay).getByRole('cell').last().textContent()).toBe(`${refundOf[late.byRazorpay]} (processed, refunded by Razorpay itself)`);
    expect(await rowOf(late.refunded).getByRole('cell').last().textContent()).toBe(`${refundOf[late.refunded]} (processed)`);
    // The site's refund that went pending was settled by its webhook in the test before.
    expect(await rowOf(late.pending).getByRole('cell').last().textContent()).toBe(`${refundOf[late.pending]} (processed)`);
    for (const paymentId of [late.refunded, late.pending, late.byRazorpay]) expect(await rowOf(paymentId).getByRole('button').count(), paymentId).toBe(0);
    expect(e2e.consoleErrors).toEqual([]);
  });
});
