/**
 * PATCH /api/admin/team/{id} {name?, roles?, disabled?} (owner; decision 044): changes an
 * organiser's account. Changing the roles or disabling ends the person's sessions within a minute
 * (their token version is raised: netlify/server/team.ts); enabling again lets them sign in with
 * their password. An owner cannot disable their own account or take the owner role from it.
 *  200 {account: TeamAccount}; 400 VALIDATION_FAILED; 404 ACCOUNT_NOT_FOUND; 409 OWN_ACCOUNT;
 *  401; 403 FORBIDDEN_ROLE; 503. Recorded in the audit record with what changed.
 */
import type { Config } from '@netlify/functions';
import { changeAccountRequest } from '../../src/shared/admin-team';
import { requireRole } from '../server/auth';
import { adminEntry } from '../server/audit';
import { now } from '../server/platform/clock';
import { HttpError, endpoint, json, pathSegment, readJson } from '../server/platform/http';
import { accountView, changeAccount } from '../server/team';

export default endpoint(['PATCH'], async (req) => {
  const principal = await requireRole(req, 'admin-team-account');
  const id = pathSegment(req, 3);
  const change = await readJson(req, changeAccountRequest);
  if (id === principal.subject && (change.disabled === true || (change.roles && !change.roles.includes('owner')))) {
    throw new HttpError(409, 'OWN_ACCOUNT', 'You cannot disable your own account or take the owner role from it: ask another owner.');
  }
  const at = now();
  const account = await changeAccount(id, change, at, (before, after) =>
    adminEntry(at, 'team.account-changed', {
      id,
      email: after.email,
      ...(before.name !== after.name ? { name: { from: before.name, to: after.name } } : {}),
      ...(change.roles ? { roles: { from: before.roles, to: after.roles } } : {}),
      ...(before.disabled !== after.disabled ? { disabled: { from: before.disabled, to: after.disabled } } : {}),
    }),
  );
  return json(200, { account: accountView(account) });
});

export const config: Config = { path: '/api/admin/team/:id' };
