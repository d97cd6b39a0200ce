/**
 * Seeds coupons into the store the app is configured for (UPSTASH_REDIS_REST_URL / _TOKEN,
 * KEY_PREFIX). Usage: `npm run seed:coupons` (local samples), or with COUPONS_FILE=path.json
 * holding [{ "code", "type": "full"|"half", "limit" }] for real ones. Idempotent: a coupon's
 * definition is replaced, its usage record kept.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { upsertCoupon } from '../netlify/server/coupons';
import { localCoupons } from './local-coupons';
import { localConfig } from './local-config';

const couponsFile = z.array(z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), type: z.enum(['full', 'half']), limit: z.number().int().min(0) }));

/** Upserts every coupon; returns how many were written. */
export async function seedCoupons(coupons = localCoupons): Promise<number> {
  for (const c of coupons) await upsertCoupon(c.code, c.type, c.limit);
  return coupons.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Run by hand against the running `npm start`: fill what is missing with the local stack's settings.
  const cfg = localConfig();
  process.env.UPSTASH_REDIS_REST_URL ||= `http://127.0.0.1:${cfg.bridgePort}`;
  process.env.UPSTASH_REDIS_REST_TOKEN ||= cfg.bridgeToken;
  process.env.RAZORPAY_KEY_ID ||= cfg.keyId;
  process.env.RAZORPAY_KEY_SECRET ||= cfg.keySecret;
  process.env.RAZORPAY_WEBHOOK_SECRET ||= cfg.webhookSecret;
  process.env.KEY_PREFIX ||= cfg.keyPrefix;
  const file = process.env.COUPONS_FILE;
  const coupons = file ? couponsFile.parse(JSON.parse(await readFile(file, 'utf8'))) : localCoupons;
  const n = await seedCoupons(coupons);
  console.log(`Seeded ${n} coupon(s): ${coupons.map((c) => `${c.code} (${c.type}, limit ${c.limit})`).join(', ')}`);
}
