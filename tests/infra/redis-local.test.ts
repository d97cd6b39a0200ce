/**
 * ensureRedis: reuses a running Redis, or starts a private redis-server whose data
 * survives a restart. Needs a redis-server binary on PATH for the start/restart case.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRedis, pingRedis } from '../../scripts/redis-local.ts';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pesgre-redis-local-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('ensureRedis', () => {
  it('reuses a Redis that already answers PING', async () => {
    const first = await ensureRedis({ dataDir });
    try {
      const again = await ensureRedis({ redisUrl: first.url, dataDir });
      expect(again).toMatchObject({ url: first.url, started: false });
      await again.stop();
      expect(await pingRedis(first.url)).toBe(true);
    } finally {
      await first.stop();
    }
  });

  it('starts redis-server when nothing listens, and the data survives a restart', async () => {
    const url = `redis://127.0.0.1:${await unusedPort()}`;
    const messages: string[] = [];
    const started = await ensureRedis({ redisUrl: url, dataDir, log: (m) => messages.push(m) });
    expect(started).toMatchObject({ url, started: true });
    expect(messages.join('\n')).toMatch(/Starting .*redis-server/);

    const client = new Redis(url);
    await client.set('survives', '₹ 8500 — ✓');
    client.disconnect();
    await started.stop();
    expect(await pingRedis(url)).toBe(false);

    const restarted = await ensureRedis({ redisUrl: url, dataDir });
    try {
      expect(restarted.started).toBe(true);
      const reader = new Redis(url);
      expect(await reader.get('survives')).toBe('₹ 8500 — ✓');
      reader.disconnect();
    } finally {
      await restarted.stop();
    }
  });

  it('explains how to install Redis when redis-server is missing', async () => {
    const savedPath = process.env.PATH;
    process.env.PATH = path.join(dataDir, 'no-binaries-here');
    try {
      await expect(
        ensureRedis({ redisUrl: `redis://127.0.0.1:${await unusedPort()}`, dataDir }),
      ).rejects.toThrow(/redis-server not found\. Install it .*apt-get install -y redis-server.*brew install redis.*REDIS_URL/);
    } finally {
      process.env.PATH = savedPath;
    }
  });
});

async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
