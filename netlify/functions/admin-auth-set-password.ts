/**
 * POST /api/admin-auth/set-password {token, password} (no sign-in; decision 044): sets the
 * password of the organiser account whose one-time link carries `token` (the secret in the
 * link's fragment, /admin/set-password#token=...). The link works once and expires
 * (netlify/server/team.ts); setting the password ends the person's earlier sessions.
 *  200 {email}: sign in with it and the new password.
 *  410 LINK_INVALID: the link was used, replaced by a newer one, or expired, or the account is disabled.
 *  400 VALIDATION_FAILED (a password shorter than 12 characters...); 429 TOO_MANY_ATTEMPTS (the
 *  sign-in limiter, per client address); 503.
 * Recorded in the audit record under the account.
 */
import type { Config } from '@netlify/functions';
import { setPasswordRequest } from '../../src/shared/admin-team';
import { limitLoginAttempt } from '../server/auth';
import { now } from '../server/platform/clock';
import { clientAddress, endpoint, json, readJson } from '../server/platform/http';
import { setPasswordFromLink } from '../server/team';

export default endpoint(['POST'], async (req, context) => {
  const address = clientAddress(req, context);
  const { token, password } = await readJson(req, setPasswordRequest);
  // Counted once well-formed (docs/security.md): the link's secret is not guessable, the limit stops scripts all the same.
  await limitLoginAttempt(address);
  const at = now();
  const account = await setPasswordFromLink(token, password, at, (a) => ({
    at: at.toISOString(),
    actor: a.id,
    actorName: `${a.name} <${a.email}>`,
    roles: [...a.roles],
    address,
    action: 'team.password-set',
    details: { id: a.id, email: a.email },
  }));
  return json(200, { email: account.email });
});

export const config: Config = { path: '/api/admin-auth/set-password' };
