/**
 * GET /api/admin-auth/verify with `Authorization: Bearer <token>` (docs/rules.md#the-admin-area):
 * any role's token (decision 044); the admin pages read the roles from the token's claims.
 *  200 { ok: true, expiresAt } for a valid session;
 *  401 UNAUTHORIZED (no token), INVALID_TOKEN (expired, tampered, alg none, wrong audience...) or
 *  TOKEN_REVOKED (the person disabled or their roles changed, the device revoked).
 */
import type { Config } from '@netlify/functions';
import type { AdminVerifyResponse } from '../../src/shared/api';
import { requireRole } from '../server/auth';
import { endpoint, json } from '../server/platform/http';

export default endpoint(['GET'], async (req) => {
  const { expiresAt } = await requireRole(req, 'admin-auth-verify');
  const body: AdminVerifyResponse = { ok: true, expiresAt };
  return json(200, body);
});

export const config: Config = { path: '/api/admin-auth/verify' };
