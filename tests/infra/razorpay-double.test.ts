/**
 * Drives the Razorpay double with the real `razorpay` SDK (repointed at the double)
 * and receives its webhooks on a real local HTTP server.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRazorpayDouble, type RazorpayDouble } from '../../scripts/razorpay-double.ts';

const KEY_ID = 'rzp_test_infra';
const KEY_SECRET = `key_secret_${randomBytes(8).toString('hex')}`;
const WEBHOOK_SECRET = `webhook_secret_${randomBytes(8).toString('hex')}`;

interface ReceivedWebhook {
  path: string;
  rawBody: string;
  headers: http.IncomingHttpHeaders;
}

/** The SDK keeps its axios instance on `api.rq`; its typings do not declare it. */
function sdkFor(double: RazorpayDouble, keySecret = KEY_SECRET): Razorpay {
  const rzp = new Razorpay({ key_id: KEY_ID, key_secret: keySecret });
  (rzp.api as unknown as { rq: { defaults: { baseURL?: string } } }).rq.defaults.baseURL = double.url;
  return rzp;
}

function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

let double: RazorpayDouble;
let rzp: Razorpay;
let receiver: http.Server;
let receiverUrl: string;
let received: ReceivedWebhook[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', rawBody: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(req.url === '/teapot' ? 418 : 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  double = await startRazorpayDouble({
    port: 0,
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `${receiverUrl}/api/payment/webhook`,
  });
  rzp = sdkFor(double);
});

afterAll(async () => {
  await double?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

beforeEach(() => {
  received = [];
});

async function post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${double.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function createOrder(amount = 850000): Promise<{ id: string; amount: number }> {
  const order = await rzp.orders.create({ amount, currency: 'INR', receipt: 'reg_infra_1', notes: { email: 'a@b.in' } });
  return { id: order.id, amount: Number(order.amount) };
}

describe('Orders and payments API through the razorpay SDK', () => {
  it('creates and fetches an order with Razorpay\'s entity shape', async () => {
    const created = await rzp.orders.create({ amount: 850000, currency: 'INR', receipt: 'reg_123', notes: { tier: 'ieee' } });
    expect(created).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/) as unknown,
      entity: 'order',
      amount: 850000,
      amount_paid: 0,
      amount_due: 850000,
      currency: 'INR',
      receipt: 'reg_123',
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { tier: 'ieee' },
      created_at: expect.any(Number) as unknown,
    });
    expect(Math.abs(Number(created.created_at) - Date.now() / 1000)).toBeLessThan(5);
    expect(await rzp.orders.fetch(created.id)).toEqual(created);
  });

  it('rejects invalid orders with Razorpay\'s error shape', async () => {
    await expect(rzp.orders.create({ amount: 99, currency: 'INR' })).rejects.toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', field: 'amount', description: expect.stringMatching(/atleast/) as unknown },
    });
    await expect(rzp.orders.create({ amount: 100.5, currency: 'INR' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(rzp.orders.create({ amount: 1000, currency: 'EUR' })).rejects.toMatchObject({
      statusCode: 400,
      error: { field: 'currency' },
    });
  });

  it('answers unknown ids with 404', async () => {
    await expect(rzp.orders.fetch('order_doesnotexist00')).rejects.toMatchObject({
      statusCode: 404,
      error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
    });
    await expect(rzp.payments.fetch('pay_doesnotexist000')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('rejects a wrong key secret with 401', async () => {
    const wrong = sdkFor(double, 'not-the-secret');
    await expect(wrong.orders.create({ amount: 50000, currency: 'INR' })).rejects.toMatchObject({
      statusCode: 401,
      error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
    });
    const res = await fetch(`${double.url}/v1/orders/anything`);
    expect(res.status).toBe(401);
  });

  it('records a successful checkout payment, signed like Razorpay', async () => {
    const order = await createOrder();
    const { status, json } = await post('/_double/pay', {
      order_id: order.id,
      outcome: 'success',
      email: 'asha@example.in',
      contact: '+919876543210',
    });
    expect(status).toBe(200);
    expect(json).toEqual({
      razorpay_order_id: order.id,
      razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/) as unknown,
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
    });
    const paymentId = json.razorpay_payment_id as string;
    expect(json.razorpay_signature).toBe(hmacHex(KEY_SECRET, `${order.id}|${paymentId}`));

    const payment = await rzp.payments.fetch(paymentId);
    expect(payment).toMatchObject({
      id: paymentId,
      entity: 'payment',
      amount: order.amount,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method: 'card',
      captured: true,
      email: 'asha@example.in',
      contact: '+919876543210',
      error_code: null,
    });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: order.amount,
      amount_due: 0,
      attempts: 1,
    });
    const list = await rzp.orders.fetchPayments(order.id);
    expect(list).toMatchObject({ entity: 'collection', count: 1, items: [{ id: paymentId }] });

    const again = await post('/_double/pay', { order_id: order.id, outcome: 'success' });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
  });

  it('records a failed attempt and returns the checkout failure payload', async () => {
    const order = await createOrder();
    const { status, json } = await post('/_double/pay', { order_id: order.id, outcome: 'failure' });
    expect(status).toBe(200);
    expect(json).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) as unknown },
      },
    });
    const paymentId = (json.error as { metadata: { payment_id: string } }).metadata.payment_id;
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      status: 'failed',
      captured: false,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
    });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'attempted', amount_paid: 0, attempts: 1 });

    // A retry after a failure succeeds, as in the real checkout.
    expect((await post('/_double/pay', { order_id: order.id, outcome: 'success' })).status).toBe(200);
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('rejects paying an unknown order, a bad outcome or a wrong key', async () => {
    expect((await post('/_double/pay', { order_id: 'order_nope', outcome: 'success' })).status).toBe(404);
    const order = await createOrder();
    expect((await post('/_double/pay', { order_id: order.id, outcome: 'maybe' })).status).toBe(400);
    expect((await post('/_double/pay', { order_id: order.id, outcome: 'success', key: 'rzp_test_other' })).status).toBe(
      400,
    );
  });
});

describe('webhooks', () => {
  async function paidOrder(): Promise<{ orderId: string; paymentId: string }> {
    const order = await createOrder();
    const { json } = await post('/_double/pay', { order_id: order.id, outcome: 'success' });
    return { orderId: order.id, paymentId: json.razorpay_payment_id as string };
  }

  it('delivers order.paid with a signature over the exact raw body', async () => {
    const { orderId, paymentId } = await paidOrder();
    const { status, json } = await post('/_double/webhook', { order_id: orderId, payment_id: paymentId, event: 'order.paid' });
    expect(status).toBe(200);
    expect(json).toEqual({ delivered: true, status: 200, body: JSON.stringify({ ok: true, path: '/api/payment/webhook' }) });

    expect(received).toHaveLength(1);
    const [hook] = received;
    expect(hook!.path).toBe('/api/payment/webhook');
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['x-razorpay-event-id']).toMatch(/^\w+$/);
    expect(hook!.headers['x-razorpay-signature']).toBe(hmacHex(WEBHOOK_SECRET, hook!.rawBody));
    expect(Razorpay.validateWebhookSignature(hook!.rawBody, String(hook!.headers['x-razorpay-signature']), WEBHOOK_SECRET)).toBe(
      true,
    );

    const event = JSON.parse(hook!.rawBody) as Record<string, unknown>;
    expect(event).toMatchObject({
      entity: 'event',
      account_id: 'acc_double',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: { entity: { id: paymentId, order_id: orderId, status: 'captured', captured: true } },
        order: { entity: { id: orderId, status: 'paid' } },
      },
      created_at: expect.any(Number) as unknown,
    });
  });

  it('delivers payment.captured and payment.failed, to an overriding URL when given', async () => {
    const { orderId, paymentId } = await paidOrder();
    const captured = await post('/_double/webhook', {
      order_id: orderId,
      payment_id: paymentId,
      event: 'payment.captured',
      webhookUrl: `${receiverUrl}/teapot`,
    });
    expect(captured.json).toMatchObject({ delivered: true, status: 418 });
    expect(received[0]!.path).toBe('/teapot');
    const capturedEvent = JSON.parse(received[0]!.rawBody) as { contains: string[]; payload: Record<string, unknown> };
    expect(capturedEvent.contains).toEqual(['payment']);
    expect(Object.keys(capturedEvent.payload)).toEqual(['payment']);

    const order = await createOrder();
    const failure = await post('/_double/pay', { order_id: order.id, outcome: 'failure' });
    const failedId = (failure.json.error as { metadata: { payment_id: string } }).metadata.payment_id;
    const failed = await post('/_double/webhook', { order_id: order.id, payment_id: failedId, event: 'payment.failed' });
    expect(failed.json).toMatchObject({ delivered: true, status: 200 });
    expect(JSON.parse(received[1]!.rawBody)).toMatchObject({
      event: 'payment.failed',
      payload: { payment: { entity: { id: failedId, status: 'failed', error_reason: 'payment_failed' } } },
    });
    expect(received[1]!.headers['x-razorpay-signature']).toBe(hmacHex(WEBHOOK_SECRET, received[1]!.rawBody));
  });

  it('refuses events that do not match the payment, and reports unreachable receivers', async () => {
    const { orderId, paymentId } = await paidOrder();
    expect((await post('/_double/webhook', { order_id: orderId, payment_id: paymentId, event: 'payment.failed' })).status).toBe(
      400,
    );
    expect((await post('/_double/webhook', { order_id: orderId, payment_id: paymentId, event: 'refund.created' })).status).toBe(
      400,
    );
    expect((await post('/_double/webhook', { order_id: orderId, payment_id: 'pay_other', event: 'order.paid' })).status).toBe(
      404,
    );
    const unreachable = await post('/_double/webhook', {
      order_id: orderId,
      event: 'order.paid',
      webhookUrl: 'http://127.0.0.1:9/nothing-listens',
    });
    expect(unreachable.status).toBe(502);
    expect(unreachable.json).toMatchObject({ delivered: false });
    expect(received).toHaveLength(0);
  });
});

describe('test helpers and checkout stand-in', () => {
  it('shows an order with its payments', async () => {
    const order = await createOrder();
    await post('/_double/pay', { order_id: order.id, outcome: 'failure' });
    const res = await fetch(`${double.url}/_double/orders/${order.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ order: { id: order.id, status: 'attempted' }, payments: [{ status: 'failed' }] });
  });

  it('serves the checkout stand-in as JavaScript pointing back at the double', async () => {
    const res = await fetch(`${double.url}/checkout.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const source = await res.text();
    expect(source).toContain('window.Razorpay = Razorpay');
    expect(source).toContain(`'${double.url}'`);
    expect(source).not.toContain('__DOUBLE_URL__');
  });

  it('answers CORS preflights from any origin', async () => {
    const res = await fetch(`${double.url}/_double/pay`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
  });
});
