/**
 * POST /api/payment/create-order {amount, data, code} -> order response (spec part 2 sections 3, 7).
 * The amount is recomputed on the server; see netlify/server/orders.ts for the rules.
 * A valid admin bearer token makes the request admin (the foreign-author override of spec part 2
 * section 6: USD tiers and non-Indian countries); no token or an invalid one does not.
 */
import { createOrderRequest } from '../../src/shared/api';
import { isAdminRequest } from '../server/auth';
import { now } from '../server/clock';
import { endpoint, json, readJson } from '../server/http';
import { createRegistrationOrder } from '../server/registration-orders';

export default endpoint(['POST'], async (req) => {
  const input = await readJson(req, createOrderRequest);
  const at = now();
  const order = await createRegistrationOrder(input, { now: at, admin: await isAdminRequest(req, at) });
  return json(200, order);
});

export const config = { path: '/api/payment/create-order' };
