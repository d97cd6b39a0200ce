/**
 * verify-payment and the webhook: one registration per paid order, whichever arrives first
 * and however often; forged or replayed signatures write nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import createOrder from '../../netlify/functions/payment-create-order';
import verifyPayment from '../../netlify/functions/payment-verify';
import webhook from '../../netlify/functions/payment-webhook';
import { keys, redis } from '../../netlify/server/platform/store';
import type { Registration } from '../../netlify/server/registrations';
import { registrationFees } from '../../src/content/registration';
import { STANDARD_DAY, byHand, feeOf, call, doublePay, doubleWebhook, keysMatching, pinClock, serve, totalFor, validForm, withStoreDown } from './helpers';
import { testSecrets } from '../setup/secrets';

let hook: { url: string; close(): Promise<void> };
beforeAll(async () => {
  hook = await serve(webhook);
});
afterAll(async () => hook.close());
beforeEach(() => pinClock(STANDARD_DAY));

async function newOrder(overrides = {}) {
  const data = validForm(overrides);
  const r = await call(createOrder, { body: { amount: totalFor(data), data } });
  expect(r.status).toBe(200);
  return r.body.id as string;
}

async function registrationsFor(orderId: string): Promise<Registration[]> {
  const regNos = await redis().zrange<string[]>(keys.registrationIndex(), 0, -1);
  const regs = await Promise.all(regNos.map((n) => redis().get<Registration>(keys.registration(n))));
  return regs.filter((r): r is Registration => r?.orderId === orderId);
}

describe('verify-payment', () => {
  it('finalises a paid order into one registration with every field', async () => {
    const orderId = await newOrder({ welcomeReception: 'yes', additionalReceptionTickets: 1, dietaryRequirements: ['OTHER'], dietaryOtherText: 'No onions' });
    const paid = await doublePay(orderId);
    const r = await call(verifyPayment, { body: paid });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const regNo = r.body.registrationNumber as string;
    expect(regNo).toMatch(/^PESGRE25-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    const reg = await redis().get<Registration>(keys.registration(regNo));
    expect(reg).toMatchObject({
      registrationNumber: regNo,
      title: 'Dr',
      firstName: 'Asha',
      lastName: 'Kulkarni',
      registrationTier: 'prof_non_indian_std',
      couponCode: 'NoCoupon',
      orderId,
      paymentId: paid.razorpay_payment_id,
      welcomeReception: 'yes',
      additionalReceptionTickets: 1,
      welcomeReceptionExtraFee: 1500,
      galaDinnerExtraFee: 0,
      dietaryRequirements: ['OTHER'],
      dietaryOtherText: 'No onions',
      noPaper: false,
      paperId: 'PESGRE-123',
      currency: 'INR',
    });
    // By hand from the content; 2025: (15000 + 1500) x 1.18 = 19470; + 4% = 778.80 -> 20248.80
    expect(reg?.totalPaid).toBe(byHand(feeOf('prof_non_indian_std') + registrationFees.extraTickets.welcomeReception.INR * 100) / 100);
    expect(reg?.charges.total).toBe(byHand(feeOf('prof_non_indian_std') + registrationFees.extraTickets.welcomeReception.INR * 100));
    for (const f of ['_id', 'paidAt', 'createdAt', 'updatedAt'] as const) expect(reg?.[f]).toBeTruthy();
    expect(reg).not.toHaveProperty('verifyEmail');
    expect(await redis().zscore(keys.registrationIndex(), regNo)).toBe(Date.parse(STANDARD_DAY));
    expect(await redis().get(keys.paid(paid.razorpay_payment_id))).toBe(orderId);
  });

  it('answers the same registration number when called again', async () => {
    const orderId = await newOrder();
    const paid = await doublePay(orderId);
    const first = await call(verifyPayment, { body: paid });
    const again = await call(verifyPayment, { body: paid });
    expect(again.body.registrationNumber).toBe(first.body.registrationNumber);
    expect(await registrationsFor(orderId)).toHaveLength(1);
  });

  it('rejects a forged signature and writes nothing', async () => {
    const orderId = await newOrder();
    const paid = await doublePay(orderId);
    const before = (await keysMatching('*')).sort();
    const forged = { ...paid, razorpay_signature: createHmac('sha256', 'wrong secret').update(`${orderId}|${paid.razorpay_payment_id}`).digest('hex') };
    const r = await call(verifyPayment, { body: forged });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_SIGNATURE');
    expect((await keysMatching('*')).sort()).toEqual(before);
  });

  it('rejects a signature replayed for another order', async () => {
    const orderA = await newOrder();
    const orderB = await newOrder();
    const paidA = await doublePay(orderA);
    const before = (await keysMatching('*')).sort();
    const r = await call(verifyPayment, { body: { ...paidA, razorpay_order_id: orderB } });
    expect(r.status).toBe(400);
    expect((await keysMatching('*')).sort()).toEqual(before);
  });

  it('rejects malformed bodies', async () => {
    expect((await call(verifyPayment, { body: {} })).status).toBe(400);
    expect((await call(verifyPayment, { body: { razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_y', razorpay_signature: 'zz' } })).status).toBe(400);
    expect((await call(verifyPayment, { raw: '[' })).status).toBe(400);
    expect((await call(verifyPayment, { method: 'GET' })).status).toBe(405);
  });

  it('rejects a validly signed payment the provider never captured', async () => {
    const orderId = await newOrder();
    const failed = await doublePay(orderId, 'failure');
    expect(failed).toHaveProperty('error');
    const paymentId = (failed as unknown as { error: { metadata: { payment_id: string } } }).error.metadata.payment_id;
    const signature = createHmac('sha256', testSecrets.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
    const r = await call(verifyPayment, { body: { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('PAYMENT_MISMATCH');
    expect(await registrationsFor(orderId)).toHaveLength(0);
  });
});

describe('webhook', () => {
  it('alone produces exactly one registration (browser lost before verify-payment)', async () => {
    const orderId = await newOrder();
    const paid = await doublePay(orderId);
    const delivery = await doubleWebhook(orderId, paid.razorpay_payment_id, 'payment.captured', `${hook.url}/api/payment/webhook`);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body).registrationNumber).toMatch(/^PESGRE25-/);
    const again = await doubleWebhook(orderId, paid.razorpay_payment_id, 'order.paid', `${hook.url}/api/payment/webhook`);
    expect(JSON.parse(again.body).registrationNumber).toBe(JSON.parse(delivery.body).registrationNumber);
    expect(await registrationsFor(orderId)).toHaveLength(1);
  });

  it('verify and webhooks sent together, several times, still produce one registration', async () => {
    const orderId = await newOrder();
    const paid = await doublePay(orderId);
    const url = `${hook.url}/api/payment/webhook`;
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => call(verifyPayment, { body: paid }).then((r) => r.body.registrationNumber as string)),
      ...Array.from({ length: 3 }, () => doubleWebhook(orderId, paid.razorpay_payment_id, 'payment.captured', url).then((d) => JSON.parse(d.body).registrationNumber as string)),
      ...Array.from({ length: 3 }, () => doubleWebhook(orderId, paid.razorpay_payment_id, 'order.paid', url).then((d) => JSON.parse(d.body).registrationNumber as string)),
    ]);
    expect(new Set(results).size).toBe(1);
    expect(await registrationsFor(orderId)).toHaveLength(1);
    const audit = await redis().lrange<{ action: string; details: { orderId: string } }>(keys.audit(), 0, -1);
    expect(audit.filter((a) => a.action === 'registration.created' && a.details.orderId === orderId)).toHaveLength(1);
  });

  it('rejects a bad signature with 400 and writes nothing', async () => {
    const orderId = await newOrder();
    const paid = await doublePay(orderId);
    const before = (await keysMatching('*')).sort();
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: paid.razorpay_payment_id, order_id: orderId, amount: 1840800, currency: 'INR', status: 'captured' } } } });
    const r = await call(webhook, { raw: body, headers: { 'x-razorpay-signature': createHmac('sha256', 'not the secret').update(body).digest('hex') } });
    expect(r.status).toBe(400);
    expect((await call(webhook, { raw: body })).status).toBe(400);
    expect((await keysMatching('*')).sort()).toEqual(before);
  });

  it('acknowledges events it does not use, and refuses amounts that differ from the order', async () => {
    const orderId = await newOrder();
    const sign = (b: string) => createHmac('sha256', testSecrets.webhookSecret).update(b).digest('hex');
    const other = JSON.stringify({ event: 'refund.created', payload: {} });
    expect((await call(webhook, { raw: other, headers: { 'x-razorpay-signature': sign(other) } })).body).toEqual({ ok: true, ignored: 'event refund.created not used' });
    const cheap = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_Cheap0000001', order_id: orderId, amount: 100, currency: 'INR', status: 'captured' } } } });
    const r = await call(webhook, { raw: cheap, headers: { 'x-razorpay-signature': sign(cheap) } });
    expect(r.body.ignored).toBe('amount does not match the order');
    expect(await registrationsFor(orderId)).toHaveLength(0);
  });

  it('answers 503 when Redis is down so Razorpay retries, with nothing half-written', async () => {
    const orderId = await newOrder();
    const paid = await doublePay(orderId);
    for (const mode of ['endpoint', 'redis'] as const) {
      const delivery = await withStoreDown(mode, () => doubleWebhook(orderId, paid.razorpay_payment_id, 'payment.captured', `${hook.url}/api/payment/webhook`));
      expect(delivery.status).toBe(503);
      const verify = await withStoreDown(mode, () => call(verifyPayment, { body: paid }));
      expect(verify.status).toBe(503);
    }
    expect(await registrationsFor(orderId)).toHaveLength(0);
    expect(await redis().exists(keys.done(orderId))).toBe(0);
    const retry = await doubleWebhook(orderId, paid.razorpay_payment_id, 'payment.captured', `${hook.url}/api/payment/webhook`);
    expect(retry.status).toBe(200);
    expect(await registrationsFor(orderId)).toHaveLength(1);
  });
});
