/**
 * POST /api/tier-upgrade/upgrade-tier {regId} (docs/payments.md#self-service-changes): starts a paid student to professional upgrade.
 *  200 {success: true, registrationNumber, order: {id, currency, amount (minor units), key, notes: {upgradeAmount, upgradeFrom, upgradeTo}}}.
 *  4xx {success: false, message, error: {code, message}}: 400 bad id, 404 unknown registration,
 *  409 not eligible or made with a coupon, 409 CHANGES_CLOSED once the conference has ended (paid
 *  changes are no longer sold, decision 031), 429 past the per-address limit; 503 Razorpay or Redis down.
 * Eligibility and the amount are the server's (netlify/server/orders/self-service.ts); nothing is written on a refusal.
 */
import type { Config } from '@netlify/functions';
import { changeOrderEndpoint } from '../server/orders/self-service';

export default changeOrderEndpoint('tier-upgrade');

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/tier-upgrade/upgrade-tier', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
