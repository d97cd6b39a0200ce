/**
 * POST /api/coupons/verify {code, registrationTier?} -> {valid, type?, message}
 * (spec part 2 sections 5, 7). Unknown or used-up coupons answer 404/409 with the error shape
 * plus {valid:false, message}; nothing is written.
 */
import { couponVerifyRequest, type CouponVerifyResponse } from '../../src/shared/api';
import { couponTierError } from '../../src/shared/tier-rules';
import { now } from '../server/clock';
import { COUPON_EXHAUSTED_MESSAGE, getCoupon, isExhausted } from '../server/coupons';
import { HttpError, endpoint, json, readJson } from '../server/http';

function refuse(status: number, code: string, message: string): never {
  throw new HttpError(status, code, message, undefined, { valid: false, message });
}

export default endpoint(['POST'], async (req) => {
  const { code, registrationTier } = await readJson(req, couponVerifyRequest);
  const tierError = registrationTier ? couponTierError(registrationTier) : null;
  if (tierError) refuse(400, 'COUPON_NOT_APPLICABLE', tierError);
  const coupon = await getCoupon(code, now().getTime());
  if (!coupon) refuse(404, 'INVALID_COUPON', 'Invalid coupon');
  if (isExhausted(coupon)) refuse(409, 'COUPON_EXHAUSTED', COUPON_EXHAUSTED_MESSAGE);
  const body: CouponVerifyResponse = {
    valid: true,
    type: coupon.type,
    message: coupon.type === 'full' ? 'Coupon applied: the registration fee is waived.' : 'Coupon applied: the registration fee is halved.',
  };
  return json(200, body);
});

export const config = { path: '/api/coupons/verify' };
