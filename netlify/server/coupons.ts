/**
 * Coupons (docs/payments.md#coupons, docs/security.md#coupon-codes).
 * A coupon is a hash {type: full|half, limit}. A use is first *held* by an order (a sorted set
 * of orderId -> hold expiry, ms) and becomes *used* when that order is finalised (a set of
 * orderIds). Holding is one Lua script, so concurrent orders can never take more uses than the
 * limit, and a delegate who abandons the checkout gives the use back when the hold expires
 * (COUPON_HOLD_MS: the checkout's timeout plus a margin) or at once when the browser releases it.
 *
 * One client address holds at most one use of a coupon at a time: coupon:{code}:holder:{address
 * hash} names the order holding for that address, and a new order from the address replaces it.
 * So unpaid orders from one address can never lock a coupon against everyone else.
 */
import { createHash } from 'node:crypto';
import { COUPON_HOLD_MS } from '../../src/shared/checkout-hold';
import { INVALID_COUPON_MESSAGE } from '../../src/shared/messages';
import type { CouponType } from '../../src/shared/pricing';
import { couponTierError } from '../../src/shared/tier-rules';
import { keys, withStore, type PipelineReads } from './platform/store';

export interface Coupon {
  code: string;
  type: CouponType;
  limit: number;
  /** Uses taken: finalised orders plus live holds, not counting the asking address's own hold. */
  taken: number;
}

/** True when every use of `coupon` is taken (finalised orders plus live holds): the one place this rule is written for reads. */
export function isExhausted(coupon: Pick<Coupon, 'taken' | 'limit'>): boolean {
  return coupon.taken >= coupon.limit;
}

/** Why a coupon cannot be applied: the tier takes no coupon, or the code is unknown or used up (one answer for both, docs/security.md#coupon-codes). */
export type CouponRefusal = { code: 'COUPON_NOT_APPLICABLE' | 'INVALID_COUPON'; message: string };

/**
 * The coupon check sequence both coupons/verify and create-order run (docs/payments.md#coupons,
 * docs/rules.md#messages): the tier rule first (only when a tier is named), then the code's state at `nowMs` (ms) for
 * the asking `holder` address. Resolves with the coupon or the refusal; both endpoints answer a
 * refusal 400 (docs/decisions/008-coupon-refusal-status.md). `alongside`: another rule's reads
 * made in the same round trip (create-order's Paper ID check), whose refusal it throws. Throws
 * ServiceUnavailableError when the store is down.
 */
export async function checkCoupon(code: string, tierId: string | undefined, nowMs: number, holder: string, alongside?: PipelineReads | null): Promise<{ coupon: Coupon } | { refusal: CouponRefusal }> {
  const tierError = tierId ? couponTierError(tierId) : null;
  if (tierError) {
    if (alongside) {
      const results = await withStore(async (r) => {
        const p = r.pipeline();
        alongside.add(p);
        return p.exec();
      });
      alongside.check(results);
    }
    return { refusal: { code: 'COUPON_NOT_APPLICABLE', message: tierError } };
  }
  const coupon = await getCoupon(code, nowMs, holder, alongside);
  if (!coupon || isExhausted(coupon)) return { refusal: { code: 'INVALID_COUPON', message: INVALID_COUPON_MESSAGE } };
  return { coupon };
}

/** The holder key's part for a client address: a short hash, so no address is stored in a key name. */
export function holderId(address: string): string {
  return createHash('sha256').update(address).digest('hex').slice(0, 24);
}

/**
 * The Lua expression of a coupon's uses taken at ARGV[now] (ms): its finalised orders (the used
 * set, KEYS[used]) plus its holds that have not expired (KEYS[holds], scored by expiry). The one
 * place "taken" is counted: the state read, the hold and the finalise scripts (finalise.ts) all
 * use it, and each compares it with the limit as isExhausted() does.
 */
export function couponTakenLua(used: number, holds: number, now: number): string {
  return `(redis.call('SCARD', KEYS[${used}]) + redis.call('ZCOUNT', KEYS[${holds}], '(' .. ARGV[${now}], '+inf'))`;
}

// KEYS: coupon hash, holds zset, used set, holder of this address. ARGV: now ms.
// Returns {} for an unknown coupon, else {type, limit, taken, 1 if this address holds a live use}.
const STATE_SCRIPT = `
local def = redis.call('HMGET', KEYS[1], 'type', 'limit')
if not def[1] then return {} end
local taken = ${couponTakenLua(3, 2, 1)}
local own = 0
local mine = redis.call('GET', KEYS[4])
if mine then
  local expiry = redis.call('ZSCORE', KEYS[2], mine)
  if expiry and tonumber(expiry) > tonumber(ARGV[1]) then own = 1 end
end
return {def[1], def[2] or '0', taken, own}
`;

/**
 * Reads a coupon (code already upper-cased by the shared schema) or null when unknown. `holder`
 * is the asking client's address: its own live hold is not counted as taken, so a delegate who
 * reopens the wizard while their earlier order still holds the last use can apply it again.
 */
export async function getCoupon(code: string, nowMs: number, holder?: string, alongside?: PipelineReads | null): Promise<Coupon | null> {
  const stateKeys = [keys.coupon(code), keys.couponHolds(code), keys.couponUsed(code), keys.couponHolder(code, holderId(holder ?? ''))];
  const [state, ...others] = await withStore(async (r) => {
    const p = r.pipeline();
    p.eval<string[], Array<string | number>>(STATE_SCRIPT, stateKeys, [String(nowMs)]);
    alongside?.add(p);
    return p.exec();
  }) as [Array<string | number>, ...unknown[]];
  alongside?.check(others);
  if (state.length === 0) return null;
  const [type, limit, taken, own] = state;
  if (type !== 'full' && type !== 'half') return null;
  return { code, type, limit: Number(limit), taken: Number(taken) - Number(own) };
}

export type HoldResult = 'held' | 'unknown' | 'exhausted';

// KEYS: coupon hash, holds zset, used set, holder of the client address.
// ARGV: now ms, hold expiry ms, orderId, hold length ms.
// Returns -1 unknown coupon, 0 limit reached, 1 held (or already held by this order).
const HOLD_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[2], ARGV[3]) then return 1 end
local previous = redis.call('GET', KEYS[4])
local replacing = 0
if previous and previous ~= ARGV[3] and redis.call('ZSCORE', KEYS[2], previous) then replacing = 1 end
local limit = tonumber(redis.call('HGET', KEYS[1], 'limit')) or 0
local taken = ${couponTakenLua(3, 2, 1)} - replacing
if taken >= limit then return 0 end
if replacing == 1 then redis.call('ZREM', KEYS[2], previous) end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('SET', KEYS[4], ARGV[3], 'PX', ARGV[4])
return 1
`;

/**
 * Holds one use of `code` for `orderId` until nowMs + COUPON_HOLD_MS, for client address
 * `holder`; a live hold of an earlier order from the same address is given back in the same
 * step. Atomic. Throws ServiceUnavailableError when the store is down.
 */
export async function holdCoupon(code: string, orderId: string, nowMs: number, holder: string): Promise<HoldResult> {
  const result = await withStore((r) =>
    r.eval<string[], number>(
      HOLD_SCRIPT,
      [keys.coupon(code), keys.couponHolds(code), keys.couponUsed(code), keys.couponHolder(code, holderId(holder))],
      [String(nowMs), String(nowMs + COUPON_HOLD_MS), orderId, String(COUPON_HOLD_MS)],
    ),
  );
  return result === 1 ? 'held' : result === 0 ? 'exhausted' : 'unknown';
}

// KEYS: done marker of the order, holds zset. ARGV: orderId.
// Returns -1 when the order is already finalised (nothing to release), else ZREM's count (1 released, 0 none held).
const RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
return redis.call('ZREM', KEYS[2], ARGV[1])
`;

/**
 * Gives back the use `orderId` holds of `code` (the checkout was closed unpaid). Does nothing for
 * an order already finalised, whose use is counted as used. Idempotent. Returns 'released',
 * 'not-held' (nothing held: released before, lapsed, or never held) or 'finalised'.
 */
export async function releaseCouponHold(code: string, orderId: string): Promise<'released' | 'not-held' | 'finalised'> {
  const result = await withStore((r) => r.eval<string[], number>(RELEASE_SCRIPT, [keys.done(orderId), keys.couponHolds(code)], [orderId]));
  return result === 1 ? 'released' : result === -1 ? 'finalised' : 'not-held';
}

/** Creates or replaces a coupon definition (scripts/seed-coupons.ts, tests). Keeps its usage record. */
export async function upsertCoupon(code: string, type: CouponType, limit: number): Promise<void> {
  await withStore((r) => r.hset(keys.coupon(code.toUpperCase()), { type, limit }));
}
