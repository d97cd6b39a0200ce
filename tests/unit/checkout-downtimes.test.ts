/**
 * What Checkout does about Razorpay's payment downtimes (docs/payments.md, "Payment method
 * downtime"): the server's advice from the downtime list, and the Checkout options the browser
 * builds from it. Pure functions; the endpoint and the webhooks are in rainy-day.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkoutAdvice } from '../../netlify/server/platform/payment-downtimes';
import type { ProviderDowntime } from '../../netlify/server/platform/payments';
import { checkoutDowntimeOptions } from '../../src/lib/checkout-downtimes';

const AT = new Date('2025-11-10T10:00:00Z');
const T = AT.getTime() / 1000;
const down = (d: Partial<ProviderDowntime>): ProviderDowntime => ({ id: `down_${Math.random()}`, method: 'upi', status: 'started', severity: 'high', instrument: {}, begin: T - 60, end: null, ...d });

describe('checkoutAdvice', () => {
  it('hides a whole method, a netbanking bank, or a card issuer or network on high severity', () => {
    const advice = checkoutAdvice([down({ method: 'upi' }), down({ method: 'netbanking', instrument: { bank: 'HDFC' } }), down({ method: 'card', instrument: { issuer: 'SBIN', card_type: 'credit' } }), down({ method: 'card', instrument: { network: 'VISA' } })], AT);
    expect(advice.hide).toEqual([{ method: 'upi' }, { method: 'netbanking', banks: ['HDFC'] }, { method: 'card', issuers: ['SBIN'] }, { method: 'card', networks: ['VISA'] }]);
    expect(advice.warn).toEqual([]);
  });

  it('warns on medium and low, and on a UPI handle whatever its severity (Checkout cannot hide one handle)', () => {
    const advice = checkoutAdvice([down({ severity: 'medium' }), down({ method: 'wallet', severity: 'low' }), down({ instrument: { vpa_handle: 'oksbi' } })], AT);
    expect(advice.hide).toEqual([]);
    expect(advice.warn).toEqual([
      { method: 'upi', severity: 'medium', detail: 'all' },
      { method: 'wallet', severity: 'low', detail: 'all' },
      { method: 'upi', severity: 'high', detail: 'oksbi' },
    ]);
  });

  it('ignores resolved, ended, not yet begun and unknown downtimes', () => {
    const advice = checkoutAdvice([down({ status: 'resolved' }), down({ end: T - 1 }), down({ status: 'scheduled', begin: T + 3600 }), down({ method: 'emi' }), down({ severity: 'severe' })], AT);
    expect(advice).toEqual({ hide: [], warn: [] });
  });
});

describe('checkoutDowntimeOptions', () => {
  it('opens Checkout as always without advice or with nothing down', () => {
    expect(checkoutDowntimeOptions(null, 'Registration Payment')).toEqual({ description: 'Registration Payment' });
    expect(checkoutDowntimeOptions({ hide: [], warn: [] }, 'Registration Payment')).toEqual({ description: 'Registration Payment' });
  });

  it('hides through config.display.hide with the default blocks kept, and names slow methods in the description', () => {
    const options = checkoutDowntimeOptions({ hide: [{ method: 'upi' }], warn: [{ method: 'netbanking', severity: 'medium', detail: 'HDFC' }, { method: 'card', severity: 'low', detail: 'all' }] }, 'Registration Payment');
    expect(options).toEqual({
      description: 'Registration Payment. Slower than usual right now: Netbanking (HDFC), Cards',
      config: { display: { hide: [{ method: 'upi' }], preferences: { show_default_blocks: true } } },
    });
  });
});
