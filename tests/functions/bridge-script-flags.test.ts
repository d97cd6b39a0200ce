/**
 * The Upstash bridge accepts Lua scripts with Upstash-only shebang flags (`allow-key-locking`,
 * which @upstash/ratelimit puts on every script) that open-source Redis refuses, and maps the
 * client's EVALSHA of the original text to the script it loaded. Other flags keep their meaning.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyPrefix, redis } from '../../netlify/server/platform/store';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

describe('upstash bridge: script flags', () => {
  it('runs a script flagged allow-key-locking, by EVAL and then by the SHA of the original text', async () => {
    const script = `#!lua flags=allow-key-locking\nreturn redis.call('INCR', KEYS[1])`;
    const key = `${keyPrefix()}flags:counter`;
    expect(await redis().eval(script, [key], [])).toBe(1);
    expect(await redis().evalsha(sha1(script), [key], [])).toBe(2);
  });

  it('keeps the other flags: no-writes still refuses a write', async () => {
    const key = `${keyPrefix()}flags:ro`;
    const read = `#!lua flags=no-writes,allow-key-locking\nreturn redis.call('GET', KEYS[1])`;
    expect(await redis().eval(read, [key], [])).toBeNull();
    const write = `#!lua flags=allow-key-locking,no-writes\nreturn redis.call('SET', KEYS[1], 'x')`;
    await expect(redis().eval(write, [key], [])).rejects.toThrow(/Write commands are not allowed|read-only/i);
  });
});
