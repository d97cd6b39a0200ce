/**
 * POST /api/admin/checkins/sync (admin; issue 25): the scans a verifier device queued while
 * offline, `{scans: [{nonce, ticket | registrationNumber, scannedAt, device}]}` (syncBodySchema,
 * src/shared/checkin.ts; `registrationNumber` for a delegate checked in from "Find a delegate").
 * Each scan is judged again on the server; a good one records one check-in per device and nonce
 * (a retried sync counts nothing twice); a ticket already checked in that day on another device
 * (or online) is a conflict; a scan dated outside the conference days or ahead of the server's
 * clock is flagged, giving no attendance (decision 035). A device may not be named "online".
 *  200 {recorded, duplicates, conflicts: CheckinConflict[], refused: [{nonce, registrationNumber, reason}], flagged: FlaggedScan[]}
 *  400 a malformed body (nothing recorded); 401; 503.
 */
import type { Config } from '@netlify/functions';
import { apiPaths } from '../../src/shared/api-paths';
import { syncBodySchema } from '../../src/shared/checkin';
import { requireAdmin } from '../server/auth';
import { syncScans } from '../server/checkin';
import { now } from '../server/clock';
import { endpoint, json, parseJsonText, readRawBody, validate } from '../server/http';

/** 2,000 scans of about 250 bytes each. */
const MAX_SYNC_BYTES = 600_000;

export default endpoint(['POST'], async (req) => {
  await requireAdmin(req);
  const body = validate(syncBodySchema, parseJsonText(await readRawBody(req, MAX_SYNC_BYTES)));
  return json(200, await syncScans(body.scans, now()));
});

export const config: Config = { path: apiPaths.adminCheckinSync };
