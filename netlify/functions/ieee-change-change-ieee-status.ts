/**
 * POST /api/ieee-change/change-ieee-status {regId} (spec part 2 sections 4, 7, 9): starts a paid IEEE member to non-member change.
 *  200 {success: true, registrationNumber, order: {id, currency, amount (minor units), key, notes: {changeAmount, changeFrom, changeTo}}}.
 *  4xx {success: false, message, error: {code, message}}: 400 bad id, 404 unknown registration,
 *  409 not eligible or made with a coupon, 429 past the per-address limit; 503 Razorpay or Redis down.
 * Eligibility and the amount are the server's (netlify/server/self-service.ts); nothing is written on a refusal.
 */
import { changeOrderRequest } from '../../src/shared/api';
import { now } from '../server/clock';
import { endpoint, json, readJson } from '../server/http';
import { limitRequest } from '../server/rate-limit';
import { createChangeOrder } from '../server/self-service';

export default endpoint(
  ['POST'],
  async (req, context) => {
    await limitRequest('change-order', req, context);
    const { regId } = await readJson(req, changeOrderRequest);
    const result = await createChangeOrder('ieee-change', regId, now());
    return json(200, { success: true, ...result });
  },
  { successFlag: true },
);

export const config = { path: '/api/ieee-change/change-ieee-status' };
