/**
 * POST /api/ieee-change/verify-ieee-change {razorpay_order_id, razorpay_payment_id, razorpay_signature} (docs/rules.md#the-api).
 *  200 {success: true, registrationNumber} once the payment is verified (signature, and the payment
 *  fetched from Razorpay: same order, paid, same amount) and the change applied, exactly once
 *  however often it is called and whether or not the webhook came first.
 *  4xx {success: false, message, error}: 400 bad signature or mismatched payment, 404 unknown
 *  order, 409 REFUND_DUE when the registration changed another way meanwhile (the payment is
 *  listed for a refund); 503 Razorpay or Redis down.
 */
import type { Config } from '@netlify/functions';
import { selfServiceVerifyEndpoint } from '../server/orders/confirm';

export default selfServiceVerifyEndpoint('verify-ieee-change');

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/ieee-change/verify-ieee-change', rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
