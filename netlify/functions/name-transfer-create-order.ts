/**
 * POST /api/name-transfer/create-order {regId, email, to: {title, firstName, lastName, email,
 * organization, mobile}} (docs/rules.md#fees-arithmetic-and-timings, name transfer): starts the
 * paid transfer of a registration to another person (processing fee INR 2000 / USD 50 plus GST
 * and the convenience fee, before 20 Nov 2025 IST). Only when the id and the registered e-mail
 * match. Rate-limited per client address.
 *  200 {success: true, registrationNumber, order: {id, currency, amount (minor units), key, notes: {transferAmount, transferFrom, transferTo}}};
 *  400; 404 NO_MATCH; 409 CHANGES_CLOSED (the conference has ended: paid changes are no longer
 *  sold, decision 031), TRANSFER_CLOSED / REGISTRATION_CANCELLED; 429; 503. Failures carry {success: false, message}.
 */
import type { Config } from '@netlify/functions';
import { nameTransferRequest } from '../../src/shared/api';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { assertChangesOnSale, createNameTransferOrder } from '../server/orders/self-service';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email, to } = await readJson(req, nameTransferRequest);
    const at = now();
    // Before the rate limit: a closed sale answers at once and writes nothing, not even a count.
    assertChangesOnSale(at);
    await limitRequest('change-order', req, context);
    return json(200, await createNameTransferOrder(regId, email, to, at));
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/name-transfer/create-order', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
