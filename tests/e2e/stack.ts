/**
 * Starts the site exactly as `npm start` does (scripts/start.ts: Redis, Upstash bridge,
 * Razorpay double, Vite with the Netlify functions) on free ports with its own Redis key prefix,
 * its own e-mail outbox and Netlify Blobs folder (temporary, removed by stop()), and launches
 * Chromium through playwright-core (scripts/chromium.ts picks which). Nothing of one stack is
 * shared with another but the Redis at REDIS_URL (keys under their own prefix): e2e files run
 * side by side (docs/testing.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from '@upstash/redis';
import { chromium, type Browser } from 'playwright-core';
import { chromiumFlags, resolveChromium } from '../../scripts/chromium';

export interface Stack {
  appUrl: string;
  doubleUrl: string;
  bridgeUrl: string;
  keyPrefix: string;
  redis: Redis;
  stop(): Promise<void>;
  /** Everything the stack printed, for failure messages. */
  output(): string;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function waitFor(url: string, child: ChildProcess, out: () => string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`stack exited early (${child.exitCode}):\n${out()}`);
    try {
      // The first call builds the function, which can take a while on a busy machine; each try is bounded so the deadline holds.
      const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(1_000, Math.min(30_000, deadline - Date.now()))) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`stack not ready at ${url} within ${timeoutMs} ms:\n${out()}`);
}

/**
 * Starts the local stack; `env` adds or overrides variables (e.g. APP_NOW, MAIL_OUTBOX_DIR). The
 * Redis is the one at REDIS_URL (in an e2e run, the one tests/setup/e2e-run.ts made sure of).
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const [port, doublePort, bridgePort] = [await freePort(), await freePort(), await freePort()];
  const keyPrefix = `e2e:${randomBytes(4).toString('hex')}:`;
  const root = path.resolve(import.meta.dirname, '../..');
  // The stack's own files (e-mails, uploaded proofs, the double's payments), so that stacks running
  // side by side never share a folder, and never the developer's .data/.
  const scratch = await mkdtemp(path.join(tmpdir(), 'pesgre-e2e-stack-'));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      RAZORPAY_DOUBLE_PORT: String(doublePort),
      UPSTASH_BRIDGE_PORT: String(bridgePort),
      KEY_PREFIX: keyPrefix,
      RAZORPAY_DOUBLE_DATA_FILE: path.join(scratch, 'razorpay-double.json'),
      MAIL_OUTBOX_DIR: path.join(scratch, 'outbox'),
      BLOBS_DATA_DIR: path.join(scratch, 'blobs'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let stopping = false;
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  // A stack that dies mid-file fails every later test with "connection refused": say why.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[stack] exited unexpectedly (code ${code}, signal ${signal}); its last output:\n${log.slice(-4000)}`);
  });
  const appUrl = `http://localhost:${port}`;
  try {
    await waitFor(`${appUrl}/api`, child, () => log);
  } catch (err) {
    // A stack that never got ready is still running (Vite, the bridge, the double): stop it, or it
    // keeps its ports and loads the machine long after the test file failed.
    stopping = true;
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // A Vite that never answered may not finish a graceful stop either.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(scratch, { recursive: true, force: true });
    throw err;
  }
  const bridgeUrl = `http://127.0.0.1:${bridgePort}`;
  return {
    appUrl,
    doubleUrl: `http://127.0.0.1:${doublePort}`,
    bridgeUrl,
    keyPrefix,
    redis: new Redis({ url: bridgeUrl, token: process.env.UPSTASH_REDIS_REST_TOKEN || 'local-dev-token', enableTelemetry: false }),
    output: () => log,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Launches headless Chromium through playwright-core: CHROMIUM_PATH, else the system Chromium, else
 * the one @sparticuz/chromium ships (scripts/chromium.ts), with the flags this machine needs plus `extraArgs`.
 */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const { executablePath, env } = await resolveChromium();
  return chromium.launch({ executablePath, env: { ...process.env, ...env }, headless: true, args: [...chromiumFlags, ...extraArgs] });
}
