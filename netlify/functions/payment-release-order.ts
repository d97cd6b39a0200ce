/**
 * POST /api/payment/release-order {orderId} -> {success: true, released} (docs/payments.md#coupons).
 * The wizard calls it when Razorpay Checkout was closed unpaid (modal.ondismiss) or could not be
 * opened: the order's coupon use goes back at once instead of when the hold lapses
 * (COUPON_HOLD_MS). Only an unpaid registration order's hold is touched; the order itself stays,
 * so a payment that still arrives for it is applied (and listed for the organisers if the
 * coupon's limit was reached meanwhile, see finalise.ts). Idempotent: a second call answers
 * released: false. 404 ORDER_NOT_FOUND for no such pending order, 409 ORDER_PAID once it is
 * finalised, 400 for a malformed id, 429 past the 'order-release' limit, 503 store down.
 */
import type { Config } from '@netlify/functions';
import { releaseOrderRequest, type ReleaseOrderResponse } from '../../src/shared/api';
import { releaseCouponHold } from '../server/coupons';
import { HttpError, endpoint, json, readJson } from '../server/platform/http';
import { getOrderState } from '../server/orders/orders';
import { limitRequest } from '../server/platform/rate-limit';

export default endpoint(['POST'], async (req, context) => {
  const { orderId } = await readJson(req, releaseOrderRequest);
  await limitRequest('order-release', req, context);
  const { order, done } = await getOrderState(orderId);
  if (done) throw new HttpError(409, 'ORDER_PAID', 'This order is already paid; nothing was released.');
  if (!order || order.kind !== 'registration') throw new HttpError(404, 'ORDER_NOT_FOUND', 'No pending order with this id.');
  let released = false;
  if (order.couponCode) {
    const result = await releaseCouponHold(order.couponCode, orderId);
    if (result === 'finalised') throw new HttpError(409, 'ORDER_PAID', 'This order is already paid; nothing was released.');
    released = result === 'released';
  }
  const body: ReleaseOrderResponse = { success: true, released };
  return json(200, body);
});

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/payment/release-order', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
