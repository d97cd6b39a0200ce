/**
 * End-to-end: a delegate registers through all nine steps in Chromium and pays through the
 * stand-in checkout; closing the checkout stores nothing and gives a coupon's use back at once
 * (docs/payments.md#coupons); a payment whose browser is lost
 * before verify-payment is registered by the webhook alone, exactly once, even when verify and
 * webhooks arrive together several times. A student (decision 031) is told on the tier step that the
 * proof comes after paying, sees the Paper ID on the summary, and after paying is told the
 * registration is received, not confirmed, with the proof page one click away (the number filled
 * in), where "Check status" says the proof is awaited.
 */
import { describe, expect, it } from 'vitest';
import { CHECKOUT_TIMEOUT_SECONDS } from '../../src/shared/checkout-hold';
import { computeCharges, pricing } from '../../src/shared/pricing';
import type { Registration } from '../../netlify/server/registrations';
import { e2eFixture } from './fixture';
import { fillExtrasToSummary, fillParticipant, fillSteps1to2, fillSteps1to8, payAndWaitForSuccess } from './wizard-steps';
import { membershipRefusalMessage } from '../../src/shared/messages';
import { findTier } from '../../src/shared/pricing';

/** Server (APP_NOW) and browser are pinned inside the registration window, which closes on 15 Nov 2025 (decision 013). */
const NOW = '2025-11-10T10:00:00+05:30';
const e2e = e2eFixture('registration', { now: NOW });

async function registrationCount(): Promise<number> {
  return e2e.stack.redis.zcard(`${e2e.stack.keyPrefix}reg:index`);
}

async function getRegistration(regNo: string): Promise<Registration | null> {
  return e2e.stack.redis.get<Registration>(`${e2e.stack.keyPrefix}reg:${regNo}`);
}

/** The server's amount for the form filled above (minor units). */
const expectedTotal = computeCharges(
  pricing,
  { registrationTier: 'prof_ieee_indian_std', welcomeReception: 'yes', additionalReceptionTickets: 1, galaDinner: 'no', additionalGalaDinnerTickets: 0 },
  null,
).total;

describe('registration wizard in Chromium', () => {
  it('fills all nine steps, pays, lands on the success page, and the registration is stored with the server amount', async () => {
    const before = await registrationCount();
    await fillSteps1to8(e2e.page, e2e.stack.appUrl, 'asha.e2e@example.org');
    // 12500 + 1500 = 14000; GST 2520; convenience 4% of 16520 = 660.80; total 17180.80
    expect(expectedTotal).toBe(1718080);
    await expect.poll(() => e2e.page.getByText('₹17,180.80').first().isVisible()).toBe(true);
    await e2e.page.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

    await e2e.page.waitForURL(/\/authors\/registration\/payment-success\?/, { timeout: 20_000 });
    const url = new URL(e2e.page.url());
    const regNo = url.searchParams.get('reg_no')!;
    const paymentId = url.searchParams.get('payment_id')!;
    expect(regNo).toMatch(/^PESGRE25-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(paymentId).toMatch(/^pay_/);
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);
    expect(await e2e.page.getByText(`Registration Number: ${regNo}`).isVisible()).toBe(true);
    expect(await e2e.page.getByText(`Payment ID: ${paymentId}`).isVisible()).toBe(true);

    const reg = await getRegistration(regNo);
    expect(reg).toMatchObject({
      registrationNumber: regNo,
      paymentId,
      email: 'asha.e2e@example.org',
      registrationTier: 'prof_ieee_indian_std',
      ieeeMemberNumber: '90000001',
      paperId: 'PESGRE-2025-0042',
      additionalReceptionTickets: 1,
      couponCode: 'NoCoupon',
      billingOrganization: 'Karnataka Power Research Lab',
      country: 'India',
    });
    expect(reg!.charges.total).toBe(expectedTotal);
    expect(reg!.totalPaid).toBe(17180.8);
    expect(await registrationCount()).toBe(before + 1);
    // The saved wizard state is cleared after a successful payment.
    expect(await e2e.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pesgre')))).toEqual([]);
    expect(e2e.consoleErrors).toEqual([]);
  });

  it("closing the checkout says 'Payment window closed' and stores nothing", async () => {
    const before = await registrationCount();
    await fillSteps1to8(e2e.page, e2e.stack.appUrl, 'closer@example.org');
    await e2e.page.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => e2e.page.getByText('Payment window closed. No payment was made.').isVisible()).toBe(true);
    expect(e2e.page.url()).toContain('/authors/registration/details');
    expect(await registrationCount()).toBe(before);
    // The wizard can still pay afterwards.
    expect(await e2e.page.getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true);
  });

  it('opens Checkout with a timeout and, with a coupon, gives its use back at once when Checkout is closed', async () => {
    // A coupon with one use, so the released hold is visible to the next delegate at once.
    const code = `E2EHALF${Date.now().toString(36).toUpperCase()}`;
    await e2e.stack.redis.hset(`${e2e.stack.keyPrefix}coupon:${code}`, { type: 'half', limit: 1 });
    await fillSteps1to8(e2e.page, e2e.stack.appUrl, 'coupon.closer@example.org');
    await e2e.page.getByLabel('I have a coupon code').check();
    await e2e.page.getByLabel('Coupon code', { exact: true }).fill(code.toLowerCase());
    await e2e.page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect.poll(() => e2e.page.getByText(`Coupon ${code} applied`).isVisible()).toBe(true);
    await e2e.page.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await e2e.page.locator('[data-razorpay-standin]').getAttribute('data-timeout')).toBe(String(CHECKOUT_TIMEOUT_SECONDS));
    const holds = `${e2e.stack.keyPrefix}coupon:${code}:holds`;
    expect(await e2e.stack.redis.zcard(holds)).toBe(1);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => e2e.page.getByText('Payment window closed. No payment was made.').isVisible()).toBe(true);
    await expect.poll(() => e2e.stack.redis.zcard(holds)).toBe(0);
    // Paying again takes the use again (a new order from the same delegate).
    await e2e.page.getByRole('button', { name: 'Pay Now' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await e2e.stack.redis.zcard(holds)).toBe(1);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => e2e.stack.redis.zcard(holds)).toBe(0);
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('a refused IEEE number says why (expired, unknown) and offers the non-member tier, which moves on past the IEEE step', async () => {
    await fillSteps1to2(e2e.page, e2e.stack.appUrl, 'ieee.expired@example.org');
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'IEEE Member Verification' }).isVisible()).toBe(true);
    for (const [number, reason] of [['90000999', 'unknown'], ['90000004', 'expired']] as const) {
      await e2e.page.getByLabel('IEEE Member Number').fill(number);
      await e2e.page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => e2e.page.getByText(membershipRefusalMessage(reason)).isVisible()).toBe(true);
    }
    const nonMember = findTier(pricing, 'prof_non_indian_std')!;
    expect(await e2e.page.getByText(new RegExp(`non-member rate instead: ${nonMember.label.replace(/[()]/g, '\\$&')}`)).isVisible()).toBe(true);
    await e2e.page.getByRole('button', { name: 'Continue as a non-member' }).click();
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Paper Registration' }).isVisible()).toBe(true);
    expect(await e2e.page.getByText(`Your registration tier is now ${nonMember.label}.`).isVisible()).toBe(true);
    // Back from the paper step skips the IEEE step: the tier step shows the non-member tier chosen.
    await e2e.page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Select Your Registration Tier' }).isVisible()).toBe(true);
    expect(await e2e.page.getByLabel(nonMember.label, { exact: false }).isChecked()).toBe(true);
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('a 100 % coupon order says "Confirm registration", not "Pay Now", and its success page shows no payment ID', async () => {
    const code = `E2EFULL${Date.now().toString(36).toUpperCase()}`;
    await e2e.stack.redis.hset(`${e2e.stack.keyPrefix}coupon:${code}`, { type: 'full', limit: 1 });
    const before = await registrationCount();
    await fillSteps1to8(e2e.page, e2e.stack.appUrl, 'coupon.free@example.org', { receptionTickets: 0 });
    await e2e.page.getByLabel('I have a coupon code').check();
    await e2e.page.getByLabel('Coupon code', { exact: true }).fill(code);
    await e2e.page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect.poll(() => e2e.page.getByText(`Coupon ${code} applied`).isVisible()).toBe(true);
    const confirm = e2e.page.getByRole('button', { name: 'Confirm registration' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await e2e.page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await confirm.click();
    await e2e.page.waitForURL(/\/authors\/registration\/payment-success\?/, { timeout: 20_000 });
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'Registration confirmed' }).isVisible()).toBe(true);
    const regNo = new URL(e2e.page.url()).searchParams.get('reg_no')!;
    expect(await e2e.page.getByText(`Registration Number: ${regNo}`).isVisible()).toBe(true);
    expect(await e2e.page.getByText(/Payment ID/).count()).toBe(0);
    expect(await e2e.page.getByText(/nothing was paid/).isVisible()).toBe(true);
    expect((await getRegistration(regNo))!.charges.total).toBe(0);
    expect(await registrationCount()).toBe(before + 1);
    // No Checkout was opened.
    expect(await e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' }).count()).toBe(0);
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('a payment whose browser is lost before verify-payment is registered once by the webhook', async () => {
    const before = await registrationCount();
    await fillSteps1to8(e2e.page, e2e.stack.appUrl, 'lost.browser@example.org');
    let handlerResponse: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } | undefined;
    // The browser dies between Checkout's handler and verify-payment: the call never leaves.
    await e2e.page.route('**/api/payment/verify-payment', async (route) => {
      handlerResponse = route.request().postDataJSON();
      await route.abort('internetdisconnected');
    });
    await e2e.page.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    e2e.page.on('dialog', (d) => void d.dismiss());
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect.poll(() => handlerResponse !== undefined, { timeout: 15_000 }).toBe(true);
    await e2e.context.close();
    expect(await registrationCount()).toBe(before);

    const { razorpay_order_id: orderId, razorpay_payment_id: paymentId } = handlerResponse!;
    const webhook = () =>
      fetch(`${e2e.stack.doubleUrl}/_double/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: orderId, payment_id: paymentId, event: 'payment.captured' }),
      }).then((r) => r.json() as Promise<{ status: number; body: string }>);
    const first = await webhook();
    expect(first.status).toBe(200);
    const regNo = JSON.parse(first.body).registrationNumber as string;
    expect(regNo).toMatch(/^PESGRE25-/);
    expect(await registrationCount()).toBe(before + 1);
    expect((await getRegistration(regNo))!.charges.total).toBe(expectedTotal);

    // Verify and webhooks together, several times: still one registration.
    const verify = () =>
      fetch(`${e2e.stack.appUrl}/api/payment/verify-payment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(handlerResponse) }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as { registrationNumber: string } }),
      );
    const [verifies, webhooks] = await Promise.all([Promise.all([verify(), verify(), verify()]), Promise.all([webhook(), webhook(), webhook()])]);
    for (const v of verifies) expect(v).toEqual({ status: 200, body: { success: true, registrationNumber: regNo } });
    for (const w of webhooks) expect([w.status, JSON.parse(w.body).registrationNumber]).toEqual([200, regNo]);
    expect(await registrationCount()).toBe(before + 1);
  });

  it('a student: the proof is announced before paying, the summary shows the Paper ID, the success page says received (not confirmed) and leads to the proof page, which says the proof is awaited (decision 031)', async () => {
    const email = 'student.wizard@example.org';
    const p = e2e.page;
    await fillParticipant(p, e2e.stack.appUrl, email, { title: 'Ms', firstName: 'Priya', lastName: 'Desai', organization: 'IIT Dharwad', address: '12 Station Road', city: 'Dharwad', postcode: '580001', mobile: '+91 98450 00001' });
    expect(await p.getByTestId('student-proof-note').count()).toBe(0);
    await p.getByLabel(/Student Registration – Non-IEEE Member \(Indian, Standard\)/).check();
    await expect.poll(() => p.getByTestId('student-proof-note').isVisible()).toBe(true);
    expect(await p.getByTestId('student-proof-note').textContent()).toMatch(/After paying, you upload it/);
    await p.getByRole('button', { name: 'Next' }).click();

    await expect.poll(() => p.getByRole('heading', { name: 'Paper Registration' }).isVisible()).toBe(true);
    await p.getByLabel('Paper ID').fill('PESGRE-2025-0077');
    await p.getByRole('button', { name: 'Next' }).click();
    await fillExtrasToSummary(p, email);
    // The summary names the paper and repeats what comes after paying.
    const paperRow = p.locator('.summary__review dl > div').filter({ has: p.locator('dt', { hasText: /^Paper ID$/ }) });
    expect(await paperRow.locator('dd').textContent()).toBe('PESGRE-2025-0077');
    expect(await p.getByText(/Student registrations need a proof of student status/).isVisible()).toBe(true);

    const { regNo } = await payAndWaitForSuccess(p);
    expect(new URL(p.url()).searchParams.get('proof')).toBe('awaiting');
    await expect.poll(() => p.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);
    const card = p.locator('section.payment-success');
    expect(await card.textContent()).toContain('We have received your registration; it is not confirmed yet.');
    expect(await card.textContent()).not.toContain('Your registration is confirmed');
    const upload = card.getByRole('link', { name: 'Upload your proof of student status' });
    expect(await upload.getAttribute('href')).toBe(`/registration/proof?reg_no=${regNo}`);
    expect((await getRegistration(regNo))!.status).toBe('awaiting-proof');

    await upload.click();
    await expect.poll(() => p.getByRole('heading', { level: 1, name: 'Proof of student status' }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await p.getByLabel('Registration ID').inputValue()).toBe(regNo);
    await p.getByLabel('Registered e-mail').fill(email);
    await p.getByRole('button', { name: 'Check status' }).click();
    await expect.poll(() => p.getByTestId('proof-status').textContent()).toContain(`Awaiting proof: no proof of student status has been received for ${regNo} yet.`);
    expect(e2e.consoleErrors).toEqual([]);
  });
});
