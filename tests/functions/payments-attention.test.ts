/**
 * GET /api/payments/attention: admin only, GET only, and the records the change-finalise code
 * writes (JSON AttentionPayment at attention:{paymentId}, indexed in attention:index by time in
 * ms) answered newest first, exactly as stored; index entries without a record are skipped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import attention from '../../netlify/functions/payments-attention';
import { listAttentionPayments } from '../../netlify/server/orders/attention';
import { keys, redis } from '../../netlify/server/platform/store';
import type { AttentionPayment } from '../../src/shared/api';
import { apiPaths } from '../../src/shared/api-paths';
import { call } from './helpers';
import { adminHeaders } from './helpers-admin';

const older: AttentionPayment = {
  paymentId: 'pay_attnOLDER001',
  orderId: 'order_attnOLDER001',
  kind: 'ieee-change',
  registrationNumber: 'PESGRE25-AAAA2222',
  amount: 2360,
  currency: 'INR',
  reason: 'The registration was already changed by another payment.',
  at: '2025-11-10T04:30:00.000Z',
};
const newer: AttentionPayment = {
  paymentId: 'pay_attnNEWER002',
  orderId: 'order_attnNEWER002',
  kind: 'tier-upgrade',
  registrationNumber: 'PESGRE25-BBBB3333',
  amount: 120.5,
  currency: 'USD',
  reason: 'The registration is no longer a student tier.',
  at: '2025-11-10T05:45:00.000Z',
};

/** Writes a record the way the writer does: the JSON at its key, the id in the index scored by `at` in ms. */
async function write(p: AttentionPayment) {
  await redis().set(keys.attention(p.paymentId), JSON.stringify(p));
  await redis().zadd(keys.attentionIndex(), { score: Date.parse(p.at), member: p.paymentId });
}

afterEach(async () => {
  await redis().del(keys.attentionIndex(), keys.attention(older.paymentId), keys.attention(newer.paymentId));
});

describe('GET /api/payments/attention', () => {
  it('is served at the shared path', async () => {
    const { config } = await import('../../netlify/functions/payments-attention');
    expect(config.path).toBe(apiPaths.paymentsAttention);
  });

  it('refuses a request without a token (401) and with a bad one', async () => {
    const none = await call(attention);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED');
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    const bad = await call(attention, { headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('INVALID_TOKEN');
  });

  it('answers 405 with Allow for POST', async () => {
    const r = await call(attention, { method: 'POST', body: {}, headers: await adminHeaders() });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
    expect(r.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers an empty list when nothing needs attention', async () => {
    const r = await call(attention, { headers: await adminHeaders() });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it('answers every record newest first, exactly as stored, uncached', async () => {
    await write(older);
    await write(newer);
    const r = await call(attention, { headers: await adminHeaders() });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual([newer, older]);
  });

  it('skips index entries whose record is missing', async () => {
    await write(older);
    await write(newer);
    await redis().zadd(keys.attentionIndex(), { score: Date.parse(newer.at) + 1000, member: 'pay_attnGONE0003' });
    await redis().del(keys.attention(older.paymentId));
    expect(await listAttentionPayments()).toEqual([newer]);
  });
});
