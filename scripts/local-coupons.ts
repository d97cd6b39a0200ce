/**
 * Coupons seeded into the local store by `npm start` and `npm run seed:coupons`.
 * SAMPLE data for local use; production coupons are created by the organisers
 * (same command with production UPSTASH_* variables and COUPONS_FILE).
 */
import type { CouponType } from '../src/shared/pricing';

export const localCoupons: Array<{ code: string; type: CouponType; limit: number }> = [
  { code: 'PESGRE-FULL', type: 'full', limit: 25 },
  { code: 'PESGRE-HALF', type: 'half', limit: 50 },
];
