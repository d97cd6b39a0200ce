/**
 * What the `netlify` test project runs against (docs/testing.md#npm-run-testnetlify,
 * decision 001): the project's own stand-ins, started here on free ports,
 *   - a private redis-server (scripts/redis-local.ts) with its data in a temporary folder, so the
 *     tests can count every key the served functions wrote, under production key names, without
 *     touching the machine's shared Redis;
 *   - the Upstash REST bridge in front of it (scripts/upstash-bridge.ts);
 *   - the Razorpay test double (scripts/razorpay-double.ts);
 *   - a real SMTP receiver (smtp-server) that keeps each message;
 * and Netlify's own CLI (`netlify serve` or `netlify dev`, from scripts/netlify-tools.ts) on
 * Node 22 in the project folder, with the functions' environment pointing at those stand-ins.
 *
 * The CLI writes where it does for any user: dist/ (the build) and .netlify/ (bundled functions,
 * its state), both git-ignored.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis as IORedis } from 'ioredis';
import { ensureNetlifyTools, type NetlifyTools } from '../../scripts/netlify-tools';
import { ensureRedis } from '../../scripts/redis-local';
import { startRazorpayDouble } from '../../scripts/razorpay-double';
import { startUpstashBridge } from '../../scripts/upstash-bridge';
import { startSmtpReceiver, type SmtpReceiver } from '../setup/mail-receiver';
import { testSecrets } from '../setup/secrets';

export const root = path.resolve(import.meta.dirname, '../..');

/** A loopback port nothing listens on right now (bound and released). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** The secrets and settings the served functions get; test-only values. */
export const servedSecrets = {
  ...testSecrets,
  /**
   * A plain ADMIN_PASSWORD beside the hash. Production rules (any deploy context but `dev`) must
   * refuse it: signing in with it is the test that they apply.
   */
  plainAdminPassword: 'plain-admin-password-for-dev-only',
  mailFrom: 'PESGRE 2025 <no-reply@pesgre2025.test>',
} as const;

/** The HMAC a ticket QR carries for `regNo` (netlify/server/tickets.ts), computed here with the key the test gave the site. */
export function expectedTicketSignature(regNo: string): string {
  return createHmac('sha256', servedSecrets.ticketSigningKey).update(regNo, 'utf8').digest('base64url');
}

export { decodeQrPng, messagesFor, type SmtpReceiver } from '../setup/mail-receiver';

export interface StandIns {
  /** redis://127.0.0.1:{port} of the private redis-server. */
  redisUrl: string;
  /** A direct client of that Redis, for the tests' own checks. */
  redis: IORedis;
  bridgeUrl: string;
  doubleUrl: string;
  smtp: SmtpReceiver;
  /** The variables that point the functions at the stand-ins (Upstash, Razorpay, SMTP). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts the private Redis, the bridge, the Razorpay double and the SMTP receiver on free ports. */
export async function startStandIns(): Promise<StandIns> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pesgre-netlify-redis-'));
  const redisUrl = `redis://127.0.0.1:${await freePort()}`;
  const redisServer = await ensureRedis({ redisUrl, dataDir });
  const bridge = await startUpstashBridge({ port: 0, redisUrl, token: servedSecrets.bridgeToken });
  // Each webhook names the served site's URL when it is sent (/_double/webhook's webhookUrl).
  const double = await startRazorpayDouble({
    port: 0,
    keyId: servedSecrets.keyId,
    keySecret: servedSecrets.keySecret,
    webhookSecret: servedSecrets.webhookSecret,
    webhookUrl: 'http://127.0.0.1:9/unused',
  });
  const smtp = await startSmtpReceiver();
  const redis = new IORedis(redisUrl, { maxRetriesPerRequest: 1 });
  return {
    redisUrl,
    redis,
    bridgeUrl: bridge.url,
    doubleUrl: double.url,
    smtp,
    env: {
      UPSTASH_REDIS_REST_URL: bridge.url,
      UPSTASH_REDIS_REST_TOKEN: servedSecrets.bridgeToken,
      RAZORPAY_API_BASE_URL: double.url,
      RAZORPAY_KEY_ID: servedSecrets.keyId,
      RAZORPAY_KEY_SECRET: servedSecrets.keySecret,
      RAZORPAY_WEBHOOK_SECRET: servedSecrets.webhookSecret,
      SMTP_URL: smtp.url,
      MAIL_FROM: servedSecrets.mailFrom,
    },
    async close() {
      redis.disconnect();
      await smtp.close();
      await double.close();
      await bridge.close();
      await redisServer.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every variable the server reads (netlify/server/platform/env.ts), blank unless given in `values`. The
 * CLI lets its own process environment win over a .env file and netlify.toml, and the server
 * treats a blank variable as unset, so a developer's .env (KEY_PREFIX, APP_NOW, ...) cannot leak
 * into what these tests check.
 */
export function functionEnv(values: Record<string, string>): Record<string, string> {
  const names = [
    'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET',
    'RAZORPAY_API_BASE_URL', 'RAZORPAY_TIMEOUT_MS', 'KEY_PREFIX', 'IEEE_VERIFY_URL', 'IEEE_VERIFY_KEY', 'IEEE_ROSTER_FILE', 'APP_NOW',
    'ADMIN_PASSWORD_HASH', 'ADMIN_PASSWORD', 'ADMIN_JWT_SECRET', 'TICKET_SIGNING_KEY', 'PASSPORT_DATA_KEY', 'SMTP_URL', 'MAIL_FROM', 'MAIL_OUTBOX_DIR',
    'SITE_URL', 'CONTEXT',
  ];
  return { ...Object.fromEntries(names.map((n) => [n, ''])), ...values };
}

/**
 * A folder for the CLI's global state (what it keeps in ~/.config/netlify: config.json, its Deno
 * download folder) with telemetry off, so the tests neither write to the user's home nor report
 * usage. Returns its path for XDG_CONFIG_HOME; the caller removes it.
 */
async function cliConfigHome(): Promise<string> {
  const configHome = await mkdtemp(path.join(tmpdir(), 'pesgre-netlify-config-'));
  await mkdir(path.join(configHome, 'netlify'));
  await writeFile(path.join(configHome, 'netlify', 'config.json'), JSON.stringify({ telemetryDisabled: true, cliId: 'pesgre-2025-tests' }));
  return configHome;
}

/**
 * Edge functions offline (decision 015). The CLI runs netlify/edge-functions on Deno
 * from a bootstrap it fetches from edge.netlify.com; this machine reaches only the npm registry.
 * NETLIFY_EDGE_BOOTSTRAP (read by netlify-cli's lib/edge-functions/bootstrap.js) names instead the
 * self-contained bootstrap that @netlify/edge-functions-dev ships in the tools folder. The CLI's
 * config extractor (edge-bundler's deno/config.ts) still fails to import a type file from
 * edge.netlify.com and says so in the log; that is harmless, as the function's paths are declared
 * in netlify.toml, not in an inline `config`.
 */
export function offlineEdgeEnv(tools: NetlifyTools): Record<string, string> {
  const bootstrap = path.join(tools.dir, 'node_modules', '@netlify', 'edge-functions-dev', 'dist', 'deno', 'bootstrap.mjs');
  return { NETLIFY_EDGE_BOOTSTRAP: pathToFileURL(bootstrap).href };
}

/** The environment the CLI runs with: Node 22, Deno and the CLI first on PATH, its own config folder, the offline edge settings, `env` on top. */
function cliEnv(tools: NetlifyTools, configHome: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...tools.env(), XDG_CONFIG_HOME: configHome, BROWSER: 'none', NO_UPDATE_NOTIFIER: '1', ...offlineEdgeEnv(tools), ...env };
}

/**
 * Runs a one-off CLI command (e.g. `functions:invoke`) on Node 22 in the project folder and
 * resolves with its output; rejects with the output when it exits with an error or takes more
 * than `timeoutMs`.
 */
export async function runNetlify(args: string[], timeoutMs = 60_000): Promise<string> {
  const tools = await ensureNetlifyTools();
  const configHome = await cliConfigHome();
  const env = cliEnv(tools, configHome);
  try {
    return await new Promise<string>((resolve, reject) => {
      const child = spawn(tools.node, [tools.netlifyCli, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.once('error', reject);
      child.once('close', (code, signal) => (code === 0 ? resolve(out) : reject(new Error(`netlify ${args.join(' ')} failed (${signal ?? code}):\n${out}`))));
    });
  } finally {
    await rm(configHome, { recursive: true, force: true });
  }
}

export interface NetlifyProcess {
  /** The CLI's main port, e.g. http://localhost:18888 (no trailing slash). */
  url: string;
  /** Everything the CLI and what it started printed. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs `netlify <args>` (Node 22, Deno and the CLI from scripts/netlify-tools.ts on PATH) in the
 * project folder with `env` over this process's environment, and waits until GET `readyPath` on
 * its main port answers 200 (the port must be among `args`). `nodeArgs`: flags for the CLI's own
 * Node process (bench:rush's V8 settings). Rejects, with the CLI's output,
 * when it exits first or is not ready within `timeoutMs` (ms).
 */
export async function startNetlify(args: string[], opts: { port: number; env: Record<string, string>; readyPath: string; timeoutMs: number; nodeArgs?: string[] }): Promise<NetlifyProcess> {
  const tools = await ensureNetlifyTools();
  const url = `http://localhost:${opts.port}`;
  const configHome = await cliConfigHome();
  const child: ChildProcess = spawn(tools.node, [...(opts.nodeArgs ?? []), tools.netlifyCli, ...args], {
    cwd: root,
    env: cliEnv(tools, configHome, opts.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stop() ends the CLI and everything it started (the build's npm,
    // Vite, Deno) together.
    detached: true,
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const kill = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // the group is gone already
        }
      };
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(configHome, { recursive: true, force: true });
  };
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`netlify ${args.join(' ')} exited early (${child.exitCode ?? child.signalCode}):\n${log.slice(-8000)}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`netlify ${args.join(' ')} not ready at ${url}${opts.readyPath} within ${opts.timeoutMs / 1000} s:\n${log.slice(-8000)}`);
    }
    try {
      const res = await fetch(url + opts.readyPath, { signal: AbortSignal.timeout(10_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, output: () => log, stop };
}
