/**
 * POST /api/admin/papers/session-coupons {session} (admin; docs/operations.md#how-special-session-tracks-are-recognised): the
 * session's complimentary full registrations (one per 8 non-organiser papers) as single-use 100 %
 * coupons with random codes, generated once.
 *  200 {session, coupons: [code], generated}: generated false when an earlier call made them.
 *  404 unknown session; 409 fewer than 8 non-organiser papers; 400 bad body;
 *  401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { specialCouponsRequest } from '../../src/shared/papers-schema';
import { requireRole } from '../server/auth';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { generateSessionCoupons } from '../server/papers';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-papers-session-coupons');
  const { session } = await readJson(req, specialCouponsRequest);
  return json(200, await generateSessionCoupons(session, now()));
});

export const config: Config = { path: '/api/admin/papers/session-coupons' };
