/**
 * POST /api/admin/checkins/sync (admin; decision 035): the scans a verifier device queued while
 * offline, `{scans: [{nonce, ticket | registrationNumber, scannedAt, device}]}` (syncBodySchema,
 * src/shared/checkin.ts; `registrationNumber` for a delegate checked in from "Find a delegate").
 * Each scan is judged again on the server; a good one records one check-in per device and nonce
 * (a retried sync counts nothing twice); a ticket already checked in that day on another device
 * (or online) is a conflict; a scan dated outside the conference days or ahead of the server's
 * clock is flagged, giving no attendance (decision 035). A device may not be named "online".
 * A desk device's token (decision 044) records every scan under the device's own id.
 *  200 {recorded, duplicates, conflicts: CheckinConflict[], refused: [{nonce, registrationNumber, reason}], flagged: FlaggedScan[]}
 *  400 a malformed body (nothing recorded); 401; 503.
 */
import type { Config } from '@netlify/functions';
import { syncBodySchema } from '../../src/shared/checkin';
import { requireRole } from '../server/auth';
import { syncScans } from '../server/checkin';
import { now } from '../server/platform/clock';
import { endpoint, json, parseJsonText, readRawBody, validate } from '../server/platform/http';

/** 2,000 scans of about 250 bytes each. */
const MAX_SYNC_BYTES = 600_000;

export default endpoint(['POST'], async (req) => {
  const principal = await requireRole(req, 'admin-checkins-sync');
  const body = validate(syncBodySchema, parseJsonText(await readRawBody(req, MAX_SYNC_BYTES)));
  // An enrolled desk device syncs as itself, whatever id its scans carry (scans kept before it was
  // enrolled carry the id the browser made up): its check-ins and conflicts name the device.
  const scans = principal.kind === 'device' ? body.scans.map((s) => ({ ...s, device: principal.subject })) : body.scans;
  return json(200, await syncScans(scans, now()));
});

export const config: Config = { path: '/api/admin/checkins/sync' };
