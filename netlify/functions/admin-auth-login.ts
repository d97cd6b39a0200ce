/**
 * POST /api/admin-auth/login (docs/security.md, "Admin sign-in"; decision 044).
 *  {password}: the organisers' shared password, role owner.
 *  {email, password}: a named account (made on /admin/team), with its roles.
 *  200 { token, expiresAt }: an HS256 JWT for 8 hours (netlify/server/auth.ts).
 *  401 { error: { code: 'INVALID_PASSWORD', message: 'Invalid password' } } (with an e-mail:
 *      'Invalid e-mail or password', alike for an unknown address, a disabled account, one whose
 *      password is not set yet, and a wrong password).
 *  429 TOO_MANY_ATTEMPTS with Retry-After (seconds): more than 5 attempts per client address in 60 s.
 *  400 VALIDATION_FAILED / INVALID_JSON for a bad body; 503 when Redis (the rate limit) is down.
 * Every attempt counts towards the limit, right or wrong, and is recorded in the audit log with the
 * client address (a failed one under the account it named, when it names one).
 */
import type { Config } from '@netlify/functions';
import { adminLoginRequest, type AdminLoginResponse } from '../../src/shared/api';
import { INVALID_EMAIL_OR_PASSWORD, INVALID_PASSWORD, actorOf, checkAdminPassword, issueAccountToken, limitLoginAttempt, passwordSignIn } from '../server/auth';
import { adminEntry } from '../server/audit';
import { now } from '../server/platform/clock';
import { HttpError, clientAddress, endpoint, json, readJson } from '../server/platform/http';
import { setActor } from '../server/platform/request-scope';
import { audit } from '../server/platform/store';
import { checkAccountPassword, normaliseEmail, recordSignIn } from '../server/team';

export default endpoint(['POST'], async (req, context) => {
  const address = clientAddress(req, context);
  await limitLoginAttempt(address);
  const { email, password } = await readJson(req, adminLoginRequest);
  const at = now();
  const iso = at.toISOString();
  if (email) {
    const { account, ok } = await checkAccountPassword(email, password);
    if (!account || !ok) {
      await audit({ at: iso, actor: account?.id ?? 'unknown', action: 'admin.login-failed', details: { address, email: normaliseEmail(email) }, address });
      throw new HttpError(401, 'INVALID_PASSWORD', INVALID_EMAIL_OR_PASSWORD);
    }
    const { session, principal } = await issueAccountToken(account, at);
    setActor(actorOf(principal));
    await recordSignIn(account, at, adminEntry(at, 'admin.login', { address, email: account.email }));
    const body: AdminLoginResponse = session;
    return json(200, body);
  }
  if (!(await checkAdminPassword(password))) {
    await audit({ at: iso, actor: 'admin', action: 'admin.login-failed', details: { address }, address });
    throw new HttpError(401, 'INVALID_PASSWORD', INVALID_PASSWORD);
  }
  const { session, principal } = await passwordSignIn(at);
  setActor(actorOf(principal));
  await audit(adminEntry(at, 'admin.login', { address }));
  const body: AdminLoginResponse = session;
  return json(200, body);
});

export const config: Config = { path: '/api/admin-auth/login' };
