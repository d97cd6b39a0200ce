/**
 * Coupons (spec part 2 sections 5 and 9; ARCHITECTURE: coupon:{code}).
 * A coupon is a hash {type: full|half, limit}. A use is first *held* by an order (a sorted set
 * of orderId -> hold expiry) and becomes *used* when that order is finalised (a set of orderIds).
 * Holding is one Lua script, so concurrent orders can never take more uses than the limit, and a
 * delegate who abandons the checkout gives the use back when the hold expires.
 */
import type { CouponType } from '../../src/shared/pricing';
import { keys, withStore } from './store';

export interface Coupon {
  code: string;
  type: CouponType;
  limit: number;
  /** Uses taken: finalised orders plus live holds. */
  taken: number;
}

export const COUPON_EXHAUSTED_MESSAGE = 'This coupon has reached its usage limit.';

/** True when every use of `coupon` is taken (finalised orders plus live holds): the one place this rule is written for reads. */
export function isExhausted(coupon: Pick<Coupon, 'taken' | 'limit'>): boolean {
  return coupon.taken >= coupon.limit;
}

/** How long an unpaid order holds a coupon use, in ms (Checkout sessions are far shorter). */
export const COUPON_HOLD_MS = 30 * 60 * 1000;

// KEYS: coupon hash, holds zset, used set. ARGV: now ms, hold expiry ms, orderId.
// Returns -1 unknown coupon, 0 limit reached, 1 held (or already held by this order).
const HOLD_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[2], ARGV[3]) then return 1 end
local limit = tonumber(redis.call('HGET', KEYS[1], 'limit')) or 0
local taken = redis.call('SCARD', KEYS[3]) + redis.call('ZCARD', KEYS[2])
if taken >= limit then return 0 end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
return 1
`;

/** Reads a coupon (code already upper-cased by the shared schema) or null when unknown. */
export async function getCoupon(code: string, nowMs: number): Promise<Coupon | null> {
  return withStore(async (r) => {
    const p = r.pipeline();
    p.hgetall(keys.coupon(code));
    p.scard(keys.couponUsed(code));
    p.zcount(keys.couponHolds(code), nowMs, '+inf');
    const [hash, used, holds] = (await p.exec()) as [Record<string, unknown> | null, number, number];
    if (!hash || (hash.type !== 'full' && hash.type !== 'half')) return null;
    return { code, type: hash.type, limit: Number(hash.limit), taken: used + holds };
  });
}

export type HoldResult = 'held' | 'unknown' | 'exhausted';

/** Holds one use of `code` for `orderId` until nowMs + COUPON_HOLD_MS. Atomic. */
export async function holdCoupon(code: string, orderId: string, nowMs: number): Promise<HoldResult> {
  const result = await withStore((r) =>
    r.eval<string[], number>(HOLD_SCRIPT, [keys.coupon(code), keys.couponHolds(code), keys.couponUsed(code)], [String(nowMs), String(nowMs + COUPON_HOLD_MS), orderId]),
  );
  return result === 1 ? 'held' : result === 0 ? 'exhausted' : 'unknown';
}

/** Creates or replaces a coupon definition (scripts/seed-coupons.ts, tests). Keeps its usage record. */
export async function upsertCoupon(code: string, type: CouponType, limit: number): Promise<void> {
  await withStore((r) => r.hset(keys.coupon(code.toUpperCase()), { type, limit }));
}
