/**
 * POST /api/name-transfer/verify {razorpay_order_id, razorpay_payment_id, razorpay_signature}
 * (docs/payments.md#self-service-changes): verifies the transfer fee's payment like verify-payment (signature, the
 * payment fetched from Razorpay: same order, paid, same amount) and applies the transfer exactly
 * once: the registration moves to the new person, who is e-mailed a new ticket; the old ticket is
 * refused from then on.
 *  200 {success: true, registrationNumber}; 400; 404; 409 REFUND_DUE when the registration changed
 *  hands or was cancelled meanwhile (the payment is listed for a refund); 503.
 */
import type { Config } from '@netlify/functions';
import { selfServiceVerifyEndpoint } from '../server/orders/confirm';

export default selfServiceVerifyEndpoint('verify-name-transfer');

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/name-transfer/verify', rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
