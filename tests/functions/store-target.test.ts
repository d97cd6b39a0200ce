/**
 * The maintenance scripts' store and deploy context (scripts/store-target.ts, decision 001): against
 * a real database they must name the context, so coupons for the live site land under
 * `pesgre:production:`, where its functions look; against the local stack they use its prefix.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setContextOutsideInvocations } from '../../netlify/server/platform/deploy-context';
import { keys } from '../../netlify/server/platform/store';
import { upsertCoupon } from '../../netlify/server/coupons';
import { useStoreTarget } from '../../scripts/store-target';
import { redis } from '../../netlify/server/platform/store';

const saved = { ...process.env };
afterEach(() => {
  for (const k of ['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'KEY_PREFIX']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  setContextOutsideInvocations('dev');
});

describe('useStoreTarget', () => {
  it('requires --context when UPSTASH_REDIS_REST_URL names a database', () => {
    expect(() => useStoreTarget(undefined)).toThrow(/--context production\|deploy-preview\|branch-deploy\|dev/);
  });

  it('refuses a context Netlify does not have', () => {
    expect(() => useStoreTarget('staging')).toThrow(RangeError);
    expect(() => useStoreTarget('Production')).toThrow(RangeError);
  });

  it('writes under pesgre:{context}: when KEY_PREFIX is unset, where that context’s functions read', async () => {
    delete process.env.KEY_PREFIX;
    expect(useStoreTarget('production')).toEqual({ context: 'production', prefix: 'pesgre:production:' });
    const code = `CTX${Date.now()}`;
    await upsertCoupon(code, 'half', 1);
    expect(keys.coupon(code)).toBe(`pesgre:production:coupon:${code}`);
    expect(await redis().exists(`pesgre:production:coupon:${code}`)).toBe(1);
    await redis().del(`pesgre:production:coupon:${code}`);
    expect(useStoreTarget('deploy-preview').prefix).toBe('pesgre:deploy-preview:');
  });

  it('uses the running npm start stack and its prefix without UPSTASH_REDIS_REST_URL', () => {
    delete process.env.UPSTASH_REDIS_REST_URL;
    delete process.env.KEY_PREFIX;
    expect(useStoreTarget(undefined)).toEqual({ context: 'dev', prefix: 'pesgre:local:' });
    expect(process.env.UPSTASH_REDIS_REST_URL).toBe('http://127.0.0.1:5175');
  });
});
