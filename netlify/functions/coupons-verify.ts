/**
 * POST /api/coupons/verify {code, registrationTier?} -> {valid, type?, message}
 * (docs/payments.md#coupons). An unknown and a used-up coupon answer alike, 400
 * INVALID_COUPON, as create-order answers it (coupons.ts checkCoupon; docs/decisions/008), with the error shape plus {valid:false, message:'Invalid coupon'}, so a guesser
 * learns nothing from a code that exists but is used up (docs/security.md#coupon-codes). Rate-limited per client
 * address ('coupon-verify': 429 with Retry-After). Nothing is written but the limiter's count.
 */
import type { Config } from '@netlify/functions';
import { couponVerifyRequest, type CouponVerifyResponse } from '../../src/shared/api';
import { now } from '../server/platform/clock';
import { checkCoupon } from '../server/coupons';
import { HttpError, clientAddress, endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';

function refuse(status: number, code: string, message: string): never {
  throw new HttpError(status, code, message, undefined, { valid: false, message });
}

export default endpoint(['POST'], async (req, context) => {
  const { code, registrationTier } = await readJson(req, couponVerifyRequest);
  // Counted once the request is well-formed: a malformed one is refused without any work or write.
  await limitRequest('coupon-verify', req, context);
  const check = await checkCoupon(code, registrationTier, now().getTime(), clientAddress(req, context));
  if ('refusal' in check) refuse(400, check.refusal.code, check.refusal.message);
  const { coupon } = check;
  const body: CouponVerifyResponse = {
    valid: true,
    type: coupon.type,
    message: coupon.type === 'full' ? 'Coupon applied: the registration fee is waived.' : 'Coupon applied: the registration fee is halved.',
  };
  return json(200, body);
});

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/coupons/verify', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
