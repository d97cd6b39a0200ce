/**
 * Drives the Razorpay double with the real `razorpay` SDK (repointed at the double)
 * and receives its webhooks on a real local HTTP server.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** The part of axios the tests use on the SDK's instance. */
interface SdkAxios {
  defaults: { baseURL?: string };
  post(
    url: string,
    data: unknown,
    config?: { headers?: Record<string, string>; timeout?: number },
  ): Promise<{ status: number; data: any }>;
}

/** The SDK keeps its axios instance on `api.rq`; its typings do not declare it. */
function axiosOf(rzp: Razorpay): SdkAxios {
  return (rzp.api as unknown as { rq: SdkAxios }).rq;
}

function sdkFor(double: RazorpayDouble, keySecret = KEY_SECRET): Razorpay {
  const rzp = new Razorpay({ key_id: KEY_ID, key_secret: keySecret });
  axiosOf(rzp).defaults.baseURL = double.url;
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
    expect(json).toEqual({
      delivered: true,
      status: 200,
      body: JSON.stringify({ ok: true, path: '/api/payment/webhook' }),
      eventId: expect.stringMatching(/^[A-Za-z0-9]{14}$/) as unknown,
    });

    expect(received).toHaveLength(1);
    const [hook] = received;
    expect(hook!.path).toBe('/api/payment/webhook');
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['x-razorpay-event-id']).toBe(json.eventId);
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

// Refunds: the SDK's payments.refund cannot send headers (its api.post passes none), so requests
// with X-Refund-Idempotency go through the SDK's own axios instance, auth and base URL included.
describe('refunds through the razorpay SDK', () => {
  const AMOUNT = 850000;

  async function captured(amount = AMOUNT): Promise<{ orderId: string; paymentId: string }> {
    const order = await createOrder(amount);
    const { status, json } = await post('/_double/capture', { order_id: order.id });
    expect(status).toBe(200);
    return { orderId: order.id, paymentId: json.razorpay_payment_id as string };
  }

  async function refundWithKey(
    paymentId: string,
    body: Record<string, unknown>,
    key: string,
    timeout?: number,
  ): Promise<{ status: number; data: any }> {
    try {
      const res = await axiosOf(rzp).post(`/v1/payments/${paymentId}/refund`, body, {
        headers: { 'X-Refund-Idempotency': key },
        timeout,
      });
      return { status: res.status, data: res.data };
    } catch (err) {
      const response = (err as { response?: { status: number; data: any } }).response;
      if (!response) throw err;
      return { status: response.status, data: response.data };
    }
  }

  async function refundsIn(paymentId?: string): Promise<Array<Record<string, unknown>>> {
    const query = paymentId ? `?payment_id=${paymentId}` : '';
    const res = await fetch(`${double.url}/_double/refunds${query}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { entity: string; count: number; items: Array<Record<string, unknown>> };
    expect(body.entity).toBe('collection');
    expect(body.count).toBe(body.items.length);
    return body.items;
  }

  async function setFaults(faults: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
    return post('/_double/faults', faults);
  }

  const badRequest = (description: string) => ({
    error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
  });

  it('lists an order\'s payments, failed and captured, and /_double/capture sends no webhook', async () => {
    const order = await createOrder();
    await post('/_double/pay', { order_id: order.id, outcome: 'failure' });
    const { status, json } = await post('/_double/capture', { order_id: order.id, email: 'ravi@example.in' });
    expect(status).toBe(200);
    expect(json).toEqual({
      razorpay_order_id: order.id,
      razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/) as unknown,
      razorpay_signature: hmacHex(KEY_SECRET, `${order.id}|${json.razorpay_payment_id as string}`),
    });

    const list = await rzp.orders.fetchPayments(order.id);
    expect(list.entity).toBe('collection');
    expect(list.count).toBe(2);
    expect(list.items).toMatchObject([
      { entity: 'payment', order_id: order.id, status: 'failed', captured: false, amount_refunded: 0, refund_status: null },
      {
        id: json.razorpay_payment_id,
        entity: 'payment',
        order_id: order.id,
        status: 'captured',
        captured: true,
        amount: order.amount,
        amount_refunded: 0,
        refund_status: null,
        email: 'ravi@example.in',
      },
    ]);
    expect((await post('/_double/capture', { order_id: order.id })).status).toBe(400);
    expect(received).toHaveLength(0);
  });

  it('refunds part of a payment, then the rest by default, then refuses more', async () => {
    const { paymentId } = await captured();
    const first = await rzp.payments.refund(paymentId, {
      amount: 300000,
      speed: 'normal',
      notes: { reason: 'tier downgrade' },
      receipt: 'rfd_reg_1',
    });
    expect(first).toEqual({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/) as unknown,
      entity: 'refund',
      amount: 300000,
      currency: 'INR',
      payment_id: paymentId,
      notes: { reason: 'tier downgrade' },
      receipt: 'rfd_reg_1',
      acquirer_data: { arn: null },
      created_at: expect.any(Number) as unknown,
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 300000,
      refund_status: 'partial',
    });

    const rest = await rzp.payments.refund(paymentId, { speed: 'optimum' });
    expect(rest).toMatchObject({
      amount: AMOUNT - 300000,
      notes: [],
      receipt: null,
      status: 'processed',
      speed_requested: 'optimum',
      speed_processed: 'instant',
    });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: AMOUNT,
      refund_status: 'full',
    });

    const listed = await rzp.payments.fetchMultipleRefund(paymentId);
    expect(listed).toMatchObject({ entity: 'collection', count: 2, items: [{ id: rest.id }, { id: first.id }] });
    expect(await rzp.payments.fetchRefund(paymentId, first.id)).toEqual(first);
    expect(await rzp.refunds.fetch(first.id)).toEqual(first);
    expect(await rzp.refunds.fetch(rest.id, { payment_id: paymentId })).toEqual(rest);
    const all = await rzp.refunds.all({ count: 100 });
    expect(all.items.map((r) => r.id)).toEqual(expect.arrayContaining([first.id, rest.id]));

    const other = await captured();
    await expect(rzp.payments.fetchRefund(other.paymentId, first.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(rzp.refunds.fetch('rfnd_doesnotexist00')).rejects.toMatchObject({
      statusCode: 404,
      error: { description: 'The id provided does not exist' },
    });

    await expect(rzp.payments.refund(paymentId, { amount: 100 })).rejects.toEqual({
      statusCode: 400,
      ...badRequest('The payment has been fully refunded already.'),
    });
    expect(await refundsIn(paymentId)).toHaveLength(2);
  });

  it('refuses refunds above the captured amount, of uncaptured payments, and malformed ones', async () => {
    const { paymentId } = await captured();
    await expect(rzp.payments.refund(paymentId, { amount: AMOUNT + 1 })).rejects.toEqual({
      statusCode: 400,
      ...badRequest('The refund amount provided is greater than amount captured.'),
    });
    await rzp.payments.refund(paymentId, { amount: 800000 });
    await expect(rzp.payments.refund(paymentId, { amount: 50001 })).rejects.toEqual({
      statusCode: 400,
      ...badRequest('The refund amount provided is greater than amount captured.'),
    });
    await expect(rzp.payments.refund(paymentId, { amount: 10.5 })).rejects.toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', field: 'amount' },
    });
    await expect(rzp.payments.refund(paymentId, { amount: 0 })).rejects.toMatchObject({ statusCode: 400 });
    await expect(rzp.payments.refund(paymentId, { amount: 100, speed: 'warp' } as never)).rejects.toMatchObject({
      statusCode: 400,
      error: { field: 'speed' },
    });
    await expect(rzp.payments.refund(paymentId, { amount: 100, reverse_all: 1 } as never)).rejects.toMatchObject({
      statusCode: 400,
      error: { field: 'reverse_all' },
    });
    expect(await refundsIn(paymentId)).toHaveLength(1);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ amount_refunded: 800000, refund_status: 'partial' });

    const order = await createOrder();
    const failure = await post('/_double/pay', { order_id: order.id, outcome: 'failure' });
    const failedId = (failure.json.error as { metadata: { payment_id: string } }).metadata.payment_id;
    await expect(rzp.payments.refund(failedId, {})).rejects.toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'The payment status should be captured for action to be taken' },
    });
    await expect(rzp.payments.refund('pay_doesnotexist000', {})).rejects.toMatchObject({ statusCode: 404 });
    const unauthorised = await fetch(`${double.url}/v1/payments/${paymentId}/refund`, { method: 'POST' });
    expect(unauthorised.status).toBe(401);
  });

  it('BP-12: answers an idempotent retry with the same refund and creates no second one', async () => {
    const { paymentId } = await captured();
    const key = `refund-${randomBytes(8).toString('hex')}`;
    const first = await refundWithKey(paymentId, { amount: 200000, notes: { a: '1', b: '2' } }, key);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ entity: 'refund', amount: 200000, payment_id: paymentId, status: 'processed' });

    // Same request with its keys in another order: still the same request.
    const retry = await refundWithKey(paymentId, { notes: { b: '2', a: '1' }, amount: 200000 }, key);
    expect(retry).toEqual({ status: 200, data: first.data });
    expect(await refundsIn(paymentId)).toHaveLength(1);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ amount_refunded: 200000 });

    // A full refund by key still replays after the payment has nothing left to refund.
    const fullKey = `full_${randomBytes(8).toString('hex')}`;
    const full = await refundWithKey(paymentId, {}, fullKey);
    expect(full.data).toMatchObject({ amount: AMOUNT - 200000 });
    expect(await refundWithKey(paymentId, {}, fullKey)).toEqual({ status: 200, data: full.data });
    expect(await refundsIn(paymentId)).toHaveLength(2);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: AMOUNT });
  });

  it('refuses a reused key with another body or payment, and malformed keys', async () => {
    const { paymentId } = await captured();
    const key = randomBytes(8).toString('hex');
    expect((await refundWithKey(paymentId, { amount: 1000 }, key)).status).toBe(200);

    const different = 'Different request with the same idempotency key has already been processed.';
    expect(await refundWithKey(paymentId, { amount: 2000 }, key)).toEqual({ status: 400, data: badRequest(different) });
    expect(await refundWithKey(paymentId, { amount: 1000, receipt: 'x' }, key)).toEqual({
      status: 400,
      data: badRequest(different),
    });
    const other = await captured();
    expect(await refundWithKey(other.paymentId, { amount: 1000 }, key)).toEqual({ status: 400, data: badRequest(different) });

    for (const bad of ['short_key', 'has space in it', 'semi;colon;key', '']) {
      const res = await refundWithKey(paymentId, { amount: 1000 }, bad);
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', field: 'X-Refund-Idempotency' } });
    }
    expect(await refundsIn(paymentId)).toHaveLength(1);
    expect(await refundsIn(other.paymentId)).toHaveLength(0);
  });

  it('delivers signed refund webhooks with unique event ids, and re-delivers one by its id', async () => {
    const { paymentId } = await captured();
    await setFaults({ payment_id: paymentId, refundPendingStatus: true });
    const refund = await rzp.payments.refund(paymentId, { amount: 100000 });
    expect(refund.status).toBe('pending');

    const created = await post('/_double/refund-webhook', { refund_id: refund.id, event: 'refund.created' });
    const processed = await post('/_double/refund-webhook', { refund_id: refund.id, event: 'refund.processed' });
    expect(created.json).toMatchObject({ delivered: true, status: 200 });
    expect(processed.json).toMatchObject({ delivered: true, status: 200 });
    expect(received).toHaveLength(2);
    const ids = received.map((hook) => hook.headers['x-razorpay-event-id']);
    expect(ids).toEqual([created.json.eventId, processed.json.eventId]);
    expect(new Set(ids).size).toBe(2);

    for (const hook of received) {
      // As the app checks it: HMAC-SHA256 of the raw body with the webhook secret.
      expect(hook.headers['x-razorpay-signature']).toBe(hmacHex(WEBHOOK_SECRET, hook.rawBody));
      expect(hook.path).toBe('/api/payment/webhook');
    }
    expect(JSON.parse(received[0]!.rawBody)).toMatchObject({
      event: 'refund.created',
      payload: { refund: { entity: { id: refund.id, status: 'pending' } } },
    });
    expect(JSON.parse(received[1]!.rawBody)).toEqual({
      entity: 'event',
      account_id: 'acc_double',
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: { entity: { ...refund, status: 'processed' } },
        payment: {
          entity: expect.objectContaining({
            id: paymentId,
            status: 'captured',
            amount_refunded: 100000,
            refund_status: 'partial',
          }) as unknown,
        },
      },
      created_at: expect.any(Number) as unknown,
    });
    expect(await rzp.refunds.fetch(refund.id)).toMatchObject({ status: 'processed' });

    // A Razorpay retry: same event id, same bytes, same signature, no state change.
    const again = await post('/_double/refund-webhook', {
      refund_id: refund.id,
      event: 'refund.processed',
      eventId: processed.json.eventId,
      webhookUrl: `${receiverUrl}/retry`,
    });
    expect(again.json).toMatchObject({ delivered: true, eventId: processed.json.eventId });
    expect(received[2]!.path).toBe('/retry');
    expect(received[2]!.headers['x-razorpay-event-id']).toBe(processed.json.eventId);
    expect(received[2]!.rawBody).toBe(received[1]!.rawBody);
    expect(received[2]!.headers['x-razorpay-signature']).toBe(received[1]!.headers['x-razorpay-signature']);

    // A test may also name a new event's id, and reuse an id only for the same event.
    const named = await post('/_double/refund-webhook', { refund_id: refund.id, event: 'refund.created', eventId: 'evt_test_1' });
    expect(received[3]!.headers['x-razorpay-event-id']).toBe('evt_test_1');
    expect(named.json.eventId).toBe('evt_test_1');
    expect(
      (await post('/_double/refund-webhook', { refund_id: refund.id, event: 'refund.processed', eventId: 'evt_test_1' })).status,
    ).toBe(400);
    expect((await post('/_double/refund-webhook', { refund_id: refund.id, event: 'refund.processed', eventId: 'bad id' })).status).toBe(
      400,
    );
    expect(received).toHaveLength(4);
  });

  it('re-delivers payment webhooks by event id too', async () => {
    const { orderId, paymentId } = await captured();
    const first = await post('/_double/webhook', { order_id: orderId, payment_id: paymentId, event: 'payment.captured' });
    const retry = await post('/_double/webhook', {
      order_id: orderId,
      payment_id: paymentId,
      event: 'payment.captured',
      eventId: first.json.eventId,
    });
    const fresh = await post('/_double/webhook', { order_id: orderId, payment_id: paymentId, event: 'payment.captured' });
    expect(retry.json.eventId).toBe(first.json.eventId);
    expect(fresh.json.eventId).not.toBe(first.json.eventId);
    expect(received.map((hook) => hook.headers['x-razorpay-event-id'])).toEqual([
      first.json.eventId,
      first.json.eventId,
      fresh.json.eventId,
    ]);
    expect(received[1]!.rawBody).toBe(received[0]!.rawBody);
  });

  it('fails a pending refund by webhook, returning its amount to the payment', async () => {
    const { paymentId } = await captured();
    await setFaults({ payment_id: paymentId, refundPendingStatus: true });
    const refund = await rzp.payments.refund(paymentId, {});
    expect(refund).toMatchObject({ status: 'pending', amount: AMOUNT });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'refunded', refund_status: 'full' });

    const failed = await post('/_double/refund-webhook', { refund_id: refund.id, event: 'refund.failed' });
    expect(failed.status).toBe(200);
    expect(JSON.parse(received[0]!.rawBody)).toMatchObject({
      event: 'refund.failed',
      payload: {
        refund: { entity: { id: refund.id, status: 'failed' } },
        payment: { entity: { id: paymentId, status: 'captured', amount_refunded: 0, refund_status: null } },
      },
    });
    expect(await rzp.refunds.fetch(refund.id)).toMatchObject({ status: 'failed' });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 0, refund_status: null });

    // Final states stay final.
    expect((await post('/_double/refund-webhook', { refund_id: refund.id, event: 'refund.processed' })).status).toBe(400);
    await setFaults({ payment_id: paymentId });
    const processed = await rzp.payments.refund(paymentId, { amount: 1000 });
    expect((await post('/_double/refund-webhook', { refund_id: processed.id, event: 'refund.failed' })).status).toBe(400);
    expect((await post('/_double/refund-webhook', { refund_id: processed.id, event: 'refund.bogus' })).status).toBe(400);
    expect((await post('/_double/refund-webhook', { refund_id: 'rfnd_nope', event: 'refund.created' })).status).toBe(404);
    const unreachable = await post('/_double/refund-webhook', {
      refund_id: processed.id,
      event: 'refund.processed',
      webhookUrl: 'http://127.0.0.1:9/nothing-listens',
    });
    expect(unreachable.status).toBe(502);
    expect(unreachable.json).toMatchObject({ delivered: false, eventId: expect.any(String) as unknown });
    expect(received).toHaveLength(1);
  });

  it('BP-12: creates the refund before a delayed answer, so a retry with the key finds it', async () => {
    const { paymentId } = await captured();
    const faults = await setFaults({ payment_id: paymentId, refundDelayMs: 1500 });
    expect(faults.json).toMatchObject({ payments: { [paymentId]: { refundDelayMs: 1500 } } });
    const key = `timeout-${randomBytes(6).toString('hex')}`;

    await expect(refundWithKey(paymentId, { amount: 5000 }, key, 200)).rejects.toMatchObject({ code: 'ECONNABORTED' });
    const created = await refundsIn(paymentId);
    expect(created).toMatchObject([{ amount: 5000, status: 'processed' }]);

    // The delay holds replays too.
    const startedAt = Date.now();
    const slow = await refundWithKey(paymentId, { amount: 5000 }, key);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1400);
    expect(slow).toMatchObject({ status: 200, data: { id: created[0]!.id } });

    await setFaults({ payment_id: paymentId });
    const quickStart = Date.now();
    expect(await refundWithKey(paymentId, { amount: 5000 }, key)).toMatchObject({ status: 200, data: { id: created[0]!.id } });
    expect(Date.now() - quickStart).toBeLessThan(1000);
    expect(await refundsIn(paymentId)).toHaveLength(1);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ amount_refunded: 5000 });
  });

  it('scopes faults to a payment or sets them for all, and validates them', async () => {
    const a = await captured();
    const b = await captured();
    await setFaults({ refundPendingStatus: true });
    await setFaults({ payment_id: b.paymentId, refundDelayMs: 10 });
    try {
      expect(await rzp.payments.refund(a.paymentId, { amount: 1000, speed: 'optimum' })).toMatchObject({
        status: 'pending',
        speed_requested: 'optimum',
        speed_processed: 'normal',
      });
      // A payment's own fault set replaces the global one for its refunds.
      expect(await rzp.payments.refund(b.paymentId, { amount: 1000 })).toMatchObject({ status: 'processed' });
      const res = await fetch(`${double.url}/_double/faults`);
      const now = (await res.json()) as { global: unknown; payments: Record<string, unknown> };
      expect(now.global).toEqual({ refundPendingStatus: true });
      expect(now.payments[b.paymentId]).toEqual({ refundDelayMs: 10 });
      expect(now.payments[a.paymentId]).toBeUndefined();
    } finally {
      await setFaults({});
      await setFaults({ payment_id: b.paymentId });
    }
    expect(await rzp.payments.refund(a.paymentId, { amount: 1000 })).toMatchObject({ status: 'processed' });
    const cleared = (await setFaults({})).json as { global: unknown; payments: Record<string, unknown> };
    expect(cleared.global).toEqual({});
    expect(cleared.payments[b.paymentId]).toBeUndefined();

    expect((await setFaults({ refundDelayMs: -1 })).status).toBe(400);
    expect((await setFaults({ refundDelayMs: 60_001 })).status).toBe(400);
    expect((await setFaults({ refundPendingStatus: 'yes' })).status).toBe(400);
    expect((await setFaults({ refundExplodes: true })).status).toBe(400);
    expect((await setFaults({ payment_id: 'pay_nope', refundPendingStatus: true })).status).toBe(404);
  });
  it('refuses a payment\'s refunds with the error a refundError fault names, creating nothing, until cleared', async () => {
    const { paymentId } = await captured();
    const other = await captured();
    const refusal = { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' };
    const set = await setFaults({ payment_id: paymentId, refundError: refusal });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ payments: { [paymentId]: { refundError: refusal } } });
    try {
      await expect(rzp.payments.refund(paymentId, { amount: 1000 })).rejects.toMatchObject({ statusCode: 400, error: refusal });
      // With an idempotency key too (the site's refunds carry one), and the key stays unused.
      const key = `refused-${randomBytes(6).toString('hex')}`;
      expect(await refundWithKey(paymentId, { amount: 1000 }, key)).toMatchObject({ status: 400, data: { error: refusal } });
      expect(await refundsIn(paymentId)).toEqual([]);
      expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 0 });
      // Another payment's refunds are not touched by this payment's fault.
      expect(await rzp.payments.refund(other.paymentId, { amount: 1000 })).toMatchObject({ status: 'processed' });
      // Any code and description Razorpay may answer.
      await setFaults({ payment_id: paymentId, refundError: { code: 'GATEWAY_ERROR', description: 'Refund not supported for this payment method' } });
      await expect(rzp.payments.refund(paymentId, { amount: 1000 })).rejects.toMatchObject({ statusCode: 400, error: { code: 'GATEWAY_ERROR', description: 'Refund not supported for this payment method' } });
      await setFaults({ payment_id: paymentId });
      expect(await refundWithKey(paymentId, { amount: 1000 }, key)).toMatchObject({ status: 200, data: { amount: 1000, status: 'processed' } });
    } finally {
      await setFaults({ payment_id: paymentId });
    }
    expect((await setFaults({ payment_id: paymentId, refundError: { code: 'x', description: 'lower-case code' } })).status).toBe(400);
    expect((await setFaults({ payment_id: paymentId, refundError: { code: 'BAD_REQUEST_ERROR' } })).status).toBe(400);
    expect((await setFaults({ payment_id: paymentId, refundError: 'no' })).status).toBe(400);
  });
});

describe('a double with a data file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pesgre-double-data-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const start = (dataFile: string) => startRazorpayDouble({ port: 0, keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, webhookUrl: `${receiverUrl}/api/payment/webhook`, dataFile });

  it('keeps its orders, payments, refunds and idempotency keys across a restart, as Razorpay never forgets a payment', async () => {
    const file = path.join(dir, 'nested', 'razorpay-double.json');
    const first = await start(file);
    const sdk = sdkFor(first);
    const order = await sdk.orders.create({ amount: 500000, currency: 'INR', receipt: 'kept', notes: { who: 'delegate' } });
    const paid = await fetch(`${first.url}/_double/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: order.id, outcome: 'success' }) });
    const { razorpay_payment_id: paymentId } = (await paid.json()) as { razorpay_payment_id: string };
    const key = `kept-${randomBytes(6).toString('hex')}`;
    const refund = (await axiosOf(sdk).post(`/v1/payments/${paymentId}/refund`, { amount: 100000 }, { headers: { 'X-Refund-Idempotency': key } })).data as { id: string };
    const before = { order: await sdk.orders.fetch(order.id), payment: await sdk.payments.fetch(paymentId), refund: await sdk.refunds.fetch(refund.id) };
    await first.close();

    // A new process on another port, reading the same file.
    const second = await start(file);
    try {
      const again = sdkFor(second);
      expect(await again.orders.fetch(order.id)).toEqual(before.order);
      expect(await again.payments.fetch(paymentId)).toEqual(before.payment);
      expect(await again.refunds.fetch(refund.id)).toEqual(before.refund);
      expect(((await again.orders.fetchPayments(order.id)) as unknown as { items: { id: string }[] }).items.map((p) => p.id)).toEqual([paymentId]);
      // The refund's key still replays the refund instead of making a second one.
      const replay = await axiosOf(again).post(`/v1/payments/${paymentId}/refund`, { amount: 100000 }, { headers: { 'X-Refund-Idempotency': key } });
      expect(replay.data).toEqual(before.refund);
      // Changes after the restart are kept too.
      await again.payments.refund(paymentId, { amount: 50000 });
    } finally {
      await second.close();
    }
    const third = await start(file);
    try {
      expect(await sdkFor(third).payments.fetch(paymentId)).toMatchObject({ amount_refunded: 150000, refund_status: 'partial' });
    } finally {
      await third.close();
    }
    const saved = JSON.parse(await readFile(file, 'utf8')) as { version: number; payments: unknown[] };
    expect(saved).toMatchObject({ version: 1, payments: [expect.objectContaining({ id: paymentId })] });
  });

  it('refuses to start on a file that is not its data, rather than forget payments', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{"orders": "nope"');
    await expect(start(file)).rejects.toThrow(/cannot read its data file .*broken\.json/);
  });
});

describe('rainy days: outages, late authorisation, webhook retries, downtimes', () => {
  afterAll(async () => {
    await post('/_double/faults', {});
  });

  it('fails /v1/ calls with a 5xx for `count` calls, then answers again; refuses malformed API faults', async () => {
    expect((await post('/_double/faults', { apiError: { status: 503, count: 2 } })).status).toBe(200);
    await expect(rzp.orders.create({ amount: 10000, currency: 'INR' })).rejects.toMatchObject({ statusCode: 503, error: { code: 'SERVER_ERROR' } });
    await expect(rzp.orders.create({ amount: 10000, currency: 'INR' })).rejects.toMatchObject({ statusCode: 503 });
    expect((await rzp.orders.create({ amount: 10000, currency: 'INR' })).status).toBe('created');
    for (const bad of [{ apiError: { status: 404 } }, { apiError: { status: 500, count: 0 } }, { apiDelayMs: -1 }, { webhookTimeoutMs: 0 }, { apiDelayMs: 10, payment_id: 'pay_x' }]) {
      expect((await post('/_double/faults', bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('authorises a failed payment late: captured, late_authorized, the order paid, three webhooks in order', async () => {
    const order = await createOrder(20000);
    const failed = await post('/_double/pay', { order_id: order.id, outcome: 'failure' });
    const paymentId = ((failed.json.error as { metadata: { payment_id: string } }).metadata.payment_id);
    received = [];
    const late = await post('/_double/late-authorise', { payment_id: paymentId });
    expect(late.json.payment).toMatchObject({ id: paymentId, status: 'captured', captured: true, late_authorized: true });
    expect(late.json.order).toMatchObject({ status: 'paid', amount_paid: 20000 });
    const events = received.map((r) => JSON.parse(r.rawBody) as { event: string; payload: { payment: { entity: { status: string } } } });
    expect(events.map((e) => e.event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    expect(events[0]!.payload.payment.entity.status).toBe('authorized');
    expect(received.every((r) => r.headers['x-razorpay-signature'] === hmacHex(WEBHOOK_SECRET, r.rawBody))).toBe(true);
    expect((await post('/_double/late-authorise', { payment_id: paymentId })).status).toBe(400);
  });

  it('autoRefund: a late authorisation on an order another payment paid is refunded by Razorpay itself, never captured; the merchant’s refund is then refused', async () => {
    const order = await createOrder(20000);
    const failed = await post('/_double/pay', { order_id: order.id, outcome: 'failure' });
    const paymentId = ((failed.json.error as { metadata: { payment_id: string } }).metadata.payment_id);
    await post('/_double/pay', { order_id: order.id, outcome: 'success' });
    received = [];
    expect((await post('/_double/late-authorise', { payment_id: paymentId, autoRefund: 'yes' })).status).toBe(400);
    const late = await post('/_double/late-authorise', { payment_id: paymentId, autoRefund: true });
    expect(late.json.payment).toMatchObject({ id: paymentId, status: 'refunded', captured: false, late_authorized: true, amount_refunded: 20000, refund_status: 'full' });
    const events = received.map((r) => JSON.parse(r.rawBody) as { event: string; payload: Record<string, { entity: Record<string, unknown> }> });
    expect(events.map((e) => e.event)).toEqual(['payment.authorized', 'refund.processed']);
    expect(events[0]!.payload.payment!.entity).toMatchObject({ status: 'authorized', amount_refunded: 0 });
    expect(events[1]!.payload.refund!.entity).toMatchObject({ payment_id: paymentId, amount: 20000, status: 'processed', notes: {} });
    const listed = await rzp.payments.fetchMultipleRefund(paymentId, { count: 100 });
    expect(listed.items.map((r) => [r.amount, r.status])).toEqual([[20000, 'processed']]);
    await expect(rzp.payments.refund(paymentId, { amount: 20000 })).rejects.toMatchObject({ statusCode: 400, error: { description: 'The payment has been fully refunded already.' } });
  });

  it('queues a delivery answered non-2xx, retries it when due on a doubling backoff, and disables the URL after 24 h', async () => {
    const order = await createOrder(20000);
    await post('/_double/pay', { order_id: order.id, outcome: 'success' });
    const first = await post('/_double/webhook', { order_id: order.id, event: 'payment.captured', webhookUrl: `${receiverUrl}/teapot` });
    expect(first.json).toMatchObject({ delivered: true, status: 418, queued: true });
    const waits: number[] = [];
    let state = (await fetch(`${double.url}/_double/webhooks`).then((r) => r.json())) as { queue: { eventId: string; nextAttemptAt: number }[]; disabled: string[]; clock: number };
    for (let i = 0; i < 40 && !state.disabled.length; i++) {
      const item = state.queue.find((q) => q.eventId === first.json.eventId)!;
      waits.push(item.nextAttemptAt - state.clock);
      state = (await post('/_double/webhook-retries', { advanceSeconds: item.nextAttemptAt - state.clock })).json as typeof state;
    }
    expect(waits.slice(0, 4)).toEqual([60, 120, 240, 480]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(4 * 3600);
    // (Other tests' deliveries to a URL where nothing listens are queued too, and disabled alike.)
    expect(state.disabled).toContain(`${receiverUrl}/teapot`);
    expect((await post('/_double/webhooks/enable', {})).json.disabled).toEqual([]);
  });

  it('lists downtimes on GET /v1/payments/downtimes and delivers payment.downtime.* events', async () => {
    received = [];
    const started = await post('/_double/downtimes', { method: 'netbanking', severity: 'high', instrument: { bank: 'HDFC' } });
    const downtime = started.json.downtime as { id: string };
    const list = (await fetch(`${double.url}/v1/payments/downtimes`, { headers: { Authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}` } }).then((r) => r.json())) as { items: { id: string; status: string }[] };
    expect(list.items).toEqual([expect.objectContaining({ id: downtime.id, entity: 'payment.downtime', method: 'netbanking', status: 'started', severity: 'high', instrument: { bank: 'HDFC' } })]);
    await post('/_double/downtimes', { id: downtime.id, severity: 'medium' });
    await post('/_double/downtimes', { id: downtime.id, status: 'resolved' });
    const events = received.map((r) => JSON.parse(r.rawBody) as { event: string; payload: Record<string, { entity: { severity: string; status: string } }> });
    expect(events.map((e) => e.event)).toEqual(['payment.downtime.started', 'payment.downtime.updated', 'payment.downtime.resolved']);
    expect(events[1]!.payload['payment.downtime']!.entity.severity).toBe('medium');
    expect((await post('/_double/downtimes', { method: 'teleport', severity: 'high' })).status).toBe(400);
  });
});
