/**
 * POST /api/ieee-verification/ieee-status {MemberID} -> {MemberStatus} (docs/rules.md#the-api).
 * Rate-limited per client address ('ieee-status': 429 with Retry-After), so it is no unlimited
 * oracle on a third party's membership data (docs/security.md#rate-limits-and-the-client-address).
 */
import type { Config } from '@netlify/functions';
import { ieeeStatusRequest, type IeeeStatusResponse } from '../../src/shared/api';
import { endpoint, json, readJson } from '../server/platform/http';
import { membershipStatus } from '../server/platform/membership';
import { limitRequest } from '../server/platform/rate-limit';

export default endpoint(['POST'], async (req, context) => {
  const { MemberID } = await readJson(req, ieeeStatusRequest);
  // Counted once the request is well-formed: a malformed one is refused without any work or write.
  await limitRequest('ieee-status', req, context);
  const body: IeeeStatusResponse = { MemberStatus: await membershipStatus(MemberID) };
  return json(200, body);
});

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/ieee-verification/ieee-status', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
