/**
 * POST /api/payment/create-order {amount, data, code} -> order response (spec part 2 sections 3, 7).
 * The amount is recomputed on the server; see netlify/server/orders.ts for the rules.
 */
import { createOrderRequest } from '../../src/shared/api';
import { now } from '../server/clock';
import { endpoint, json, readJson } from '../server/http';
import { createRegistrationOrder } from '../server/orders';

export default endpoint(['POST'], async (req) => {
  const input = await readJson(req, createOrderRequest);
  // The admin override for foreign delegates arrives with the admin area (issue 4): until then no request is admin.
  const order = await createRegistrationOrder(input, { now: now(), admin: false });
  return json(200, order);
});

export const config = { path: '/api/payment/create-order' };
