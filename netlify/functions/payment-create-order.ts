/**
 * POST /api/payment/create-order {amount, data, code} -> order response (docs/rules.md#the-api).
 * The amount is recomputed on the server; see netlify/server/orders/registration-orders.ts for the rules.
 * A valid admin bearer token of a role the role table gives this endpoint (owner, registrations:
 * src/shared/admin-roles.ts) makes the request admin (the foreign-author override of
 * docs/rules.md#pages-and-routes: USD tiers and non-Indian countries); no token, an invalid one or another role's does not.
 * Anonymous calls are rate-limited per client address ('create-order': 429 with Retry-After),
 * since each stores a pending order and creates a Razorpay order (docs/security.md#rate-limits-and-the-client-address); admin calls are not.
 * Outside online registration (the edition's phase, docs/decisions/031-edition-phases.md) an
 * anonymous call is refused before anything is counted or written: 403 REGISTRATION_NOT_OPEN
 * before its first day, 403 REGISTRATION_CLOSED after the Standard deadline (15 Nov 2025,
 * 23:59 IST; decision 013), each with the phase's message.
 */
import type { Config } from '@netlify/functions';
import { createOrderRequest } from '../../src/shared/api';
import { isAdminRequest } from '../server/auth';
import { now } from '../server/platform/clock';
import { clientAddress, endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { assertRegistrationOpen, createRegistrationOrder } from '../server/orders/registration-orders';

export default endpoint(['POST'], async (req, context) => {
  const input = await readJson(req, createOrderRequest);
  const at = now();
  const admin = await isAdminRequest(req, at, 'payment-create-order');
  assertRegistrationOpen(at, admin);
  // Counted once the request is well-formed: a malformed one is refused without any work or write.
  if (!admin) await limitRequest('create-order', req, context);
  const order = await createRegistrationOrder(input, { now: at, admin, client: clientAddress(req, context) });
  return json(200, order);
});

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/payment/create-order', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
