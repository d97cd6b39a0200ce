/**
 * POST /api/admin/team/{id}/password-link (owner; decision 044): e-mails the organiser a new
 * one-time link to set their password (a forgotten password, an expired or lost link). The
 * earlier link stops working; the password, if set, keeps working until a new one is set.
 *  200 AccountLinkAnswer {account, linkSent, mailError?}; 404 ACCOUNT_NOT_FOUND;
 *  409 ACCOUNT_DISABLED (enable it first); 401; 403 FORBIDDEN_ROLE; 503.
 * Recorded in the audit record.
 */
import type { Config } from '@netlify/functions';
import type { AccountLinkAnswer } from '../../src/shared/admin-team';
import { requireRole } from '../server/auth';
import { adminEntry } from '../server/audit';
import { now } from '../server/platform/clock';
import { HttpError, endpoint, json, pathSegment } from '../server/platform/http';
import { accountView, getAccount, issuePasswordLink } from '../server/team';
import { sendPasswordLink } from '../server/team-mail';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-team-link');
  const account = await getAccount(pathSegment(req, 3));
  if (!account) throw new HttpError(404, 'ACCOUNT_NOT_FOUND', 'No account with this id.');
  if (account.disabled) throw new HttpError(409, 'ACCOUNT_DISABLED', 'This account is disabled: enable it first, then send a link.');
  const at = now();
  const link = await issuePasswordLink(account, at, (expiresAt) => adminEntry(at, 'team.password-link', { id: account.id, email: account.email, expiresAt }));
  const mailError = await sendPasswordLink(link.account, link.secret, link.expiresAt, false);
  const body: AccountLinkAnswer = { account: accountView(link.account), linkSent: !mailError, ...(mailError ? { mailError } : {}) };
  return json(200, body);
});

export const config: Config = { path: '/api/admin/team/:id/password-link' };
