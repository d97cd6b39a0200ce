/**
 * Upstash Redis REST bridge: speaks the HTTP protocol that `@upstash/redis` uses
 * and forwards every command to a real Redis, so the production client code runs
 * unchanged against a local Redis.
 *
 * Protocol (as implemented by @upstash/redis 1.x, pkg/http.ts):
 *   POST /            body ["CMD", ...args]        → {"result": ...} | 400 {"error": "..."}
 *   POST /pipeline    body [["CMD", ...], ...]     → [{"result": ...} | {"error": "..."}, ...]
 *   POST /multi-exec  same as /pipeline, run inside MULTI/EXEC
 *   GET  /ping        readiness check through to Redis → {"result": "PONG"}
 * With `Upstash-Encoding: base64` every string reply is base64 of its bytes.
 * Script flags that Upstash accepts but open-source Redis refuses (`#!lua flags=allow-key-locking`,
 * used by @upstash/ratelimit) are dropped before the script reaches Redis (see compatibleScript).
 *
 * Distance: UPSTASH_BRIDGE_DELAY_MS (or the `delayMs` option) holds every command request that
 * long before it runs, standing in for the round trip between a function's region and the store's
 * (docs/testing.md, "Distance"). GET /stats (authorised) answers the counters since start or the
 * last POST /stats/reset: requests, commands and the largest request body in bytes (Upstash
 * refuses a request over 1 MB), for the benchmarks (docs/performance.md).
 *
 * CLI: `npx tsx scripts/upstash-bridge.ts`
 *   (env UPSTASH_BRIDGE_PORT, REDIS_URL, UPSTASH_REDIS_REST_TOKEN, UPSTASH_BRIDGE_DELAY_MS).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { listen } from './listen';

export interface UpstashBridgeOptions {
  /** TCP port to listen on; 0 picks a free one. */
  port: number;
  /** Interface to bind; defaults to 127.0.0.1. */
  host?: string;
  /** The Redis that receives the commands, e.g. redis://127.0.0.1:6379. */
  redisUrl: string;
  /** Bearer token clients must send (UPSTASH_REDIS_REST_TOKEN). */
  token: string;
  /**
   * Called once per authorised command request before it runs, with its path ('/', '/pipeline'
   * or '/multi-exec') and how many Redis commands it carries (scripts/bench-functions.ts counts at the client instead).
   */
  onCommand?(path: string, commands: number): void;
  /** Simulated network delay per command request, ms; default UPSTASH_BRIDGE_DELAY_MS or 0. */
  delayMs?: number;
}

/** What the bridge has served since it started or since its last reset. */
export interface BridgeStats {
  /** HTTP requests that carried commands (each one round trip from the client). */
  requests: number;
  /** Redis commands in them (a pipeline counts each of its commands). */
  commands: number;
  /** The largest request body, bytes. */
  largestBodyBytes: number;
}

/** UPSTASH_BRIDGE_DELAY_MS as a whole number of ms (0 when unset); throws on anything else. */
export function delayFromEnv(name: string, value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds, not "${value}"`);
  return n;
}

export interface UpstashBridge {
  /** Base URL for `new Redis({ url })`, e.g. http://127.0.0.1:8079 (no trailing slash). */
  url: string;
  /** Stops accepting requests, drops open connections and disconnects from Redis. */
  close(): Promise<void>;
  /** The counters (a copy). */
  stats(): BridgeStats;
  /** Sets the counters back to zero. */
  resetStats(): void;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type CommandArgs = [string, ...string[]];
type Entry = { result: Json } | { error: string };

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * Commands that would change the state of the shared connection (pub/sub mode,
 * selected db, open transaction) or block it for every other request.
 */
const REJECTED_COMMANDS = new Set([
  'SUBSCRIBE', 'PSUBSCRIBE', 'SSUBSCRIBE', 'UNSUBSCRIBE', 'PUNSUBSCRIBE', 'SUNSUBSCRIBE', 'MONITOR',
  'SELECT', 'SWAPDB', 'QUIT', 'RESET', 'AUTH', 'HELLO', 'SYNC', 'PSYNC',
  'MULTI', 'EXEC', 'DISCARD', 'WATCH', 'UNWATCH',
  'BLPOP', 'BRPOP', 'BLMOVE', 'BRPOPLPUSH', 'BLMPOP', 'BZPOPMIN', 'BZPOPMAX', 'BZMPOP', 'WAIT', 'WAITAOF',
]);

/** A request-level failure answered as JSON with an HTTP status. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Redis answered with an error reply (as opposed to being unreachable). */
function isReplyError(err: unknown): err is Error {
  return err instanceof Error && err.name === 'ReplyError';
}

/**
 * Starts the bridge.
 * @returns its base URL and a close function. Redis is connected lazily: the bridge
 *   starts even when Redis is down, and requests then fail fast with
 *   500 {"error": "Redis unavailable: ..."} instead of hanging.
 * @throws when the HTTP port cannot be bound (e.g. EADDRINUSE).
 */
export async function startUpstashBridge(opts: UpstashBridgeOptions): Promise<UpstashBridge> {
  const host = opts.host ?? '127.0.0.1';
  const delayMs = opts.delayMs ?? delayFromEnv('UPSTASH_BRIDGE_DELAY_MS', process.env.UPSTASH_BRIDGE_DELAY_MS);
  let stats: BridgeStats = { requests: 0, commands: 0, largestBodyBytes: 0 };
  const expectedAuth = Buffer.from(`Bearer ${opts.token}`);

  const redis = new Redis(opts.redisUrl, {
    lazyConnect: true,
    // Queued commands would wait for a Redis that may never come back; fail instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // No background reconnect loop: the next request reconnects (see ensureConnected).
    retryStrategy: () => null,
  });
  let lastRedisError: Error | undefined;
  redis.on('error', (err: Error) => {
    lastRedisError = err;
  });

  let connecting: Promise<void> | undefined;
  const ensureConnected = async (): Promise<void> => {
    if (redis.status === 'ready') return;
    connecting ??= (async () => {
      try {
        if (redis.status === 'wait' || redis.status === 'end') {
          await redis.connect();
        } else {
          await waitUntilReady(redis, CONNECT_TIMEOUT_MS);
        }
      } catch (err) {
        // ioredis reports "Connection is closed."; the socket error says why.
        throw new HttpError(500, `Redis unavailable: ${(lastRedisError ?? (err as Error)).message}`);
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };

  const runOne = async (args: CommandArgs, base64: boolean): Promise<Json> => {
    await ensureConnected();
    const [name, ...rest] = args;
    try {
      return encodeReply(await redis.callBuffer(name, ...rest), base64);
    } catch (err) {
      throw toHttpError(err, 400);
    }
  };

  const runPipeline = async (commands: CommandArgs[], base64: boolean, atomic: boolean): Promise<Entry[]> => {
    await ensureConnected();
    const pipeline = atomic ? redis.multi() : redis.pipeline();
    for (const [name, ...rest] of commands) pipeline.callBuffer(name, ...rest);
    let results: [Error | null, unknown][] | null;
    try {
      results = await pipeline.exec();
    } catch (err) {
      // EXECABORT: a command was rejected while queueing, so nothing ran.
      const previous = (err as { previousErrors?: Error[] }).previousErrors ?? [];
      const detail = previous.map((e) => e.message).join('; ');
      throw toHttpError(err, 400, detail ? `${(err as Error).message} ${detail}` : undefined);
    }
    if (!results) throw new HttpError(500, 'Redis unavailable: transaction aborted');
    return results.map(([err, value]): Entry => {
      if (err && !isReplyError(err)) throw toHttpError(err, 500);
      return err ? { error: err.message } : { result: encodeReply(value, base64) };
    });
  };

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      const httpError = err instanceof HttpError ? err : new HttpError(500, (err as Error).message);
      sendJson(res, httpError.status, { error: httpError.message });
    });
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://bridge').pathname.replace(/\/+$/, '') || '/';

    if (req.method === 'GET' && path === '/ping') {
      req.resume();
      sendJson(res, 200, { result: await runOne(['PING'], false) });
      return;
    }
    if (!isAuthorized(req.headers.authorization, expectedAuth)) {
      req.resume();
      sendJson(res, 401, { error: 'Unauthorized' });
      return;
    }
    if (path === '/stats' || path === '/stats/reset') {
      req.resume();
      if (path === '/stats/reset' && req.method === 'POST') stats = { requests: 0, commands: 0, largestBodyBytes: 0 };
      sendJson(res, 200, { ...stats });
      return;
    }
    if (path !== '/' && path !== '/pipeline' && path !== '/multi-exec') {
      req.resume();
      sendJson(res, 404, { error: `Not found: ${req.method} ${path}` });
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      sendJson(res, 405, { error: `Method not allowed: ${req.method} ${path}` });
      return;
    }

    const { body, bytes } = await readJsonBody(req);
    stats.requests++;
    stats.largestBodyBytes = Math.max(stats.largestBodyBytes, bytes);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
    if (path === '/') {
      const command = toCommand(body);
      stats.commands++;
      opts.onCommand?.(path, 1);
      sendJson(res, 200, { result: await runOne(command, base64) });
      return;
    }
    if (!Array.isArray(body) || body.length === 0) {
      throw new HttpError(400, 'ERR the body must be a non-empty JSON array of commands');
    }
    const commands = body.map(toCommand);
    stats.commands += commands.length;
    opts.onCommand?.(path, commands.length);
    sendJson(res, 200, await runPipeline(commands, base64, path === '/multi-exec'));
  };

  const url = await listen(server, opts.port, host);

  let closing: Promise<void> | undefined;
  return {
    url,
    close: () => {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Clients use keep-alive; without this, close() waits for their idle sockets to time out.
        server.closeAllConnections();
        await closed;
        redis.disconnect();
      })();
      return closing;
    },
    stats: () => ({ ...stats }),
    resetStats: () => {
      stats = { requests: 0, commands: 0, largestBodyBytes: 0 };
    },
  };
}

/** Converts an ioredis buffer reply to the JSON that Upstash would send. */
function encodeReply(value: unknown, base64: boolean): Json {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return base64 ? value.toString('base64') : value.toString('utf8');
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return base64 ? Buffer.from(value).toString('base64') : value;
  if (Array.isArray(value)) return value.map((v) => encodeReply(v, base64));
  // A Lua script can return an error reply nested inside an array.
  if (value instanceof Error) return encodeReply(value.message, base64);
  return String(value);
}

/** Validates one command array and stringifies numbers/booleans as the Upstash API does. */
function toCommand(raw: unknown): CommandArgs {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new HttpError(400, 'ERR a command must be a non-empty JSON array, e.g. ["GET","key"]');
  }
  const args = raw.map((arg: unknown) => {
    if (typeof arg === 'string') return arg;
    if (typeof arg === 'number' || typeof arg === 'boolean') return String(arg);
    throw new HttpError(400, `ERR command arguments must be strings, numbers or booleans, got ${JSON.stringify(arg)}`);
  });
  // Upper case keeps ioredis's per-command transformers (keyed by lower-case name,
  // e.g. HGETALL → object) from reshaping replies that must stay raw arrays.
  const name = args[0]!.toUpperCase();
  if (REJECTED_COMMANDS.has(name)) {
    throw new HttpError(400, `ERR command ${name} is not supported by the Upstash bridge`);
  }
  const rest = args.slice(1);
  if ((name === 'EVAL' || name === 'EVAL_RO') && rest[0] !== undefined) rest[0] = compatibleScript(rest[0]);
  if ((name === 'EVALSHA' || name === 'EVALSHA_RO') && rest[0] !== undefined) rest[0] = rewrittenShas.get(rest[0].toLowerCase()) ?? rest[0];
  if (name === 'SCRIPT' && rest[0]?.toUpperCase() === 'LOAD' && rest[1] !== undefined) rest[1] = compatibleScript(rest[1]);
  return [name, ...rest];
}

/** Shebang flags Upstash's Redis accepts and open-source Redis 7 refuses ("Unexpected flag in script shebang"). */
const UPSTASH_ONLY_SCRIPT_FLAGS = new Set(['allow-key-locking']);
/** SHA1 of a script as the client sent it → SHA1 of the script Redis actually loaded. */
const rewrittenShas = new Map<string, string>();
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * Drops Upstash-only flags from a script's `#!lua flags=...` line. allow-key-locking only lets
 * Upstash lock the declared keys instead of the whole database; Redis runs every script under one
 * lock anyway, so dropping it keeps the script's meaning. The SHA mapping lets the client's later
 * EVALSHA of the original text find the rewritten script.
 */
function compatibleScript(script: string): string {
  const shebang = /^#!lua flags=([^\r\n]*)/.exec(script);
  if (!shebang) return script;
  const flags = shebang[1]!.split(',').map((f) => f.trim()).filter(Boolean);
  const kept = flags.filter((f) => !UPSTASH_ONLY_SCRIPT_FLAGS.has(f));
  if (kept.length === flags.length) return script;
  const rewritten = `${kept.length ? `#!lua flags=${kept.join(',')}` : '#!lua'}${script.slice(shebang[0].length)}`;
  rewrittenShas.set(sha1(script), sha1(rewritten));
  return rewritten;
}

function toHttpError(err: unknown, replyStatus: number, message?: string): HttpError {
  if (err instanceof HttpError) return err;
  if (isReplyError(err)) return new HttpError(replyStatus, message ?? err.message);
  return new HttpError(500, `Redis unavailable: ${(err as Error).message}`);
}

function isAuthorized(header: string | undefined, expected: Buffer): boolean {
  if (!header) return false;
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readJsonBody(req: http.IncomingMessage): Promise<{ body: unknown; bytes: number }> {
  const tooLarge = (): HttpError => new HttpError(413, `ERR request body exceeds ${MAX_BODY_BYTES} bytes`);
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      // Keep draining (not destroying) so the client reads the 413 instead of a reset.
      req.off('data', onData);
      req.resume();
      reject(tooLarge());
    };
    req.on('data', onData);
    req.once('error', reject);
    req.once('end', () => {
      if (size > MAX_BODY_BYTES) return;
      try {
        resolve({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown, bytes: size });
      } catch (err) {
        reject(new HttpError(400, `ERR failed to parse the request body as JSON: ${(err as Error).message}`));
      }
    });
  });
}

function sendJson(res: http.ServerResponse, status: number, body: Json | Entry[] | Entry): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function waitUntilReady(redis: Redis, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('end', onEnd);
    };
    const onReady = (): void => {
      cleanup();
      resolve();
    };
    const onEnd = (): void => {
      cleanup();
      reject(new Error('Connection is closed.'));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no connection within ${timeoutMs} ms`));
    }, timeoutMs);
    redis.on('ready', onReady);
    redis.on('end', onEnd);
  });
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  const bridge = await startUpstashBridge({
    port: Number(process.env.UPSTASH_BRIDGE_PORT ?? 8079),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    token: process.env.UPSTASH_REDIS_REST_TOKEN ?? 'local-dev-token',
  });
  const delay = delayFromEnv('UPSTASH_BRIDGE_DELAY_MS', process.env.UPSTASH_BRIDGE_DELAY_MS);
  if (delay) console.log(`[upstash-bridge] every command request waits ${delay} ms (UPSTASH_BRIDGE_DELAY_MS)`);
  console.log(`[upstash-bridge] Upstash REST API at ${bridge.url} → ${(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\/([^@/]*)@/, '//***@')}`);
  const shutdown = (): void => {
    void bridge.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
