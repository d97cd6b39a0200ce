/**
 * GET /api/admin/team (owner): the organisers' named accounts, oldest first (no hash of any kind).
 *  200 {accounts: TeamAccount[]}.
 * POST /api/admin/team {name, email, roles} (owner; decision 044): makes an account and e-mails
 * the person a one-time link to set their password (valid PASSWORD_LINK_HOURS, netlify/server/team.ts).
 *  201 AccountLinkAnswer {account, linkSent, mailError?}: the account is kept when the e-mail
 *      fails; the owner sends a new link (POST /api/admin/team/{id}/password-link).
 *  400 VALIDATION_FAILED (a role that does not exist, no role, a bad address); 409 ACCOUNT_EXISTS;
 *  401; 403 FORBIDDEN_ROLE; 503.
 * Recorded in the audit record: the account made and the link sent.
 */
import type { Config } from '@netlify/functions';
import { createAccountRequest, type AccountLinkAnswer } from '../../src/shared/admin-team';
import { requireRole } from '../server/auth';
import { adminEntry } from '../server/audit';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { accountView, createAccount, issuePasswordLink, listAccounts } from '../server/team';
import { sendPasswordLink } from '../server/team-mail';

export default endpoint(['GET', 'POST'], async (req) => {
  const principal = await requireRole(req, 'admin-team');
  if (req.method === 'GET') return json(200, { accounts: (await listAccounts()).map(accountView) });
  const input = await readJson(req, createAccountRequest);
  const at = now();
  const account = await createAccount(input, at, principal.subject, (a) => adminEntry(at, 'team.account-created', { id: a.id, name: a.name, email: a.email, roles: a.roles }));
  const link = await issuePasswordLink(account, at, (expiresAt) => adminEntry(at, 'team.password-link', { id: account.id, email: account.email, expiresAt }));
  const mailError = await sendPasswordLink(link.account, link.secret, link.expiresAt, true);
  const body: AccountLinkAnswer = { account: accountView(link.account), linkSent: !mailError, ...(mailError ? { mailError } : {}) };
  return json(201, body);
});

export const config: Config = { path: '/api/admin/team' };
