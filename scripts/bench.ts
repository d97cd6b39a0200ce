/**
 * `npm run bench`: how the admin's bulk reads behave with 5,000 registrations.
 *
 * Starts its own Upstash bridge (scripts/upstash-bridge.ts) in front of a local Redis (REDIS_URL
 * if it answers, else a redis-server with data under .data/bench-redis), seeds 5,000
 * registrations under a unique key prefix in pipelined batches, then calls the
 * GET /api/registrations, GET /api/registrations/export (and /summary) handlers directly with an
 * admin token: a few warm-up runs, then measured runs. Prints, per endpoint, the median and p95
 * time (ms, handler call plus reading the body), the response size, and how many HTTP requests
 * and Redis commands reached the bridge per call. Deletes its keys at the end.
 *
 * Options (env): BENCH_REGISTRATIONS (default 5000), BENCH_RUNS (default 15), BENCH_WARMUP (default 3).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ensureRedis } from './redis-local';
import { startUpstashBridge } from './upstash-bridge';

const COUNT = Number(process.env.BENCH_REGISTRATIONS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const SEED_BATCH = 500;
const token = `bench-${randomBytes(8).toString('hex')}`;
const prefix = `bench:${randomBytes(4).toString('hex')}:`;

const counters = { requests: 0, commands: 0 };
const redisLocal = await ensureRedis({ dataDir: '.data/bench-redis' });
const bridge = await startUpstashBridge({
  port: 0,
  redisUrl: redisLocal.url,
  token,
  onCommand: (_path, commands) => {
    counters.requests++;
    counters.commands += commands;
  },
});

// The functions read their settings at call time; the Razorpay values only satisfy the schema.
Object.assign(process.env, {
  UPSTASH_REDIS_REST_URL: bridge.url,
  UPSTASH_REDIS_REST_TOKEN: token,
  KEY_PREFIX: prefix,
  CONTEXT: 'bench',
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
  ADMIN_JWT_SECRET: randomBytes(32).toString('hex'),
});
delete process.env.APP_NOW;

const { keys, redis } = await import('../netlify/server/store');
const { issueAdminToken } = await import('../netlify/server/auth');
const { registrationFromOrder } = await import('../netlify/server/finalise');
const { computeCharges, pricing } = await import('../src/shared/pricing');
const list = (await import('../netlify/functions/registrations-list')).default;
const exportCsv = (await import('../netlify/functions/registrations-export')).default;
const summary = (await import('../netlify/functions/registrations-summary')).default;
type Form = Parameters<typeof computeCharges>[1] & Record<string, unknown>;

const FIRST = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Zoë', 'Kiran', 'Priya', 'Vikram', 'Ananya', 'Rahul'];
const LAST = ['Kulkarni', 'Iyer', 'Shankar', 'Nair', 'Rao', 'Patil', 'Desai', 'Ångström', 'Menon', 'Joshi'];

/** A plausible, varied registration form (some extras, some students, some dietary text). */
function form(i: number) {
  const student = i % 5 === 0;
  const reception = i % 3 === 0;
  const gala = i % 4 === 0;
  return {
    title: (['Dr', 'Prof', 'Mr', 'Ms', 'Mrs'] as const)[i % 5]!,
    firstName: FIRST[i % FIRST.length]!,
    lastName: `${LAST[(i * 7) % LAST.length]!}-${i}`,
    organization: `Institute of Power Systems ${i % 97}, Department of Electrical Engineering`,
    idNumber: i % 2 ? `ID${100000 + i}` : '',
    address: `${i} Station Road, Near the Bus Stand`,
    city: 'Dharwad',
    state: 'Karnataka',
    country: 'India',
    postcode: '580001',
    mobile: `+91 98450 ${String(i).padStart(5, '0')}`,
    email: `delegate${i}@example.org`,
    verifyEmail: `delegate${i}@example.org`,
    registrationTier: student ? 'stud_non_indian_std' : 'prof_non_indian_std',
    registrationFee: 0,
    registrationCurrency: 'INR' as const,
    ieeeMemberNumber: '',
    noPaper: student,
    paperId: student ? '' : `PESGRE-${1000 + i}`,
    welcomeReception: reception ? ('yes' as const) : ('no' as const),
    additionalReceptionTickets: reception ? i % 4 : 0,
    welcomeReceptionExtraFee: 0,
    galaDinner: gala ? ('yes' as const) : ('no' as const),
    additionalGalaDinnerTickets: gala ? i % 3 : 0,
    galaDinnerExtraFee: 0,
    dietaryRequirements: i % 7 === 0 ? ['OTHER' as const] : ['VEGETARIAN' as const],
    dietaryOtherText: i % 7 === 0 ? 'No onions, no garlic' : '',
    billingOrganization: `Institute of Power Systems ${i % 97}`,
    billingTaxNumber: i % 3 ? '' : `29ABCDE${String(i).padStart(4, '0')}F1Z5`,
    billingAddress: `${i} Station Road`,
    billingCity: 'Dharwad',
    billingState: 'Karnataka',
    billingCountry: 'India',
    billingPostcode: '580001',
    billingEmail: `accounts${i}@example.org`,
  };
}

async function seed(): Promise<void> {
  const start = Date.parse('2025-10-01T00:00:00Z');
  for (let from = 0; from < COUNT; from += SEED_BATCH) {
    const p = redis().pipeline();
    for (let i = from; i < Math.min(COUNT, from + SEED_BATCH); i++) {
      const f = form(i);
      const charges = computeCharges(pricing, f as Form, null);
      const at = new Date(start + i * 60_000);
      const orderId = `order_bench${String(i).padStart(8, '0')}`;
      const regNo = `PESGRE25-B${String(i).padStart(7, '0')}`;
      const reg = registrationFromOrder({ kind: 'registration', orderId, form: f, charges, couponCode: null, couponType: null, currency: 'INR', createdAt: at.toISOString() }, regNo, `pay_bench${String(i).padStart(8, '0')}`, at);
      p.set(keys.registration(regNo), JSON.stringify(reg));
      p.zadd(keys.registrationIndex(), { score: at.getTime(), member: regNo });
    }
    await p.exec();
  }
}

async function cleanup(): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, found] = await redis().scan(cursor, { match: `${prefix}*`, count: 1000 });
    cursor = String(next);
    if (found.length) deleted += await redis().del(...found);
  } while (cursor !== '0');
  return deleted;
}

interface Row {
  name: string;
  median: number;
  p95: number;
  bytes: number;
  requests: number;
  commands: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function measure(name: string, handler: (req: Request) => Promise<Response>, path: string, authorization: string): Promise<Row> {
  const once = async () => {
    counters.requests = 0;
    counters.commands = 0;
    const t0 = performance.now();
    const res = await handler(new Request(`http://localhost${path}`, { headers: { authorization } }));
    const body = new Uint8Array(await res.arrayBuffer());
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${new TextDecoder().decode(body).slice(0, 200)}`);
    return { ms, bytes: body.byteLength, requests: counters.requests, commands: counters.commands };
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const last = runs[runs.length - 1]!;
  return { name, median: quantile(times, 0.5), p95: quantile(times, 0.95), bytes: last.bytes, requests: last.requests, commands: last.commands };
}

const mb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

try {
  const seedStart = performance.now();
  await seed();
  console.log(`[bench] seeded ${COUNT} registrations under ${prefix} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${counters.requests} HTTP requests to the bridge)`);
  const authorization = `Bearer ${(await issueAdminToken(new Date())).token}`;
  const rows = [
    await measure('GET /api/registrations', list, '/api/registrations', authorization),
    await measure('GET /api/registrations/export', exportCsv, '/api/registrations/export', authorization),
    await measure('GET /api/registrations/summary', summary, '/api/registrations/summary', authorization),
  ];
  console.log(`\n${COUNT} registrations, ${WARMUP} warm-up + ${RUNS} measured calls each (Node ${process.versions.node}, local Redis through the Upstash bridge)\n`);
  console.table(
    rows.map((r) => ({
      endpoint: r.name,
      'median ms': Number(r.median.toFixed(1)),
      'p95 ms': Number(r.p95.toFixed(1)),
      'response size': mb(r.bytes),
      'HTTP requests / call': r.requests,
      'Redis commands / call': r.commands,
    })),
  );
} finally {
  const deleted = await cleanup().catch((err: unknown) => {
    console.error(`[bench] cleanup failed: ${(err as Error).message}`);
    return 0;
  });
  console.log(`[bench] deleted ${deleted} keys under ${prefix}`);
  await bridge.close();
  await redisLocal.stop();
}
