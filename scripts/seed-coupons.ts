/**
 * Seeds coupons into a store: the running `npm start` stack, or the Upstash database that
 * UPSTASH_REDIS_REST_URL / _TOKEN name, under the keys of the deploy context `--context` names
 * (required for a real database: scripts/store-target.ts). Idempotent: a coupon's definition is
 * replaced, its usage record kept.
 *
 *   npm run seed:coupons                          the local samples (scripts/local-coupons.ts)
 *   COUPONS_FILE=path.json npm run seed:coupons   [{ "code", "type": "full"|"half", "limit" }]
 *   npm run seed:coupons -- --generate 5 --type half --limit 1 [--length 12]
 *       makes 5 new random codes, stores them and prints them once; they are not
 *       written anywhere else, so copy them from the output.
 *   UPSTASH_REDIS_REST_URL=... UPSTASH_REDIS_REST_TOKEN=... COUPONS_FILE=coupons.json \
 *     npm run seed:coupons -- --context production      the live site's coupons
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { customAlphabet } from 'nanoid';
import { z } from 'zod';
import type { CouponType } from '../src/shared/pricing';
import { upsertCoupon } from '../netlify/server/coupons';
import { localCoupons } from './local-coupons';
import { CONTEXT_USAGE, contextOption, useStoreTarget } from './store-target';

const couponsFile = z.array(z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), type: z.enum(['full', 'half']), limit: z.number().int().min(0) }));

/**
 * The characters of generated codes: digits and capitals without the look-alikes 0/O, 1/I/L
 * (31 characters), all upper case because the server upper-cases every code it is sent.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Shortest generated code: 31^10 is about 8 * 10^14 codes, far beyond any guessing the rate limits allow. */
export const MIN_CODE_LENGTH = 10;
export const DEFAULT_CODE_LENGTH = 12;

/**
 * `count` distinct random codes of `length` (>= MIN_CODE_LENGTH) characters from CODE_ALPHABET,
 * drawn with nanoid's customAlphabet (crypto-random, unbiased). Throws RangeError for a bad count or length.
 */
export function generateCodes(count: number, length = DEFAULT_CODE_LENGTH): string[] {
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new RangeError('--generate takes a count from 1 to 1000.');
  if (!Number.isInteger(length) || length < MIN_CODE_LENGTH || length > 40) throw new RangeError(`--length takes ${MIN_CODE_LENGTH} to 40 characters.`);
  const next = customAlphabet(CODE_ALPHABET, length);
  const codes = new Set<string>();
  while (codes.size < count) codes.add(next());
  return [...codes];
}

/** Upserts every coupon; returns how many were written. */
export async function seedCoupons(coupons = localCoupons): Promise<number> {
  for (const c of coupons) await upsertCoupon(c.code, c.type, c.limit);
  return coupons.length;
}

/** Prints what was wrong and the usage, and ends the run with status 2. */
function usage(problem: string): never {
  console.error(`${problem}\nUsage: npm run seed:coupons -- [${CONTEXT_USAGE}] [--generate <count> --type full|half [--limit <uses, default 1>] [--length <${MIN_CODE_LENGTH}-40, default ${DEFAULT_CODE_LENGTH}>]]`);
  process.exit(2);
}

/** Stores `codes` as coupons of `type` with `limit` uses each and prints them, once. */
async function generate(codes: string[], type: CouponType, limit: number, prefix: string): Promise<void> {
  await seedCoupons(codes.map((code) => ({ code, type, limit })));
  console.log(`Generated ${codes.length} ${type} coupon(s), limit ${limit} use(s) each, stored under ${prefix}.`);
  console.log('They are shown only now; copy them before closing this window:');
  for (const code of codes) console.log(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { generate: { type: 'string' }, type: { type: 'string' }, limit: { type: 'string' }, length: { type: 'string' }, ...contextOption },
  });
  let prefix = '';
  try {
    prefix = useStoreTarget(values.context).prefix;
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    usage(err.message);
  }
  if (values.generate !== undefined) {
    const type = z.enum(['full', 'half'], { error: '--type must be full or half.' }).safeParse(values.type);
    const limit = z.coerce.number({ error: '--limit must be a number.' }).int('--limit must be a whole number.').min(1, '--limit must be at least 1.').safeParse(values.limit ?? '1');
    let codes: string[] = [];
    try {
      codes = generateCodes(Number(values.generate), values.length === undefined ? DEFAULT_CODE_LENGTH : Number(values.length));
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      usage(err.message);
    }
    if (!type.success) usage(type.error.issues[0]!.message);
    if (!limit.success) usage(limit.error.issues[0]!.message);
    await generate(codes, type.data as CouponType, limit.data, prefix);
  } else {
    const file = process.env.COUPONS_FILE;
    const coupons = file ? couponsFile.parse(JSON.parse(await readFile(file, 'utf8'))) : localCoupons;
    const n = await seedCoupons(coupons);
    console.log(`Seeded ${n} coupon(s) under ${prefix}: ${coupons.map((c) => `${c.code} (${c.type}, limit ${c.limit})`).join(', ')}`);
  }
}
