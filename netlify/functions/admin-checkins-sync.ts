/**
 * POST /api/admin/checkins/sync (admin; issue 25): the scans a verifier device queued while
 * offline, `{scans: [{nonce, ticket, scannedAt, device}]}` (syncBodySchema, src/shared/checkin.ts).
 * Each scan is judged again on the server; a good one records one check-in per nonce (a retried
 * sync counts nothing twice); a ticket already checked in that day on another device is a conflict.
 *  200 {recorded, duplicates, conflicts: CheckinConflict[], refused: [{nonce, registrationNumber, reason}]}
 *  400 a malformed body (nothing recorded); 401; 503.
 */
import type { Config } from '@netlify/functions';
import { apiPaths } from '../../src/shared/api-paths';
import { syncBodySchema } from '../../src/shared/checkin';
import { requireAdmin } from '../server/auth';
import { syncScans } from '../server/checkin';
import { endpoint, json, parseJsonText, readRawBody, validate } from '../server/http';

/** 2,000 scans of about 250 bytes each. */
const MAX_SYNC_BYTES = 600_000;

export default endpoint(['POST'], async (req) => {
  await requireAdmin(req);
  const body = validate(syncBodySchema, parseJsonText(await readRawBody(req, MAX_SYNC_BYTES)));
  return json(200, await syncScans(body.scans));
});

export const config: Config = { path: apiPaths.adminCheckinSync };
