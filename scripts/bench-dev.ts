/**
 * `npm run bench:dev`: how fast `npm start` answers, and how soon `netlify dev` does.
 *
 * Starts the local stack exactly as the end-to-end tests do (tests/e2e/stack.ts: scripts/start.ts on
 * free ports with its own Redis key prefix and the clock pinned to a Standard-rate day), then calls a
 * representative set of functions over HTTP through the dev server: once to warm (the first call; the
 * dev runtime loads every function at start-up to read its config, so that cost is in the start-up time
 * printed first), then BENCH_DEV_RUNS times one after another (default 20). Prints per
 * function the first-call time, the median and p95 of the warm calls (ms, request sent to body read), the
 * status codes seen, and the 50 ms budget on the median with a MISS marker when it is exceeded. Finally a
 * burst of concurrent calls to one function shows whether they run side by side.
 * Then, unless BENCH_DEV_NETLIFY=0, `netlify dev --offline` as netlify.toml's [dev] sets it up (the
 * Netlify CLI from scripts/netlify-tools.ts, installed first when missing; the stand-ins of
 * tests/netlify/stack.ts): the seconds from its start to its first 200 from /api/pricing, beside the
 * 90 s budget and the load average (docs/performance.md, "netlify dev"; decision 059).
 * Exits 1 when any median or the `netlify dev` start misses its budget. Deletes the keys it wrote.
 */
import { createHmac } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { localConfig } from './local-config';
import { startStack } from '../tests/e2e/stack';
import { validForm } from '../tests/functions/helpers-form';
import { computeCharges, pricing } from '../src/shared/pricing';
import { fromMinor } from '../src/shared/money';
import { COLD_BUDGETS, netlifyDevReadyMs } from './bench-cold';

const RUNS = Number(process.env.BENCH_DEV_RUNS ?? 20);
/** Every function served by `npm start` answers within 50 ms (median) after its first call. */
const BUDGET_MS = 50;
const STANDARD_DAY = '2025-11-10T10:00:00+05:30';

interface Probe {
  label: string;
  /** Builds the request each time (bodies can be read only once). */
  request(): { path: string; init?: RequestInit };
}

/** The p-th percentile (0..100) of `values` (nearest rank). */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

const startedAt = performance.now();
const stack = await startStack({ APP_NOW: STANDARD_DAY });
const startupMs = performance.now() - startedAt;
let failed = false;
try {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => ({
    path,
    init: { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
  });
  const login = await fetch(`${stack.appUrl}/api/admin-auth/login`, post('', { password: process.env.ADMIN_PASSWORD || 'pesgre-admin' }).init);
  const { token } = (await login.json()) as { token: string };
  const admin = { authorization: `Bearer ${token}` };
  const form = validForm();
  const amount = fromMinor(computeCharges(pricing, form, null).total);
  // A correctly signed ticket (the stack's dev signing key) for a registration that does not exist:
  // the verifier's whole path through the signature check and the lookup (404).
  const rid = 'PESGRE2025-9999';
  const ticket = { rid, sig: createHmac('sha256', localConfig().ticketSigningKey).update(rid, 'utf8').digest('base64url') };

  const probes: Probe[] = [
    { label: 'GET  /api', request: () => ({ path: '/api' }) },
    { label: 'GET  /api/pricing', request: () => ({ path: '/api/pricing' }) },
    { label: 'POST /api/coupons/verify', request: () => post('/api/coupons/verify', { code: 'PESGRE-HALF' }) },
    { label: 'POST /api/payment/create-order', request: () => post('/api/payment/create-order', { amount, data: form, code: null }) },
    { label: 'GET  /api/registrations/summary', request: () => ({ path: '/api/registrations/summary', init: { headers: admin } }) },
    { label: 'GET  /api/registrations', request: () => ({ path: '/api/registrations', init: { headers: admin } }) },
    { label: 'POST /api/verification/verify-qr', request: () => post('/api/verification/verify-qr', ticket, admin) },
    { label: 'GET  /api/admin-auth/verify', request: () => ({ path: '/api/admin-auth/verify', init: { headers: admin } }) },
  ];

  /** One timed call: ms from sending to the whole body read, and the status. */
  const timed = async (probe: Probe): Promise<{ ms: number; status: number }> => {
    const { path, init } = probe.request();
    const start = performance.now();
    const res = await fetch(`${stack.appUrl}${path}`, init);
    await res.arrayBuffer();
    return { ms: performance.now() - start, status: res.status };
  };

  console.log(`\nDev server (npm start): stack up and GET /api answering after ${(startupMs / 1000).toFixed(1)} s`);
  console.log(`${RUNS} warm calls per function after one first call; budget ${BUDGET_MS} ms median\n`);
  console.log(`${'function'.padEnd(36)}${'first'.padStart(9)}${'median'.padStart(9)}${'p95'.padStart(9)}${'budget'.padStart(9)}  status`);
  const liftRateLimits = async () => {
    const limitKeys = await stack.redis.keys(`${stack.keyPrefix}ratelimit:*`);
    if (limitKeys.length) await stack.redis.del(...limitKeys);
  };
  for (const probe of probes) {
    await liftRateLimits();
    const first = await timed(probe);
    const times: number[] = [];
    const statuses = new Map<number, number>([[first.status, 1]]);
    for (let i = 0; i < RUNS; i++) {
      // Every call comes from 127.0.0.1: lift the per-address limits (untimed) so the figures are
      // of the function's work, not of its 429 answer after the limit (docs/security.md).
      await liftRateLimits();
      const { ms, status } = await timed(probe);
      times.push(ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const median = percentile(times, 50);
    const miss = median > BUDGET_MS;
    failed ||= miss;
    const codes = [...statuses].map(([code, n]) => `${code}×${n}`).join(' ');
    console.log(
      `${probe.label.padEnd(36)}${first.ms.toFixed(0).padStart(9)}${median.toFixed(1).padStart(9)}${percentile(times, 95).toFixed(1).padStart(9)}${String(BUDGET_MS).padStart(9)}  ${codes}${miss ? '   MISS' : ''}`,
    );
  }

  // Concurrency: 10 calls to one function at once. Run side by side, the burst takes about one call's
  // time; queued one behind another, about ten.
  const pricingProbe = probes[1]!;
  const single = percentile(await Promise.all([0, 1, 2].map(async () => (await timed(pricingProbe)).ms)), 50);
  const burstStart = performance.now();
  await Promise.all(Array.from({ length: 10 }, () => timed(pricingProbe)));
  const burst = performance.now() - burstStart;
  console.log(`\n10 concurrent GET /api/pricing: ${burst.toFixed(0)} ms for the burst (one call ≈ ${single.toFixed(0)} ms)\n`);
  if (failed) console.log(`MISS: at least one function's median is over ${BUDGET_MS} ms`);
} finally {
  const keys = await stack.redis.keys(`${stack.keyPrefix}*`);
  for (let i = 0; i < keys.length; i += 500) await stack.redis.del(...keys.slice(i, i + 500));
  await stack.stop();
}

if (process.env.BENCH_DEV_NETLIFY !== '0') {
  // After `npm start`'s stack has stopped, so the two do not share the CPU.
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  const before = load();
  const ms = await netlifyDevReadyMs();
  const miss = ms > COLD_BUDGETS.netlifyDevReadyMs;
  failed ||= miss;
  console.log(
    `\nnetlify dev --offline: first 200 from /api/pricing after ${(ms / 1000).toFixed(1)} s; budget ${COLD_BUDGETS.netlifyDevReadyMs / 1000} s${miss ? '   MISS' : ''} (load average ${before} before, ${load()} after)`,
  );
  if (miss) console.log(`MISS: netlify dev took over ${COLD_BUDGETS.netlifyDevReadyMs / 1000} s to answer`);
}
process.exit(failed ? 1 : 0);
