/**
 * The local dev server (`npm start`, scripts/dev-functions.ts) against its real stack (docs/development.md#the-dev-function-runtime;
 * docs/security.md#rate-limits-and-the-client-address for the local client address; scheduled functions):
 *  - context.ip is the TCP peer's address: a client-set X-Forwarded-For does not change it;
 *  - scheduled functions have no URL, as in production;
 *  - a client that aborts a request mid-body, or mid-answer, does not stop the server;
 *  - calls to one function run side by side.
 */
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFunctionFiles } from '../../scripts/dev-functions';
import { startStack, type Stack } from './stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 300_000);
afterAll(async () => {
  await stack?.stop();
});

/** The audit entries the app wrote under this stack's key prefix, newest first. */
async function auditEntries(): Promise<Array<{ action: string; details?: { address?: string } }>> {
  const raw = await stack.redis.lrange<unknown>(`${stack.keyPrefix}audit`, 0, -1);
  return raw.map((e) => (typeof e === 'string' ? JSON.parse(e) : e) as { action: string; details?: { address?: string } });
}

describe('the client address (context.ip)', () => {
  it('comes from the socket: a changed X-Forwarded-For does not change it', async () => {
    for (const forwarded of ['203.0.113.7', '198.51.100.23, 10.0.0.1']) {
      const res = await fetch(`${stack.appUrl}/api/admin-auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded, 'x-nf-client-connection-ip': forwarded.split(',')[0]! },
        body: JSON.stringify({ password: 'not-the-password' }),
      });
      expect(res.status).toBe(401);
    }
    const failed = (await auditEntries()).filter((e) => e.action === 'admin.login-failed');
    expect(failed).toHaveLength(2);
    // localhost resolves to 127.0.0.1 or ::1 here; either way the loopback peer, never the header.
    for (const entry of failed) expect(['127.0.0.1', '::1']).toContain(entry.details?.address);
  });
});

describe('scheduled functions', () => {
  const dir = path.resolve(import.meta.dirname, '../../netlify/functions');
  const scheduled = ['mail-retry', 'reconcile-payments', 'programme-notices'];

  it('are the functions with config.schedule', async () => {
    const names = listFunctionFiles(dir).map(([name]) => name);
    for (const name of scheduled) expect(names).toContain(name);
    for (const name of scheduled) expect((await import(`../../netlify/functions/${name}.ts`)).config.schedule).toBeTruthy();
  });

  it('cannot be invoked by URL, by GET or POST, at their default path or any /api guess', async () => {
    for (const name of scheduled) {
      for (const url of [`/.netlify/functions/${name}`, `/api/${name}`]) {
        for (const method of ['GET', 'POST']) {
          const res = await fetch(`${stack.appUrl}${url}`, { method, headers: { accept: 'application/json' }, body: method === 'POST' ? '{}' : undefined });
          const text = await res.text();
          // Not the function's run report ({due, sent, ...} or {error}): the site's fallback or a 404.
          expect(res.headers.get('content-type') ?? '').not.toContain('application/json');
          expect(text).not.toMatch(/"(due|sent|checked|reconciled|error)"/);
        }
      }
    }
  });
});

/**
 * Sends the head of a request whose body is longer than what is sent, waits until the bytes are on
 * the wire, then destroys the socket: the server sees a request aborted mid-body.
 */
function abortMidBody(url: string, sent: string, declaredLength: number): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(declaredLength) } });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.flushHeaders();
    req.write(sent, () => req.destroy());
  });
}

describe('aborted requests', () => {
  it('a client that aborts mid-body, or mid-answer, does not stop the server', async () => {
    const endpoints = ['/api/coupons/verify', '/api/payment/create-order', '/api/verification/verify-qr', '/api/admin-auth/login', '/api/payment/webhook'];
    for (let round = 0; round < 3; round++) {
      await Promise.all(endpoints.map((p) => abortMidBody(`${stack.appUrl}${p}`, '{"code":"PESG', 4096)));
    }
    // Aborted while the answer streams: the home page, read for one chunk then dropped.
    const controller = new AbortController();
    const page = await fetch(`${stack.appUrl}/`, { signal: controller.signal });
    await page.body?.getReader().read();
    controller.abort();

    // Still serving: the site, a function, and a complete request to an endpoint that saw aborts.
    expect((await fetch(`${stack.appUrl}/api`)).status).toBe(200);
    const verify = await fetch(`${stack.appUrl}/api/coupons/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'PESGRE-HALF' }) });
    expect(verify.status).toBe(200);
    expect(stack.output()).not.toMatch(/Vite exited|stopping the local stack/);
  });
});

describe('netlify.toml on the dev server', () => {
  it("puts the site's headers on pages (without the CSP Vite's dev pages cannot meet), not on functions, and keeps the SPA fallback", async () => {
    const page = await fetch(`${stack.appUrl}/admin/registrations`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(page.headers.get('content-security-policy')).toBeNull();
    const api = await fetch(`${stack.appUrl}/api`);
    expect(api.headers.get('x-frame-options')).toBeNull();
  });
});

describe('concurrency', () => {
  it('calls to one function run side by side: a request held open does not block the next one', async () => {
    // A create-order whose body never completes stays inside the function (reading its body); a
    // second call to the same function answers meanwhile. A per-function queue would hang it.
    const held = httpRequest(`${stack.appUrl}/api/payment/create-order`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '4096' } });
    held.on('error', () => {});
    held.flushHeaders();
    await new Promise<void>((r) => held.write('{"amount":', () => r()));
    try {
      const res = await fetch(`${stack.appUrl}/api/payment/create-order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(400);
    } finally {
      held.destroy();
    }
  });
});
