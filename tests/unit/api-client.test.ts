import { describe, expect, it } from 'vitest';
import { failureMessage, parseApiError, toApiResult, type ApiFailure } from '../../src/lib/api';

describe('parseApiError', () => {
  it('reads the shared error shape', () => {
    expect(parseApiError({ error: { code: 'bad_input', message: 'Nope.', fieldErrors: { email: 'Bad.', n: 3 } } })).toEqual({
      code: 'bad_input',
      message: 'Nope.',
      fieldErrors: { email: 'Bad.' },
    });
  });

  it('accepts a legacy string error', () => {
    expect(parseApiError({ error: 'Failed.' })).toEqual({ code: 'error', message: 'Failed.' });
  });

  it('returns null for anything else', () => {
    for (const body of [null, 'x', 3, [], {}, { error: {} }, { error: { code: 'x' } }, { error: '' }]) {
      expect(parseApiError(body)).toBeNull();
    }
  });
});

describe('toApiResult', () => {
  it('gives data on 2xx', () => {
    expect(toApiResult(200, '{"a":1}')).toEqual({ ok: true, status: 200, data: { a: 1 } });
    expect(toApiResult(204, '')).toEqual({ ok: true, status: 204, data: null });
  });

  it('does not throw on 4xx/5xx and parses the error', () => {
    const r = toApiResult(409, '{"error":{"code":"early_bird_expired","message":"Closed."},"earlyBirdExpired":true}');
    expect(r).toMatchObject({ ok: false, status: 409, network: false, error: { code: 'early_bird_expired', message: 'Closed.' } });
    expect(r.data).toMatchObject({ earlyBirdExpired: true });
  });

  it('keeps the status of a non-JSON error page', () => {
    expect(toApiResult(502, '<html>Bad gateway</html>')).toEqual({ ok: false, status: 502, data: null, error: null, network: false });
  });
});

describe('failureMessage', () => {
  const failure = (over: Partial<ApiFailure>): ApiFailure => ({ ok: false, status: 400, data: null, error: null, network: false, ...over });

  it('prefers the error shape, then a top-level message, then the fallback', () => {
    expect(failureMessage(failure({ error: { code: 'x', message: 'From shape.' } }), 'Fallback.')).toBe('From shape.');
    expect(failureMessage(failure({ data: { valid: false, message: 'Expired coupon.' } }), 'Fallback.')).toBe('Expired coupon.');
    expect(failureMessage(failure({}), 'Fallback.')).toBe('Fallback.');
  });

  it('uses the fallback on network failure', () => {
    expect(failureMessage(failure({ status: 0, network: true }), 'Fallback.')).toBe('Fallback.');
  });
});
