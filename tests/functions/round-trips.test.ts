/**
 * The Redis round trips of one complete registration (docs/performance.md#budgets, Functions): from create-order to
 * the stored registration and its e-mail lease (the e-mail itself is mail-send's, after the answer:
 * decision 053; its requests are not counted), with Razorpay's webhook arriving too, at most 8
 * HTTP requests to the store, create-order and verify-payment at most 4 each (every store round trip
 * crosses the distance between the function's region and the store's: docs/performance.md,
 * "Distance"), and a webhook that arrives after verify-payment at most 1. Counted
 * by wrapping fetch, which @upstash/redis calls once per request; the Razorpay double's calls are
 * not counted. A count, not a time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import createOrder from '../../netlify/functions/payment-create-order';
import verifyPayment from '../../netlify/functions/payment-verify';
import webhook from '../../netlify/functions/payment-webhook';
import { upsertCoupon } from '../../netlify/server/coupons';
import { mailStatus } from '../../netlify/server/mail-delivery';
import type { Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import { inMailSend } from '../setup/mail-send-route';
import { testSecrets } from '../setup/secrets';
import { STANDARD_DAY, call, doublePay, pinClock, totalFor, validForm } from './helpers';

const realFetch = globalThis.fetch;
let requests = 0;

beforeEach(() => {
  pinClock(STANDARD_DAY);
  const bridge = inject('bridgeUrl');
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // mail-send's requests come after the answer, in another function (decision 053): not the payment path's.
    if (url.startsWith(bridge) && !inMailSend()) requests++;
    return realFetch(input, init);
  };
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Store requests made by `work`. */
async function counted<T>(work: () => Promise<T>): Promise<{ result: T; requests: number }> {
  requests = 0;
  const result = await work();
  return { result, requests };
}

/** Razorpay's signed payment.captured event for `orderId`, with an event id, as the platform delivers it. */
function captured(orderId: string, paymentId: string, amount: number) {
  const raw = JSON.stringify({ entity: 'event', event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: { id: paymentId, entity: 'payment', order_id: orderId, amount, currency: 'INR', status: 'captured' } } } });
  const headers = { 'x-razorpay-signature': createHmac('sha256', testSecrets.webhookSecret).update(raw).digest('hex'), 'x-razorpay-event-id': randomBytes(7).toString('hex') };
  return () => call(webhook, { raw, headers });
}

async function paidOrder(email: string, code?: string) {
  const data = validForm({ email, verifyEmail: email });
  const order = await counted(() => call(createOrder, { body: { amount: totalFor(data, code ? 'half' : null), data, code } }));
  expect(order.result.status).toBe(200);
  const { id, amount } = order.result.body as { id: string; amount: number };
  const paid = await doublePay(id);
  return { createOrderRequests: order.requests, id, amount, paid };
}

/** The registration is stored and indexed, and its confirmation e-mail went out and was recorded. */
async function expectComplete(regNo: string, orderId: string) {
  const stored = await redis().get<Registration>(keys.registration(regNo));
  expect(stored?.orderId).toBe(orderId);
  expect(await redis().zscore(keys.registrationIndex(), regNo)).not.toBeNull();
  expect((await mailStatus(regNo))?.status).toBe('sent');
}

describe('Redis round trips of one registration', () => {
  it('create-order, verify-payment, then the webhook: at most 8 in all, the webhook 1', async () => {
    const o = await paidOrder('trips.verify-first@example.org');
    const verified = await counted(() => call(verifyPayment, { body: o.paid }));
    expect(verified.result.status).toBe(200);
    const hook = await counted(captured(o.id, o.paid.razorpay_payment_id, o.amount));
    expect(hook.result.status).toBe(200);
    const regNo = verified.result.body.registrationNumber as string;
    expect(hook.result.body.registrationNumber).toBe(regNo);
    await expectComplete(regNo, o.id);
    expect(hook.requests).toBeLessThanOrEqual(1);
    expect(o.createOrderRequests).toBeLessThanOrEqual(4);
    expect(verified.requests).toBeLessThanOrEqual(4);
    expect(o.createOrderRequests + verified.requests + hook.requests).toBeLessThanOrEqual(8);
  });

  it('create-order, the webhook, then verify-payment: at most 8 in all', async () => {
    const o = await paidOrder('trips.webhook-first@example.org');
    const hook = await counted(captured(o.id, o.paid.razorpay_payment_id, o.amount));
    expect(hook.result.status).toBe(200);
    const verified = await counted(() => call(verifyPayment, { body: o.paid }));
    expect(verified.result.status).toBe(200);
    const regNo = hook.result.body.registrationNumber as string;
    expect(verified.result.body.registrationNumber).toBe(regNo);
    await expectComplete(regNo, o.id);
    expect(hook.requests).toBeLessThanOrEqual(4);
    expect(o.createOrderRequests + hook.requests + verified.requests).toBeLessThanOrEqual(8);
  });

  it('with a coupon (read, then held) and the webhook after verify-payment: still at most 8', async () => {
    await upsertCoupon('TRIPSHALF', 'half', 100);
    const o = await paidOrder('trips.coupon@example.org', 'TRIPSHALF');
    const verified = await counted(() => call(verifyPayment, { body: o.paid }));
    const hook = await counted(captured(o.id, o.paid.razorpay_payment_id, o.amount));
    const regNo = verified.result.body.registrationNumber as string;
    expect(hook.result.body.registrationNumber).toBe(regNo);
    await expectComplete(regNo, o.id);
    expect(hook.requests).toBeLessThanOrEqual(1);
    // A coupon adds its read and its hold to create-order: still within the 4 sequential round trips.
    expect(o.createOrderRequests).toBeLessThanOrEqual(4);
    expect(verified.requests).toBeLessThanOrEqual(4);
    expect(o.createOrderRequests + verified.requests + hook.requests).toBeLessThanOrEqual(8);
  });

  it('a re-delivered webhook event is acknowledged in 1 request and changes nothing', async () => {
    const o = await paidOrder('trips.redelivered@example.org');
    const deliver = captured(o.id, o.paid.razorpay_payment_id, o.amount);
    const first = await deliver();
    const regNo = first.body.registrationNumber as string;
    const again = await counted(deliver);
    expect(again.result.body).toEqual({ ok: true, ignored: 'duplicate event' });
    expect(again.requests).toBe(1);
    expect((await redis().zrange<string[]>(keys.registrationIndex(), 0, -1)).filter((n) => n === regNo)).toHaveLength(1);
  });
});
