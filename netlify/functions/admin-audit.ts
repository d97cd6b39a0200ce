/**
 * GET /api/admin/audit?actor=&action=&cursor=&limit= (owner; docs/security.md, "The audit
 * record"): the audit record, newest first. `actor` is an actor id ('admin' for the shared
 * password, an account or device id, 'registrant', 'webhook'...); `action` an action or its
 * dotted prefix ('refund' takes refund.started, refund.paid-outside...); `limit` 1-500 (100).
 *  200 {entries, nextCursor, total}: pass `nextCursor` back as `cursor` for older entries (null at
 *      the oldest). A page looks at most 5,000 entries, so a rare filter may return a short page
 *      with a cursor to go on.
 *  400 VALIDATION_FAILED; 401; 403 FORBIDDEN_ROLE; 503.
 */
import type { Config } from '@netlify/functions';
import { auditQuery, type AuditAnswer } from '../../src/shared/admin-team';
import { requireRole } from '../server/auth';
import { auditPage } from '../server/audit';
import { endpoint, json, validate } from '../server/platform/http';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-audit');
  const { actor, action, cursor, limit } = validate(auditQuery, Object.fromEntries(new URL(req.url).searchParams));
  const body: AuditAnswer = await auditPage({ actor: actor || undefined, action: action || undefined }, limit ?? 100, cursor);
  return json(200, body);
});

export const config: Config = { path: '/api/admin/audit' };
