/**
 * POST /api/registration/proof/status {regId, email} (decision 013): where the registration's proof of
 * student status stands, for its registrant (the proof page): awaiting, received (with when),
 * rejected (with the organisers' reason), approved, or not needed; and the registration's status.
 * The lookup rules of the other registrant calls: the same 404 NO_MATCH for an unknown ID and a
 * wrong e-mail, rate-limited per client address ('proof-status', counted once the request is
 * well-formed). Reads only.
 *  200 ProofStatusResponse; 400 VALIDATION_FAILED; 404 NO_MATCH; 429; 503.
 */
import type { Config } from '@netlify/functions';
import { proofStatusRequest, type ProofStatusResponse } from '../../src/shared/api';
import { proofStateOf, registrationStatus } from '../../src/shared/registration-status';
import { endpoint, json, readJson } from '../server/platform/http';
import { limitRequest } from '../server/platform/rate-limit';
import { getRegistrantRegistration } from '../server/registrations';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email } = await readJson(req, proofStatusRequest);
    await limitRequest('proof-status', req, context);
    const registration = await getRegistrantRegistration(regId, email);
    const { state, uploadedAt, reason } = proofStateOf(registration);
    const body: ProofStatusResponse = {
      success: true,
      registrationNumber: registration.registrationNumber,
      status: registrationStatus(registration),
      proof: state,
      ...(uploadedAt ? { uploadedAt } : {}),
      ...(reason ? { reason } : {}),
    };
    return json(200, body);
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/registration/proof/status', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
