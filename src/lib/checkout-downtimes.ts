/**
 * Payment method downtime in Checkout (docs/payments.md, "Payment method downtime"): before
 * Checkout opens, the browser asks GET /api/payment/downtimes and turns the answer into Checkout
 * options. A method (or bank, card issuer or network) with high downtime is left out through
 * Razorpay's display config (`config.display.hide`, with Checkout's default blocks kept); one
 * with medium or low downtime stays and is named in the description line Checkout shows at its
 * top, so the delegate reads it before choosing how to pay. When the call fails or is slow, Checkout
 * opens as it always did: downtime advice must never stop a payment.
 */
import type { PaymentDowntimesResponse } from '../shared/api';
import { apiPaths } from '../shared/api-paths';
import { getJson } from './api';

/** How long the browser waits for the advice before opening Checkout without it (ms). */
export const DOWNTIME_WAIT_MS = 1_500;

const METHOD_NAMES: Record<string, string> = { card: 'Cards', netbanking: 'Netbanking', upi: 'UPI', wallet: 'Wallets' };

/** The Checkout options that carry `advice` (pure): `config` when something is hidden, and the description with the warnings appended. */
export function checkoutDowntimeOptions(advice: Pick<PaymentDowntimesResponse, 'hide' | 'warn'> | null, description: string): { description: string; config?: { display: { hide: PaymentDowntimesResponse['hide']; preferences: { show_default_blocks: true } } } } {
  if (!advice) return { description };
  const warnings = advice.warn.map((w) => `${METHOD_NAMES[w.method] ?? w.method}${w.detail === 'all' ? '' : ` (${w.detail})`}`);
  const text = warnings.length ? `${description}. Slower than usual right now: ${[...new Set(warnings)].join(', ')}` : description;
  return { description: text, ...(advice.hide.length ? { config: { display: { hide: advice.hide, preferences: { show_default_blocks: true } } } } : {}) };
}

/** Asks the server for the downtime advice; null when it fails or takes longer than DOWNTIME_WAIT_MS. */
export async function fetchDowntimeAdvice(): Promise<PaymentDowntimesResponse | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNTIME_WAIT_MS);
  try {
    const result = await getJson<PaymentDowntimesResponse>(apiPaths.paymentDowntimes, { signal: controller.signal });
    return result.ok && result.data ? result.data : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
