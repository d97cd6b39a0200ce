/**
 * End-to-end: payment method downtime before the delegate pays (docs/payments.md, "Payment
 * method downtime"). With UPI down (high) and a netbanking bank slow (medium) at Razorpay, the
 * wizard's Checkout opens without UPI (Razorpay's config.display.hide) and names the slow bank in
 * the description line at its top. The downtimes come from the double's Downtime API and its
 * payment.downtime.* webhooks, and are resolved again at the end.
 */
import { describe, expect, it } from 'vitest';
import { e2eFixture } from './fixture';
import { fillSteps1to8 } from './wizard-steps';

const NOW = '2025-11-10T10:00:00+05:30';
const e2e = e2eFixture('checkout-downtime', { now: NOW });

async function post(url: string, body: unknown): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

describe('Checkout and payment method downtime', () => {
  it('leaves out a method with high downtime and warns about one with medium downtime (BP-17, BP-36)', async () => {
    const upi = await post(`${e2e.stack.doubleUrl}/_double/downtimes`, { method: 'upi', severity: 'high' });
    const bank = await post(`${e2e.stack.doubleUrl}/_double/downtimes`, { method: 'netbanking', severity: 'medium', instrument: { bank: 'HDFC' } });
    try {
      await fillSteps1to8(e2e.page, e2e.stack.appUrl, 'downtime.delegate@example.org');
      await e2e.page.getByRole('button', { name: 'Pay Now' }).click();
      const dialog = e2e.page.getByRole('dialog', { name: 'Razorpay test checkout' });
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(JSON.parse((await e2e.page.locator('[data-razorpay-standin]').getAttribute('data-hide')) ?? 'null')).toEqual([{ method: 'upi' }]);
      await expect.poll(() => dialog.getByText('Slower than usual right now: Netbanking (HDFC)', { exact: false }).isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      expect(e2e.consoleErrors).toEqual([]);
    } finally {
      await post(`${e2e.stack.doubleUrl}/_double/downtimes`, { id: upi.downtime.id, status: 'resolved' });
      await post(`${e2e.stack.doubleUrl}/_double/downtimes`, { id: bank.downtime.id, status: 'resolved' });
    }
  });
});
