/**
 * Runs the real @upstash/redis client against the Upstash bridge in front of a real
 * Redis (the one at $REDIS_URL, or a private redis-server started for the run).
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis as Upstash } from '@upstash/redis';
import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRedis, type EnsuredRedis } from '../../scripts/redis-local.ts';
import { startUpstashBridge, type UpstashBridge } from '../../scripts/upstash-bridge.ts';

const TOKEN = `test-token-${randomBytes(8).toString('hex')}`;
const PREFIX = `test:infra:bridge:${Date.now()}:${randomBytes(4).toString('hex')}:`;
const RUPEES = '₹ 8500 — ✓';

let redisServer: EnsuredRedis;
let bridge: UpstashBridge;
let direct: IORedis;

beforeAll(async () => {
  redisServer = await ensureRedis({ dataDir: path.join(os.tmpdir(), 'pesgre-infra-test-redis') });
  bridge = await startUpstashBridge({ port: 0, redisUrl: redisServer.url, token: TOKEN });
  direct = new IORedis(redisServer.url);
});

afterAll(async () => {
  if (direct) {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await direct.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    if (keys.length > 0) await direct.del(...keys);
    direct.disconnect();
  }
  await bridge?.close();
  await redisServer?.stop();
});

/** POSTs raw JSON to the bridge, for checks below the client's abstractions. */
async function raw(
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${bridge.url}${route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(res.headers.get('content-type')).toBe('application/json');
  return { status: res.status, json: await res.json() };
}

// The client batches concurrent commands into POST /pipeline by default (auto-pipelining);
// with it off, single commands go to POST /. Both paths and both encodings are covered.
const clientVariants = [
  { label: 'client defaults (base64, auto-pipelining)', scope: 'b64-auto', base64: true, autoPipelining: true },
  { label: 'responseEncoding: false', scope: 'plain-auto', base64: false, autoPipelining: true },
  { label: 'enableAutoPipelining: false', scope: 'b64-single', base64: true, autoPipelining: false },
  { label: 'both off', scope: 'plain-single', base64: false, autoPipelining: false },
];

describe.each(clientVariants)('@upstash/redis through the bridge, $label', ({ scope, base64, autoPipelining }) => {
  let redis: Upstash;
  const key = (name: string): string => `${PREFIX}${scope}:${name}`;

  beforeAll(() => {
    redis = new Upstash({
      url: bridge.url,
      token: TOKEN,
      retry: { retries: 0 },
      enableTelemetry: false,
      enableAutoPipelining: autoPipelining,
      ...(base64 ? {} : { responseEncoding: false }),
    });
  });

  it('sets and gets strings, including non-ASCII text, byte for byte', async () => {
    expect(await redis.set(key('str'), RUPEES)).toBe('OK');
    expect(await redis.get(key('str'))).toBe(RUPEES);
    expect(await direct.getBuffer(key('str'))).toEqual(Buffer.from(RUPEES, 'utf8'));
  });

  it('round-trips JSON objects (the client serialises them)', async () => {
    const registration = { name: 'Asha', fee: { amount: 850000, currency: 'INR' }, note: RUPEES };
    await redis.set(key('json'), registration);
    expect(await redis.get(key('json'))).toEqual(registration);
  });

  it('increments integers and returns numbers', async () => {
    expect(await redis.incr(key('counter'))).toBe(1);
    expect(await redis.incrby(key('counter'), 41)).toBe(42);
  });

  it('writes and reads hashes', async () => {
    expect(await redis.hset(key('hash'), { name: 'Asha', city: 'Bengaluru', note: RUPEES })).toBe(3);
    expect(await redis.hgetall(key('hash'))).toEqual({ name: 'Asha', city: 'Bengaluru', note: RUPEES });
  });

  it('writes and reads sorted sets', async () => {
    await redis.zadd(key('zset'), { score: 2, member: 'b' }, { score: 1, member: 'a' }, { score: 3, member: '✓' });
    expect(await redis.zrange(key('zset'), 0, -1)).toEqual(['a', 'b', '✓']);
    expect(await redis.zrange(key('zset'), 0, 0, { withScores: true })).toEqual(['a', 1]);
  });

  it('returns null for missing keys in MGET', async () => {
    await redis.set(key('m1'), 'one');
    expect(await redis.mget(key('m1'), key('missing'))).toEqual(['one', null]);
    expect(await redis.get(key('missing'))).toBeNull();
  });

  it('runs pipelines, with errors reported per command', async () => {
    const results = await redis
      .pipeline()
      .set(key('p'), 'v')
      .get(key('p'))
      .incr(key('p-count'))
      .exec();
    expect(results).toEqual(['OK', 'v', 1]);

    const withError = await redis.pipeline().incr(key('p')).get(key('p')).exec({ keepErrors: true });
    expect(withError[0]?.error).toMatch(/^ERR value is not an integer/);
    expect(withError[1]).toEqual({ error: undefined, result: 'v' });
  });

  it('runs MULTI/EXEC transactions', async () => {
    const results = await redis
      .multi()
      .set(key('tx'), 'start')
      .append(key('tx'), ` ${RUPEES}`)
      .get(key('tx'))
      .incr(key('tx-count'))
      .exec();
    expect(results).toEqual(['OK', Buffer.byteLength(`start ${RUPEES}`), `start ${RUPEES}`, 1]);
  });

  it('throws on an error reply', async () => {
    await redis.set(key('not-a-number'), 'abc');
    await expect(redis.incr(key('not-a-number'))).rejects.toThrow(/ERR value is not an integer/);
  });

  it('runs EVAL with keys, arguments and nested replies', async () => {
    const result = await redis.eval(
      "return {KEYS[1], ARGV[1], 42, {ARGV[2], 'ok'}, redis.call('SET', KEYS[1], ARGV[1])}",
      [key('eval')],
      [RUPEES, 'inner'],
    );
    expect(result).toEqual([key('eval'), RUPEES, 42, ['inner', 'ok'], 'OK']);
    expect(await redis.get(key('eval'))).toBe(RUPEES);
  });

  it('runs scripts by SHA and falls back to EVAL on NOSCRIPT', async () => {
    // A body unique to this run cannot be in the script cache yet. That stands in for
    // SCRIPT FLUSH, which would also flush the scripts of test files running in parallel.
    const body = `-- ${PREFIX}${scope}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`;
    const script = redis.createScript<number>(body);
    await expect(script.evalsha([key('script')], ['5'])).rejects.toThrow(/NOSCRIPT/);
    expect(await script.exec([key('script')], ['5'])).toBe(5);

    const sha = await redis.scriptLoad(body);
    expect(sha).toBe(script.sha1);
    expect(await redis.evalsha(sha, [key('script')], ['2'])).toBe(7);
  });
});

describe('bridge protocol details', () => {
  const key = (name: string): string => `${PREFIX}raw:${name}`;

  it('encodes every string reply as base64 when asked, keeping integers and nil', async () => {
    const b64 = { 'Upstash-Encoding': 'base64' };
    expect(await raw('/', ['SET', key('a'), RUPEES], b64)).toEqual({ status: 200, json: { result: 'T0s=' } });
    expect(await raw('/', ['GET', key('a')], b64)).toEqual({
      status: 200,
      json: { result: Buffer.from(RUPEES).toString('base64') },
    });
    expect(await raw('/', ['EVAL', "return {1, {'x', {'y'}}, false}", 0], b64)).toEqual({
      status: 200,
      json: { result: [1, ['eA==', ['eQ==']], null] },
    });
    expect(await raw('/', ['GET', key('a')])).toEqual({ status: 200, json: { result: RUPEES } });
  });

  it('is binary safe in base64 mode', async () => {
    const bytes = Buffer.from([0xff, 0x00, 0xfe, 0x0a, 0x80]);
    await direct.set(key('bin'), bytes);
    const { json } = await raw('/', ['GET', key('bin')], { 'Upstash-Encoding': 'base64' });
    expect(json).toEqual({ result: bytes.toString('base64') });
  });

  it('stringifies numbers and booleans in commands', async () => {
    expect((await raw('/', ['SET', key('n'), 12.5])).json).toEqual({ result: 'OK' });
    expect((await raw('/', ['APPEND', key('n'), true])).json).toEqual({ result: 8 });
    expect((await raw('/', ['GET', key('n')])).json).toEqual({ result: '12.5true' });
  });

  it('answers pipeline and multi-exec with one entry per command', async () => {
    const commands = [
      ['SET', key('p'), 'x'],
      ['INCR', key('p')],
      ['GET', key('p')],
    ];
    for (const route of ['/pipeline', '/multi-exec']) {
      const { status, json } = await raw(route, commands);
      expect(status).toBe(200);
      expect(json).toEqual([
        { result: 'OK' },
        { error: expect.stringMatching(/^ERR value is not an integer/) as unknown },
        { result: 'x' },
      ]);
    }
  });

  it('aborts the whole transaction when a command is rejected while queueing', async () => {
    const { status, json } = await raw('/multi-exec', [
      ['SET', key('aborted'), '1'],
      ['NOSUCHCOMMAND'],
    ]);
    expect(status).toBe(400);
    expect((json as { error: string }).error).toMatch(/^EXECABORT .*unknown command/);
    expect(await direct.exists(key('aborted'))).toBe(0);
  });

  it('passes NOSCRIPT through as an error', async () => {
    const { status, json } = await raw('/', ['EVALSHA', 'ffffffffffffffffffffffffffffffffffffffff', 0]);
    expect(status).toBe(400);
    expect((json as { error: string }).error).toMatch(/^NOSCRIPT /);
  });

  it('rejects missing and wrong tokens with 401 JSON', async () => {
    expect(await raw('/', ['PING'], { Authorization: '' })).toEqual({ status: 401, json: { error: 'Unauthorized' } });
    expect(await raw('/', ['PING'], { Authorization: 'Bearer nope' })).toEqual({
      status: 401,
      json: { error: 'Unauthorized' },
    });
    const wrong = new Upstash({ url: bridge.url, token: 'wrong-token', retry: { retries: 0 } });
    await expect(wrong.get(key('a'))).rejects.toThrow(/Unauthorized/);
  });

  it('answers malformed requests with JSON errors', async () => {
    const badJson = await raw('/', '{"not json');
    expect(badJson.status).toBe(400);
    expect((badJson.json as { error: string }).error).toMatch(/JSON/);

    expect((await raw('/', [])).status).toBe(400);
    expect((await raw('/', [['nested']])).status).toBe(400);
    expect((await raw('/pipeline', ['GET', 'x'])).status).toBe(400);
    expect((await raw('/', ['SUBSCRIBE', 'ch'])).status).toBe(400);

    const notFound = await raw('/nope', ['PING']);
    expect(notFound.status).toBe(404);
    expect(notFound.json).toHaveProperty('error');

    const tooLarge = await raw('/', ['SET', key('big'), 'x'.repeat(10 * 1024 * 1024 + 1)]);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toHaveProperty('error');
  });

  it('answers GET /ping without a token', async () => {
    const res = await fetch(`${bridge.url}/ping`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: 'PONG' });
  });
});

describe('bridge with Redis unreachable', () => {
  let deadBridge: UpstashBridge;

  beforeAll(async () => {
    deadBridge = await startUpstashBridge({
      port: 0,
      redisUrl: `redis://127.0.0.1:${await unusedPort()}`,
      token: TOKEN,
    });
  });
  afterAll(async () => {
    await deadBridge?.close();
  });

  it('fails fast with a JSON error, and the client throws', async () => {
    const client = new Upstash({ url: deadBridge.url, token: TOKEN, retry: { retries: 0 } });
    const started = Date.now();
    await expect(client.get('anything')).rejects.toThrow(/Redis unavailable/);
    await expect(client.pipeline().get('a').get('b').exec()).rejects.toThrow(/Redis unavailable/);
    const single = new Upstash({ url: deadBridge.url, token: TOKEN, retry: { retries: 0 }, enableAutoPipelining: false });
    await expect(single.set('anything', 'v')).rejects.toThrow(/Redis unavailable/);
    expect(Date.now() - started).toBeLessThan(3_000);

    const ping = await fetch(`${deadBridge.url}/ping`);
    expect(ping.status).toBe(500);
    expect(await ping.json()).toEqual({ error: expect.stringMatching(/^Redis unavailable: /) as unknown });
  });
});

/** A TCP port nothing listens on (bound and released by the OS just now). */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('distance and counters (docs/testing.md, "Distance")', () => {
  it('holds each command request for delayMs, and counts requests, commands and the largest body', async () => {
    const far = await startUpstashBridge({ port: 0, redisUrl: redisServer.url, token: TOKEN, delayMs: 120 });
    try {
      const client = new Upstash({ url: far.url, token: TOKEN, enableAutoPipelining: false });
      const t0 = performance.now();
      await client.set(`${PREFIX}far`, 'x'.repeat(1000));
      // A lower bound only: the request waited at least the delay before it ran.
      expect(performance.now() - t0).toBeGreaterThanOrEqual(115);
      const p = client.pipeline();
      p.get(`${PREFIX}far`);
      p.strlen(`${PREFIX}far`);
      p.exists(`${PREFIX}far`);
      expect(await p.exec()).toEqual(['x'.repeat(1000), 1000, 1]);
      const stats = far.stats();
      expect(stats).toMatchObject({ requests: 2, commands: 4 });
      expect(stats.largestBodyBytes).toBeGreaterThan(1000);
      // The same counters over HTTP, for a bench in another process; then reset.
      const res = await fetch(`${far.url}/stats`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(await res.json()).toEqual(stats);
      expect((await fetch(`${far.url}/stats`)).status).toBe(401);
      const reset = await fetch(`${far.url}/stats/reset`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(await reset.json()).toEqual({ requests: 0, commands: 0, largestBodyBytes: 0 });
    } finally {
      await far.close();
    }
  });

  it('refuses a delay that is not a whole number of milliseconds', async () => {
    const { delayFromEnv } = await import('../../scripts/upstash-bridge.ts');
    expect(delayFromEnv('UPSTASH_BRIDGE_DELAY_MS', undefined)).toBe(0);
    expect(delayFromEnv('UPSTASH_BRIDGE_DELAY_MS', '60')).toBe(60);
    expect(() => delayFromEnv('UPSTASH_BRIDGE_DELAY_MS', '60ms')).toThrow(/whole number/);
  });
});
