/**
 * POST /api/admin-auth/login {password} (spec part 2 sections 2, 7, 8).
 *  200 { token, expiresAt }: an HS256 JWT for 8 hours (netlify/server/auth.ts).
 *  401 { error: { code: 'INVALID_PASSWORD', message: 'Invalid password' } }.
 *  429 TOO_MANY_ATTEMPTS with Retry-After (seconds): more than 5 attempts per client address in 60 s.
 *  400 VALIDATION_FAILED / INVALID_JSON for a bad body; 503 when Redis (the rate limit) is down.
 * Every attempt counts towards the limit, right or wrong, and is recorded in the audit log.
 */
import type { Config } from '@netlify/functions';
import { adminLoginRequest, type AdminLoginResponse } from '../../src/shared/api';
import { INVALID_PASSWORD, checkAdminPassword, issueAdminToken, limitLoginAttempt } from '../server/auth';
import { now } from '../server/clock';
import { HttpError, clientAddress, endpoint, json, readJson } from '../server/http';
import { audit } from '../server/store';

export default endpoint(['POST'], async (req, context) => {
  const address = clientAddress(req, context);
  await limitLoginAttempt(address);
  const { password } = await readJson(req, adminLoginRequest);
  const at = now();
  if (!(await checkAdminPassword(password))) {
    await audit({ at: at.toISOString(), actor: 'admin', action: 'admin.login-failed', details: { address } });
    throw new HttpError(401, 'INVALID_PASSWORD', INVALID_PASSWORD);
  }
  const session: AdminLoginResponse = await issueAdminToken(at);
  await audit({ at: at.toISOString(), actor: 'admin', action: 'admin.login', details: { address } });
  return json(200, session);
});

export const config: Config = { path: '/api/admin-auth/login' };
