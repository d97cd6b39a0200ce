/**
 * `npm start`: the site and every function at http://localhost:5173 (PORT overrides), always
 * against local infrastructure started here:
 *   1. Redis: REDIS_URL if it answers, else our own redis-server with data under .data/redis;
 *   2. the Upstash REST bridge in front of it (UPSTASH_BRIDGE_PORT, default 5175);
 *   3. the Razorpay test double (RAZORPAY_DOUBLE_PORT, default 5174) with the same keys as the app,
 *      its orders, payments and refunds kept in .data/razorpay-double.json (RAZORPAY_DOUBLE_DATA_FILE)
 *      so they outlive a restart as the Redis data does;
 *   4. Netlify Blobs' local server (BlobsServer of @netlify/blobs) for the students' proofs, files
 *      under .data/blobs (BLOBS_DATA_DIR), on BLOBS_PORT (default: any free port);
 *   5. the local sample coupons;
 *   6. Vite serving the SPA and netlify/functions (scripts/dev-functions.ts: each function loaded
 *      once, reloaded when its sources change, called in-process), with the admin
 *      dev password (ADMIN_PASSWORD, default 'pesgre-admin') and local token/ticket secrets;
 *      confirmation e-mails are written to .data/outbox/ unless SMTP_URL is set.
 * Ctrl-C stops everything it started (a Redis it did not start is left running).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureRedis } from './redis-local';
import { startUpstashBridge } from './upstash-bridge';
import { startRazorpayDouble } from './razorpay-double';
import { startLocalBlobs } from './local-blobs';
import { localConfig, standInEnv } from './local-config';

const cfg = localConfig();
const log = (m: string) => console.log(`[start] ${m}`);

let redis;
try {
  redis = await ensureRedis({ redisUrl: cfg.redisUrl, dataDir: cfg.redisDataDir, log });
} catch (err) {
  console.error(`[start] ${(err as Error).message}`);
  process.exit(1);
}
log(redis.started ? `started redis-server at ${redis.url} (data in ${cfg.redisDataDir})` : `using Redis at ${redis.url}`);

const bridge = await startUpstashBridge({ port: cfg.bridgePort, redisUrl: redis.url, token: cfg.bridgeToken });
log(`Upstash REST bridge at ${bridge.url}`);

const appUrl = `http://localhost:${cfg.port}`;
const double = await startRazorpayDouble({
  port: cfg.doublePort,
  keyId: cfg.keyId,
  keySecret: cfg.keySecret,
  webhookSecret: cfg.webhookSecret,
  webhookUrl: `${appUrl}/api/payment/webhook`,
  dataFile: cfg.doubleDataFile,
});
log(`Razorpay test double at ${double.url} (checkout stand-in at ${double.url}/checkout.js; data in ${cfg.doubleDataFile})`);

const blobs = await startLocalBlobs({ directory: cfg.blobsDataDir, port: cfg.blobsPort, token: cfg.bridgeToken });
log(`Netlify Blobs local server at ${blobs.url} (files in ${cfg.blobsDataDir})`);

// The functions read these at call time; npm start always points them at the local stand-ins.
Object.assign(process.env, {
  ...standInEnv(cfg, bridge.url, double.url),
  // What Netlify gives the functions in production: where Netlify Blobs is, here the local server.
  NETLIFY_BLOBS_CONTEXT: blobs.context,
  VITE_RAZORPAY_CHECKOUT_URL: `${double.url}/checkout.js`,
  // Admin sign-in (/admin/login) with ADMIN_PASSWORD (default 'pesgre-admin'); with only
  // ADMIN_PASSWORD_HASH set, that hash alone. E-mails go to .data/outbox/*.eml unless SMTP_URL is set.
  ...(process.env.ADMIN_PASSWORD_HASH && !process.env.ADMIN_PASSWORD ? {} : { ADMIN_PASSWORD: cfg.adminPassword }),
  ADMIN_JWT_SECRET: cfg.adminJwtSecret,
  TICKET_SIGNING_KEY: cfg.ticketSigningKey,
  PASSPORT_DATA_KEY: cfg.passportDataKey,
  // Links in e-mails (self-service pages) point at this local site.
  SITE_URL: process.env.SITE_URL || appUrl,
});

// The deploy context is not an environment variable (netlify/server/platform/deploy-context.ts): the
// functions get `dev` from the runtime in scripts/dev-functions.ts, and the seeding below, which
// runs outside any invocation, names it here.
const { setContextOutsideInvocations } = await import('../netlify/server/platform/deploy-context');
setContextOutsideInvocations('dev');
const { seedCoupons } = await import('./seed-coupons');
log(`seeded ${await seedCoupons()} local sample coupon(s)`);

let stopping = false;
// Vite runs in its own plain-Node process (the functions it serves load their npm dependencies
// with Node's own loader, not tsx's), so a crash there is reported here and stops the stack.
const viteBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
const vite = spawn(process.execPath, [viteBin, '--port', String(cfg.port), '--strictPort'], { stdio: 'inherit', env: process.env });
void announceWhenReady();

/**
 * Once the site answers, says where everything is: the site, the admin area, the
 * stand-in checkout and where confirmation e-mails go. Polls GET /api until it answers or Vite exits.
 */
async function announceWhenReady(): Promise<void> {
  while (!stopping && vite.exitCode === null) {
    try {
      const res = await fetch(`${appUrl}/api`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (stopping || vite.exitCode !== null) return;
  const outbox = process.env.SMTP_URL ? `sent by SMTP (${new URL(process.env.SMTP_URL).host})` : path.resolve(process.env.MAIL_OUTBOX_DIR || '.data/outbox');
  console.log(
    [
      '',
      '  PESGRE 2025 is ready:',
      `    site               ${appUrl}/`,
      `    registration       ${appUrl}/authors/registration/details`,
      `    admin area         ${appUrl}/admin/login${process.env.ADMIN_PASSWORD ? ` (password: ${process.env.ADMIN_PASSWORD})` : ''}`,
      `    stand-in checkout  ${double.url}/checkout.js (opens from Pay Now)`,
      `    e-mail outbox      ${outbox}`,
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

vite.on('exit', (code) => {
  if (!stopping) {
    log(`Vite exited (${code}); stopping the local stack`);
    void stop(code ?? 1);
  }
});

async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping...');
  if (vite.exitCode === null) {
    vite.kill('SIGTERM');
    await new Promise((r) => vite.once('exit', r));
  }
  await double.close();
  await blobs.close();
  await bridge.close();
  await redis!.stop();
  process.exit(exitCode);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
