/**
 * The registrations list and the CSV export are streamed page by page as the store is read
 * (docs/performance.md#budgets: at 20,000 registrations a buffered CSV passes Netlify's 6 MB limit): several pages of
 * registrations arrive in several chunks, in index order, exactly as stored; an export the client
 * abandons is still audited; a store that fails before the first byte answers 503, and one that
 * fails later cuts the transfer instead of ending a short file as if it were whole. A client that
 * accepts gzip gets both gzipped (Netlify's 20 MB cap on a streamed response counts the bytes sent).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import list from '../../netlify/functions/registrations-list';
import exportCsv from '../../netlify/functions/registrations-export';
import { registrationFromOrder } from '../../netlify/server/orders/finalise';
import { ServiceUnavailableError } from '../../netlify/server/platform/http';
import { PAGE_SIZE, openRegistrationPages, type Registration } from '../../netlify/server/registrations';
import { keys, redis } from '../../netlify/server/platform/store';
import { computeCharges, pricing } from '../../src/shared/pricing';
import { DEV, STANDARD_DAY, call, pinClock, validForm, withStoreDown } from './helpers';
import { adminHeaders } from './helpers-admin';

/** More than two pages, the last one partial. */
const COUNT = 2 * PAGE_SIZE + 234;
const base = Date.parse('2025-10-01T00:00:00Z');

/** Everything this file stored, oldest first. */
const stored: Registration[] = [];

beforeAll(async () => {
  pinClock(STANDARD_DAY);
  // Written straight into the store in pipelined batches: the flow's own writes are covered elsewhere.
  for (let from = 0; from < COUNT; from += 500) {
    const p = redis().pipeline();
    for (let i = from; i < Math.min(COUNT, from + 500); i++) {
      const form = validForm({ firstName: `Delegate${i}`, email: `d${i}@example.org`, verifyEmail: `d${i}@example.org`, organization: i % 50 ? 'Lab' : 'Lab "Alpha", Unit 2\nSecond line' });
      const charges = computeCharges(pricing, form, null);
      const at = new Date(base + i * 60_000);
      const regNo = `PESGRE25-S${String(i).padStart(7, '0')}`;
      const reg = registrationFromOrder({ kind: 'registration', orderId: `order_s${i}`, form, charges, couponCode: null, couponType: null, currency: 'INR', createdAt: at.toISOString() }, regNo, `pay_s${i}`, at);
      stored.push(reg);
      p.set(keys.registration(regNo), JSON.stringify(reg));
      p.zadd(keys.registrationIndex(), { score: at.getTime(), member: regNo });
    }
    await p.exec();
  }
});

beforeEach(() => pinClock(STANDARD_DAY));

/** Reads a response body chunk by chunk. */
async function chunksOf(res: Response): Promise<Uint8Array[]> {
  const reader = res.body!.getReader();
  const out: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');

describe('streamed registrations list', () => {
  it('sends every registration, oldest first, exactly as stored, in several chunks', async () => {
    const res = await list(new Request('http://localhost/api/registrations', { headers: await adminHeaders() }), DEV);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const chunks = await chunksOf(res);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(text(chunks))).toEqual(stored);
  });

  it('gzips the list for a client that accepts it, streamed, with the same registrations', async () => {
    const headers = { ...(await adminHeaders()), 'Accept-Encoding': 'br;q=1.0, gzip;q=0.8, *;q=0.1' };
    const res = await list(new Request('http://localhost/api/registrations', { headers }), DEV);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('application/json');
    const chunks = await chunksOf(res);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const zipped = Buffer.concat(chunks);
    const plain = gunzipSync(zipped);
    expect(JSON.parse(plain.toString('utf8'))).toEqual(stored);
    expect(zipped.length).toBeLessThan(plain.length / 5);
  });

  it('sends the list uncompressed when gzip is refused (q=0) or not offered', async () => {
    for (const acceptEncoding of ['gzip;q=0, identity', 'br', 'identity']) {
      const headers = { ...(await adminHeaders()), 'Accept-Encoding': acceptEncoding };
      const res = await list(new Request('http://localhost/api/registrations', { headers }), DEV);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect((JSON.parse(text(await chunksOf(res))) as unknown[]).length).toBe(COUNT);
    }
  });

  it('an admin who leaves while the list streams (plain or gzipped) is not an error in the log', async () => {
    const logged = vi.spyOn(console, 'error');
    try {
      for (const acceptEncoding of ['identity', 'gzip']) {
        const headers = { ...(await adminHeaders()), 'Accept-Encoding': acceptEncoding };
        const res = await list(new Request('http://localhost/api/registrations', { headers }), DEV);
        const reader = res.body!.getReader();
        expect((await reader.read()).done).toBe(false);
        await reader.cancel();
      }
      // What the abandoned streams still had in flight (a page read ahead, the gzip stage) settles.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(logged.mock.calls).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });

  it('answers 503 when the store is down before the first byte', async () => {
    const headers = await adminHeaders();
    for (const mode of ['endpoint', 'redis'] as const) {
      const r = await withStoreDown(mode, () => call(list, { headers }));
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('SERVICE_UNAVAILABLE');
    }
  });

  it('fails the read (not a shorter list) when the store goes away after the first page', async () => {
    const { indexed, pages } = await openRegistrationPages(100);
    expect(indexed).toBe(COUNT);
    const first = await pages.next();
    expect(first.value).toHaveLength(100);
    await withStoreDown('endpoint', async () => {
      // The pages already requested ahead may still arrive; a later one cannot.
      await expect((async () => {
        for await (const _page of pages) { /* read on */ }
      })()).rejects.toBeInstanceOf(ServiceUnavailableError);
    });
  });
});

describe('streamed CSV export', () => {
  it('sends the header and one row per registration in several chunks, and audits the count', async () => {
    const res = await exportCsv(new Request('http://localhost/api/registrations/export', { headers: await adminHeaders() }), DEV);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="registrations_${STANDARD_DAY.slice(0, 10)}.csv"`);
    const chunks = await chunksOf(res);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const rows = parse(text(chunks), { bom: true }) as string[][];
    expect(rows).toHaveLength(COUNT + 1);
    expect(rows.slice(1).map((r) => r[0])).toEqual(stored.map((r) => r.registrationNumber));
    expect(rows[1]![2]).toBe('Lab "Alpha", Unit 2\nSecond line');
    const audit = await redis().lrange<{ action: string; details: Record<string, unknown> }>(keys.audit(), 0, 0);
    expect(audit[0]).toMatchObject({ action: 'registrations.exported', details: { count: COUNT } });
  });

  it('gzips the CSV for a client that accepts it, and audits an abandoned gzipped export as incomplete', async () => {
    const headers = { ...(await adminHeaders()), 'Accept-Encoding': 'gzip, deflate' };
    const res = await exportCsv(new Request('http://localhost/api/registrations/export', { headers }), DEV);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="registrations_${STANDARD_DAY.slice(0, 10)}.csv"`);
    const rows = parse(gunzipSync(Buffer.concat(await chunksOf(res))).toString('utf8'), { bom: true }) as string[][];
    expect(rows).toHaveLength(COUNT + 1);
    expect(rows.slice(1).map((r) => r[0])).toEqual(stored.map((r) => r.registrationNumber));

    const abandoned = await exportCsv(new Request('http://localhost/api/registrations/export', { headers }), DEV);
    const reader = abandoned.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await expect
      .poll(async () => (await redis().lrange<{ action: string; details: { count: number; incomplete?: boolean } }>(keys.audit(), 0, 0))[0])
      .toMatchObject({ action: 'registrations.exported', details: { incomplete: true } });
  });

  it('audits an export the client abandons after the first chunk, as incomplete', async () => {
    const res = await exportCsv(new Request('http://localhost/api/registrations/export', { headers: await adminHeaders() }), DEV);
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const audit = await redis().lrange<{ action: string; details: { count: number; incomplete?: boolean } }>(keys.audit(), 0, 0);
    expect(audit[0]).toMatchObject({ action: 'registrations.exported', details: { incomplete: true } });
    expect(audit[0]!.details.count).toBeLessThan(COUNT);
  });
});
