/**
 * docs/security.md#rate-limits-and-the-client-address: abuse of valid requests on the public endpoints, against the real Redis (bridge) and
 * the Razorpay double. Rate limits per client address (Netlify's context.ip only), coupon codes
 * that tell a guesser nothing, coupon holds that one address cannot pile up, the release of a
 * hold when the checkout closes, and a coupon used past its limit listed for the organisers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import couponsVerify from '../../netlify/functions/coupons-verify';
import ieeeStatus from '../../netlify/functions/ieee-status';
import createOrder from '../../netlify/functions/payment-create-order';
import releaseOrder from '../../netlify/functions/payment-release-order';
import verifyPayment from '../../netlify/functions/payment-verify';
import attentionList from '../../netlify/functions/payments-attention';
import attentionRefund from '../../netlify/functions/admin-attention-refund';
import { upsertCoupon } from '../../netlify/server/coupons';
import { RATE_LIMITS, type RateLimitName } from '../../netlify/server/platform/rate-limit';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import type { AttentionPayment } from '../../src/shared/api';
import { apiPaths } from '../../src/shared/api-paths';
import { CHECKOUT_TIMEOUT_SECONDS, COUPON_HOLD_MS } from '../../src/shared/checkout-hold';
import { STANDARD_DAY, call, doublePay, freshAddress, keysMatching, pinClock, totalFor, validForm, type Fn } from './helpers';
import { adminHeaders } from './helpers-admin';
import { liftLimits } from '../../scripts/lift-limits';

beforeEach(() => pinClock(STANDARD_DAY));

/** Waits out the last 3 s of a 10-minute window, so a run of requests is counted in one window. */
async function awayFromWindowEdge(): Promise<void> {
  const intoWindow = Date.now() % 600_000;
  if (intoWindow > 597_000) await new Promise((r) => setTimeout(r, 600_000 - intoWindow + 50));
}

let codeCounter = 0;
/** A coupon code no other test of this file uses. */
const freshCode = (stem: string) => `${stem}${++codeCounter}${Date.now().toString(36).toUpperCase()}`;

/** A half-coupon order for `code` from client address `ip`. */
function orderWithCoupon(code: string, ip: string) {
  const data = validForm();
  return call(createOrder, { body: { amount: totalFor(data, 'half'), data, code }, ip });
}

/** One valid request per limited endpoint; `i` varies it so no two requests are alike. */
const limited: Array<{ name: RateLimitName; fn: Fn; body: (i: number) => unknown; answered: number }> = [
  { name: 'coupon-verify', fn: couponsVerify, body: (i) => ({ code: `GUESS${i}` }), answered: 400 },
  { name: 'ieee-status', fn: ieeeStatus, body: (i) => ({ MemberID: String(91_000_000 + i) }), answered: 200 },
  { name: 'create-order', fn: createOrder, body: () => ({ amount: totalFor(validForm()), data: validForm(), code: null }), answered: 200 },
  { name: 'order-release', fn: releaseOrder, body: (i) => ({ orderId: `order_NoSuch${1000 + i}` }), answered: 404 },
];

describe('rate limits per client address', () => {
  it.each(limited)('$name answers 429 with Retry-After after its limit from one address and keeps answering another', async ({ name, fn, body, answered }) => {
    const { requests } = RATE_LIMITS[name];
    const ip = freshAddress();
    await awayFromWindowEdge();
    for (let i = 0; i < requests; i++) expect((await call(fn, { body: body(i), ip })).status).toBe(answered);
    const before = (await keysMatching('order:*')).length;
    const limitedAnswer = await call(fn, { body: body(requests), ip });
    expect(limitedAnswer.status).toBe(429);
    expect(limitedAnswer.body.error).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(limitedAnswer.body.error.message).toMatch(/^Too many requests from your network\. Please wait \d+ seconds and try again\.$/);
    const retryAfter = Number(limitedAnswer.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 600).toBe(true);
    // A limited create-order stores no order.
    expect((await keysMatching('order:*')).length).toBe(before);
    // Another delegate is not affected.
    expect((await call(fn, { body: body(requests + 1), ip: freshAddress() })).status).toBe(answered);
  });

  it('counts by context.ip alone: a changed X-Forwarded-For does not reset the bucket', async () => {
    const { requests } = RATE_LIMITS['coupon-verify'];
    const ip = freshAddress();
    const rotating = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}`, 'x-nf-client-connection-ip': `203.0.113.${i}` });
    await awayFromWindowEdge();
    for (let i = 0; i < requests; i++) expect((await call(couponsVerify, { body: { code: `XFF${i}` }, ip, headers: rotating(i) })).status).toBe(400);
    expect((await call(couponsVerify, { body: { code: 'XFFLAST' }, ip, headers: rotating(200) })).status).toBe(429);
  });

  it('puts every request without context.ip in one shared bucket, whatever headers it sends', async () => {
    const { requests } = RATE_LIMITS['ieee-status'];
    await awayFromWindowEdge();
    for (let i = 0; i < requests; i++) {
      const r = await call(ieeeStatus, { body: { MemberID: String(92_000_000 + i) }, ip: null, headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      expect(r.status).toBe(200);
    }
    const r = await call(ieeeStatus, { body: { MemberID: '92999999' }, ip: null, headers: { 'x-forwarded-for': '198.51.100.250' } });
    expect(r.status).toBe(429);
    expect(await keysMatching('ratelimit:ieee-status:unknown*')).not.toHaveLength(0);
  });

  it('is lifted for one address at once by the organisers\' command (npm run limits:lift)', async () => {
    const { requests } = RATE_LIMITS['coupon-verify'];
    const ip = freshAddress();
    const other = freshAddress();
    await awayFromWindowEdge();
    for (let i = 0; i <= requests; i++) await call(couponsVerify, { body: { code: `LIFT${i}` }, ip });
    for (let i = 0; i <= requests; i++) await call(couponsVerify, { body: { code: `LIFT${i}` }, ip: other });
    expect((await call(couponsVerify, { body: { code: 'LIFTED' }, ip })).status).toBe(429);
    expect(await liftLimits(ip, ['coupon-verify'])).toEqual(['coupon-verify']);
    expect((await call(couponsVerify, { body: { code: 'LIFTED' }, ip })).status).toBe(400);
    // Only that address: another one stays limited.
    expect((await call(couponsVerify, { body: { code: 'LIFTED' }, ip: other })).status).toBe(429);
    await expect(liftLimits(ip, ['no-such-group'])).rejects.toThrow(RangeError);
  });

  it('does not count malformed requests (refused without any write)', async () => {
    const ip = freshAddress();
    const before = (await keysMatching('*')).sort();
    for (let i = 0; i < 15; i++) expect((await call(couponsVerify, { body: { code: '' }, ip })).status).toBe(400);
    expect((await call(releaseOrder, { body: { orderId: 'not-an-order' }, ip })).status).toBe(400);
    expect((await keysMatching('*')).sort()).toEqual(before);
  });

  it('limits every public function that does work (a new endpoint must join a group or be listed here)', () => {
    const dir = path.resolve(import.meta.dirname, '../../netlify/functions');
    // Public but doing no work worth limiting: static answers, or a signature checked before anything else.
    const unlimited = new Set([
      'api-root.ts',
      'pricing.ts',
      'payment-verify.ts',
      'payment-webhook.ts',
      'tier-upgrade-verify.ts',
      'ieee-change-verify.ts',
      'name-transfer-verify.ts',
      // Their own sign-in limiter (5 a minute, by the same context.ip).
      'admin-auth-login.ts',
      // The programme's public reads: the same answer for everyone, kept by the CDN (decision 037).
      'programme.ts',
      'programme-ics.ts',
      'programme-schedule.ts',
      // Opened by an agenda link's token, checked by its HMAC; calendar servers poll the feed from shared addresses (decision 038).
      'agenda.ts',
      'agenda-feed.ts',
      'admin-auth-set-password.ts',
      // The same answer for everyone from one Redis read; Razorpay is asked at most once in 5 minutes, within the call budget (razorpay-guard.ts).
      'payment-downtimes.ts',
      // Called only by the site's own functions, signed (decision 053): an unsigned call is refused before any store command.
      'mail-send.ts',
    ]);
    const used = new Set<string>();
    for (const file of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/limitRequest\('([a-z-]+)'/g)) used.add(m[1]!);
      const admin = /requireRole\(/.test(text) && !/isAdminRequest\(/.test(text);
      const scheduled = /schedule:/.test(text);
      if (admin || scheduled || unlimited.has(file)) continue;
      if (file === 'registration-by-id.ts') continue; // limited unless an admin token is sent (self-service tests)
      // upgrade-tier and change-ieee-status are built by changeOrderEndpoint, which limits ('change-order').
      expect(text, `${file} is public and not rate-limited`).toMatch(/limitRequest\('|changeOrderEndpoint\(/);
    }
    expect([...used].sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });
});

describe('coupon checks tell a guesser nothing', () => {
  it('answers an unknown and a used-up code alike, on verify and on create-order', async () => {
    const used = freshCode('USED');
    await upsertCoupon(used, 'full', 1);
    const data = validForm();
    expect((await call(createOrder, { body: { amount: 0, data, code: used } })).body).toMatchObject({ success: true, noPayment: true });
    const verifyUsed = await call(couponsVerify, { body: { code: used } });
    const verifyUnknown = await call(couponsVerify, { body: { code: freshCode('NEVER') } });
    expect(verifyUsed.status).toBe(verifyUnknown.status);
    expect(verifyUsed.body).toEqual(verifyUnknown.body);
    expect(verifyUsed.body).toMatchObject({ valid: false, message: 'Invalid coupon' });
    const orderUsed = await call(createOrder, { body: { amount: totalFor(data), data, code: used } });
    const orderUnknown = await call(createOrder, { body: { amount: totalFor(data), data, code: freshCode('NEVER') } });
    expect(orderUsed.status).toBe(400);
    expect(orderUsed.body).toEqual(orderUnknown.body);
    expect(orderUsed.body.error).toMatchObject({ code: 'INVALID_COUPON', message: 'Invalid coupon' });
  });

  it("does not count the asking address's own hold: the delegate can apply the code again", async () => {
    const code = freshCode('LAST');
    await upsertCoupon(code, 'half', 1);
    const delegate = freshAddress();
    expect((await orderWithCoupon(code, delegate)).status).toBe(200);
    expect((await call(couponsVerify, { body: { code }, ip: delegate })).body).toMatchObject({ valid: true, type: 'half' });
    expect((await call(couponsVerify, { body: { code }, ip: freshAddress() })).body).toMatchObject({ valid: false, message: 'Invalid coupon' });
    // And the delegate's second order replaces the first hold rather than being refused.
    expect((await orderWithCoupon(code, delegate)).status).toBe(200);
  });
});

describe('coupon holds', () => {
  it('last as long as the checkout can stay open plus a margin', async () => {
    const code = freshCode('HOLD');
    await upsertCoupon(code, 'half', 5);
    const r = await orderWithCoupon(code, freshAddress());
    const expiry = await redis().zscore(keys.couponHolds(code), r.body.id);
    expect(Number(expiry) - Date.parse(STANDARD_DAY)).toBe(COUPON_HOLD_MS);
    expect(COUPON_HOLD_MS).toBeGreaterThan(CHECKOUT_TIMEOUT_SECONDS * 1000);
  });

  it('unpaid orders from one address cannot lock a coupon against others', async () => {
    const code = freshCode('LOCK');
    await upsertCoupon(code, 'half', 3);
    const attacker = freshAddress();
    const orders: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await orderWithCoupon(code, attacker);
      expect(r.status).toBe(200);
      orders.push(r.body.id);
    }
    // Each order from the address replaced the one before: one use held, by the latest order.
    expect(await redis().zrange(keys.couponHolds(code), 0, -1)).toEqual([orders.at(-1)]);
    // The two other uses go to two other delegates; the limit still holds for a third.
    expect((await orderWithCoupon(code, freshAddress())).status).toBe(200);
    expect((await orderWithCoupon(code, freshAddress())).status).toBe(200);
    const third = await orderWithCoupon(code, freshAddress());
    expect(third.status).toBe(400);
    expect(third.body.error.code).toBe('INVALID_COUPON');
    expect(await redis().zcard(keys.couponHolds(code))).toBe(3);
  });

  it('are released at once by release-order (idempotent), and only for an unpaid order', async () => {
    const code = freshCode('REL');
    await upsertCoupon(code, 'half', 1);
    const first = await orderWithCoupon(code, freshAddress());
    expect(first.status).toBe(200);
    expect((await orderWithCoupon(code, freshAddress())).status).toBe(400);
    const released = await call(releaseOrder, { body: { orderId: first.body.id } });
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ success: true, released: true });
    expect(await redis().zcard(keys.couponHolds(code))).toBe(0);
    expect((await call(releaseOrder, { body: { orderId: first.body.id } })).body).toEqual({ success: true, released: false });
    // The use is free for the next delegate at once.
    const second = await orderWithCoupon(code, freshAddress());
    expect(second.status).toBe(200);
    // A paid order is not released; an unknown one is 404; a malformed one 400.
    const paid = await doublePay(second.body.id);
    expect((await call(verifyPayment, { body: paid })).status).toBe(200);
    const afterPaid = await call(releaseOrder, { body: { orderId: second.body.id } });
    expect(afterPaid.status).toBe(409);
    expect(afterPaid.body.error.code).toBe('ORDER_PAID');
    expect(await redis().sismember(keys.couponUsed(code), second.body.id)).toBe(1);
    expect((await call(releaseOrder, { body: { orderId: 'order_NoSuchOrder1' } })).status).toBe(404);
    expect((await call(releaseOrder, { body: {} })).status).toBe(400);
    expect((await call(releaseOrder, { method: 'GET' })).status).toBe(405);
  });

  it('release-order is served at the shared path', async () => {
    const { config } = await import('../../netlify/functions/payment-release-order');
    expect(config.path).toBe(apiPaths.releaseOrder);
  });
});

describe('a payment for a coupon already at its limit', () => {
  it.each([['A then B'], ['B then A']])(
    'lapsed hold race (limit 1, A holds, the hold lapses, B takes it, both pay; finalised %s): the limit is respected or the extra use listed',
    async (sequence) => {
      const code = freshCode('RACE');
      await upsertCoupon(code, 'half', 1);
      const a = await orderWithCoupon(code, freshAddress());
      expect(a.status).toBe(200);
      // A's checkout stays open past the hold (a background tab's paused timer, say).
      pinClock(new Date(Date.parse(STANDARD_DAY) + COUPON_HOLD_MS + 60_000).toISOString());
      const b = await orderWithCoupon(code, freshAddress());
      expect(b.status).toBe(200);
      const payA = await doublePay(a.body.id);
      const payB = await doublePay(b.body.id);
      const steps = sequence === 'A then B' ? [payA, payB] : [payB, payA];
      const regs: Record<string, string> = {};
      for (const paid of steps) {
        const v = await call(verifyPayment, { body: paid });
        // Both delegates paid, so both are registered.
        expect(v.status, JSON.stringify(v.body)).toBe(200);
        regs[paid.razorpay_order_id] = v.body.registrationNumber;
      }
      for (const regNo of Object.values(regs)) expect((await redis().get<Registration>(keys.registration(regNo)))?.couponCode).toBe(code);
      expect(await redis().scard(keys.couponUsed(code))).toBe(2);
      // Not silently over the limit: A's use, whose hold had lapsed, is listed with the reason.
      const listed = await call(attentionList, { headers: await adminHeaders() });
      const mine = (listed.body as AttentionPayment[]).filter((p) => p.orderId === a.body.id || p.orderId === b.body.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ orderId: a.body.id, paymentId: payA.razorpay_payment_id, registrationNumber: regs[a.body.id], kind: 'registration', applied: true, amount: totalFor(validForm(), 'half') });
      expect(mine[0]!.reason).toContain(`Coupon ${code} was already at its usage limit (1)`);
      expect(mine[0]!.reason).toContain('now has 2 uses');
      // It was applied, so the list's refund action refuses it.
      const refund = await call(attentionRefund, { body: { paymentId: payA.razorpay_payment_id }, headers: await adminHeaders() });
      expect(refund.status).toBe(409);
      expect(refund.body.error.code).toBe('PAYMENT_APPLIED');
    },
  );

  it('a payment arriving after its hold was released, while a use is still free, is applied and not listed', async () => {
    const code = freshCode('FREE');
    await upsertCoupon(code, 'half', 2);
    const a = await orderWithCoupon(code, freshAddress());
    expect((await call(releaseOrder, { body: { orderId: a.body.id } })).body.released).toBe(true);
    const v = await call(verifyPayment, { body: await doublePay(a.body.id) });
    expect(v.status).toBe(200);
    expect(await redis().scard(keys.couponUsed(code))).toBe(1);
    const listed = await call(attentionList, { headers: await adminHeaders() });
    expect((listed.body as AttentionPayment[]).filter((p) => p.orderId === a.body.id)).toHaveLength(0);
  });
});
