/**
 * GET /api/admin/audit/export?actor=&action= (owner; docs/security.md, "The audit record"): the
 * audit record as CSV, newest first, with the same filters as GET /api/admin/audit.
 *  200 text/csv; charset=utf-8, `attachment; filename="audit_{YYYY-MM-DD}.csv"` (the day in
 *  Asia/Kolkata): a UTF-8 BOM, the header row, one row per entry (time in IST and ISO, actor,
 *  actor's name, roles, client address, action, details as JSON), every text cell neutralised
 *  against spreadsheet formulas. Streamed a thousand entries at a time.
 *  400 VALIDATION_FAILED; 401; 403 FORBIDDEN_ROLE; 503 when the store is down before the first byte.
 * Each export is itself recorded (it carries client addresses and names).
 */
import type { Config } from '@netlify/functions';
import { conference } from '../../src/content/conference';
import { auditQuery } from '../../src/shared/admin-team';
import { dayIn } from '../../src/shared/dates';
import { requireRole } from '../server/auth';
import { AUDIT_CSV_HEADERS, auditCsvRow, auditEntries, recordAdmin } from '../server/audit';
import { now } from '../server/platform/clock';
import { csvStreamResponse } from '../server/platform/csv-file';
import { endpoint, validate } from '../server/platform/http';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-audit-export');
  const { actor, action } = validate(auditQuery, Object.fromEntries(new URL(req.url).searchParams));
  const filter = { actor: actor || undefined, action: action || undefined };
  const at = now();
  await recordAdmin(at, 'audit.exported', { ...filter });
  async function* rows() {
    for await (const entries of auditEntries(filter)) yield entries.map(auditCsvRow);
  }
  return csvStreamResponse(`audit_${dayIn(at, conference.timeZone)}.csv`, AUDIT_CSV_HEADERS, rows());
});

export const config: Config = { path: '/api/admin/audit/export' };
