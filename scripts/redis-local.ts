/**
 * Makes sure a real Redis is reachable for local development and tests.
 *
 * If something already answers PING at the configured URL it is used as is;
 * otherwise a private `redis-server` is started on that host/port with an
 * append-only file in `dataDir`, so registrations survive a restart.
 *
 * CLI: `npx tsx scripts/redis-local.ts` (env REDIS_URL, REDIS_DATA_DIR).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
const PING_INTERVAL_MS = 100;

export interface EnsureRedisOptions {
  /** Redis URL to use or start on; defaults to $REDIS_URL, then redis://127.0.0.1:6379. */
  redisUrl?: string;
  /** Directory for the append-only file and snapshots of a Redis we start (created if missing). */
  dataDir: string;
  /** Progress messages; silent when omitted. */
  log?: (message: string) => void;
}

export interface EnsuredRedis {
  /** URL of the Redis that answered PING. */
  url: string;
  /** True when this call spawned `redis-server`; false when an existing Redis was reused. */
  started: boolean;
  /** Shuts down the Redis this call started (graceful, then forced after 5 s); no-op when reused. */
  stop(): Promise<void>;
}

/**
 * Checks whether a Redis answers PING at `url`.
 * @param url redis:// URL (credentials and db index are honoured).
 * @param timeoutMs connect timeout in milliseconds.
 * @returns true on a PONG, false on any failure (refused, timeout, auth error). Never throws.
 */
export async function pingRedis(url: string, timeoutMs = 1_000): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    // A probe must give a yes/no answer, not keep reconnecting in the background.
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // Without a listener ioredis prints "Unhandled error event" for the expected refusals.
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * Returns a running Redis: the one at `redisUrl` if it answers PING, otherwise a
 * `redis-server` started on that URL's host and port (append-only persistence in `dataDir`).
 * @throws Error with install instructions when `redis-server` is not on PATH; Error when the
 *   server exits early (e.g. port taken by something that is not Redis) or does not answer
 *   PING within 10 s; Error for rediss:// URLs, which cannot be started locally.
 */
export async function ensureRedis(opts: EnsureRedisOptions): Promise<EnsuredRedis> {
  const url = opts.redisUrl ?? process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const log = opts.log ?? (() => {});

  if (await pingRedis(url)) {
    log(`Using the Redis already running at ${redactUrl(url)}`);
    return { url, started: false, stop: async () => {} };
  }

  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:') {
    throw new Error(`No Redis answers at ${redactUrl(url)}, and only redis:// URLs can be started locally.`);
  }
  const binary = await findOnPath('redis-server');
  if (!binary) {
    throw new Error(
      'redis-server not found. Install it (Debian/Ubuntu: sudo apt-get install -y redis-server; ' +
        'macOS: brew install redis) or set REDIS_URL to a running Redis.',
    );
  }

  const dataDir = path.resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  const port = parsed.port || '6379';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  const args = [
    '--port', port,
    // redis-server wants an address to bind; "localhost" is what people type in URLs.
    '--bind', host === 'localhost' ? '127.0.0.1' : host,
    '--dir', dataDir,
    // The AOF is what lets data survive a restart of this private server.
    '--appendonly', 'yes',
    '--daemonize', 'no',
  ];
  if (parsed.password) args.push('--requirepass', decodeURIComponent(parsed.password));

  log(`Starting ${binary} on ${host}:${port} (data in ${dataDir})`);
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureTail(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));

  // A crash of the parent must not leave an orphaned server holding the port.
  const killOnExit = (): void => {
    child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);

  const deadline = Date.now() + START_TIMEOUT_MS;
  let childGone: string | undefined;
  void exited.then((code) => (childGone = `redis-server exited with code ${code}`));
  void spawnFailed.then((err) => (childGone = `could not run redis-server: ${err.message}`));

  while (!(await pingRedis(url, 500))) {
    if (childGone) {
      process.removeListener('exit', killOnExit);
      throw new Error(`${childGone} before answering PING.\n${output()}`);
    }
    if (Date.now() > deadline) {
      process.removeListener('exit', killOnExit);
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer PING within ${START_TIMEOUT_MS / 1000} s.\n${output()}`);
    }
    await sleep(PING_INTERVAL_MS);
  }
  log(`Redis started at ${redactUrl(url)} (pid ${child.pid})`);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGTERM is Redis's graceful SHUTDOWN: it flushes the AOF before exiting.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      log('Redis stopped');
    })();
    return stopping;
  };
  return { url, started: true, stop };
}

/** Finds an executable by name in $PATH; returns its absolute path or undefined. */
async function findOnPath(name: string): Promise<string | undefined> {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      await access(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/** Keeps the last lines of the child's output so a failed start can say why. */
function captureTail(child: ChildProcess, maxLines = 20): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer): void => {
    lines.push(...chunk.toString('utf8').split('\n').filter((l) => l.trim() !== ''));
    lines.splice(0, Math.max(0, lines.length - maxLines));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^@/]*)@/, '//***@');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  const log = (m: string): void => console.log(`[redis-local] ${m}`);
  try {
    const redis = await ensureRedis({ dataDir: process.env.REDIS_DATA_DIR ?? '.data/redis', log });
    if (redis.started) {
      log('Press Ctrl+C to stop.');
      const shutdown = (): void => {
        void redis.stop().then(() => process.exit(0));
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    }
  } catch (err) {
    console.error(`[redis-local] ${(err as Error).message}`);
    process.exit(1);
  }
}
