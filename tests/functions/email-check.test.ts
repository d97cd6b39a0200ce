/**
 * POST /api/registrations/email-check: yes or no for an address, read from the
 * per-address set the payment core writes (written here by the test), with the address
 * normalised (trimmed, lower-cased); nothing else about the registration; bad input 400; the
 * per-address rate limit 429; the store down 503.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import emailCheck from '../../netlify/functions/registrations-email-check';
import { emailHash } from '../../netlify/server/orders/finalise';
import { RATE_LIMITS } from '../../netlify/server/platform/rate-limit';
import { keys, redis } from '../../netlify/server/platform/store';
import { DEV, withStoreDown } from './helpers';

/** A fresh client address per test, so the tests never share a rate-limit window. */
const freshIp = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString('hex')}`;

async function check(body: unknown, ip = freshIp(), method = 'POST') {
  const req = new Request('http://localhost/api/registrations/email-check', {
    method,
    headers: { 'content-type': 'application/json' },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  const res = await emailCheck(req, { ip, ...DEV });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

const written: string[] = [];
afterAll(async () => {
  if (written.length) await redis().del(...written);
});

describe('POST /api/registrations/email-check', () => {
  it('answers registered: true for an address with a registration, whatever its case and spaces', async () => {
    const address = `Asha.${randomBytes(4).toString('hex')}@Example.org`;
    const key = keys.registrationsByEmail(emailHash(address));
    written.push(key);
    await redis().sadd(key, 'PESGRE25-ABCDEFGH');
    const r = await check({ email: `  ${address.toUpperCase()} ` });
    expect(r.status).toBe(200);
    // Only yes or no: no registration number, name or count.
    expect(r.body).toEqual({ registered: true });
    expect(emailHash(` ${address.toUpperCase()}`)).toBe(emailHash(address.toLowerCase()));
  });

  it('answers registered: false for an address without one (and writes nothing)', async () => {
    const address = `nobody.${randomBytes(4).toString('hex')}@example.org`;
    const r = await check({ email: address });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ registered: false });
    expect(await redis().exists(keys.registrationsByEmail(emailHash(address)))).toBe(0);
  });

  it('rejects a malformed address, extra fields and other methods', async () => {
    const bad = await check({ email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fieldErrors.email).toBe('Enter a valid e-mail address.');
    expect((await check({ email: 'a@b.org', regNo: 'x' })).status).toBe(400);
    const get = await check(undefined, freshIp(), 'GET');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('limits each client address to its window, then answers 429 with Retry-After', async () => {
    const ip = freshIp();
    const { requests } = RATE_LIMITS['email-check'];
    for (let i = 0; i < requests; i += 1) expect((await check({ email: 'a@b.org' }, ip)).status).toBe(200);
    const limited = await check({ email: 'a@b.org' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await check({ email: 'a@b.org' })).status).toBe(200);
  });

  it('answers 503 when the store is down', async () => {
    await withStoreDown('endpoint', async () => {
      const r = await check({ email: 'a@b.org' });
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('SERVICE_UNAVAILABLE');
    });
  });
});
