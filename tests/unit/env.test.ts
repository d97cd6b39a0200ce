/**
 * The environment is parsed once per process (docs/performance.md#budgets: parsing it for every key was 47 % of the
 * registrations list's CPU), a failed parse is not kept, and resetEnv() makes the next call read
 * process.env again (what tests/setup/function-env.ts does on every change).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, env, envParseCount, resetEnv } from '../../netlify/server/platform/env';

const required = {
  UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:1',
  UPSTASH_REDIS_REST_TOKEN: 'token',
  RAZORPAY_KEY_ID: 'rzp_test_unit',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
};

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

describe('env', () => {
  it('parses once and answers the same frozen object until reset', () => {
    for (const [k, v] of Object.entries(required)) vi.stubEnv(k, v);
    vi.stubEnv('KEY_PREFIX', 'unit:a:');
    resetEnv();
    const before = envParseCount();
    const first = env();
    expect(env()).toBe(first);
    expect(envParseCount()).toBe(before + 1);
    expect(Object.isFrozen(first)).toBe(true);

    vi.stubEnv('KEY_PREFIX', 'unit:b:');
    expect(env().KEY_PREFIX).toBe('unit:a:');
    resetEnv();
    expect(env().KEY_PREFIX).toBe('unit:b:');
    expect(envParseCount()).toBe(before + 2);
  });

  it('does not keep a failed parse: a fixed variable is seen on the next call', () => {
    for (const [k, v] of Object.entries(required)) vi.stubEnv(k, v);
    vi.stubEnv('RAZORPAY_KEY_SECRET', '');
    resetEnv();
    expect(() => env()).toThrow(ConfigError);
    vi.stubEnv('RAZORPAY_KEY_SECRET', 'secret');
    expect(env().RAZORPAY_KEY_SECRET).toBe('secret');
  });
});
