/**
 * GET /api/admin/checkins/snapshot (admin; docs/operations.md#desk-devices): what a verifier
 * device keeps for offline check-in: the confirmed registrations (number, name, organisation,
 * tier, days, status, ticket version), the revoked registration numbers, the tickets' Ed25519
 * public key, the conflicts so far and when the data was taken (CheckinSnapshot, src/shared/checkin.ts).
 *  200 CheckinSnapshot; 401; 503.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { checkinSnapshot } from '../server/checkin';
import { now } from '../server/platform/clock';
import { endpoint, json } from '../server/platform/http';
import { recordAdmin } from '../server/audit';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-checkins-snapshot');
  const at = now();
  const snapshot = await checkinSnapshot(at);
  // Names and organisations go to a device: recorded with who took them (docs/security.md, "The audit record").
  await recordAdmin(at, 'checkins.snapshot', { registrations: snapshot.registrations.length });
  return json(200, snapshot);
});

export const config: Config = { path: '/api/admin/checkins/snapshot' };
