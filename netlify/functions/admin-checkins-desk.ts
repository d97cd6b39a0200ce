/**
 * POST /api/admin/checkins/desk {registrationNumber} (admin): checks in a delegate the organiser
 * found with "Find a delegate" on the verifier (no ticket at hand: the organiser checked who they
 * are), through the same rules as a scanned ticket (docs/operations.md, "Check-in at the door"):
 *  200 verify-qr's valid body: { valid: true, rid, repeat, message, name, tier, extras, checkedInAt | firstCheckInAt }
 *  409 cancelled, not confirmed (the status's code and message) or CHECKIN_CLOSED after the
 *      conference: { valid: false, rid, message, error }
 *  404 REGISTRATION_NOT_FOUND; 400 VALIDATION_FAILED; 401; 503.
 * Offline, the verifier queues the same check-in for POST /api/admin/checkins/sync.
 */
import type { Config } from '@netlify/functions';
import { deskCheckinRequest } from '../../src/shared/api';
import { requireRole } from '../server/auth';
import { checkInAtDoor, doorInvalid } from '../server/checkin';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';
import { getRegistration } from '../server/registrations';
import { recordAdmin } from '../server/audit';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-checkins-desk');
  const { registrationNumber } = await readJson(req, deskCheckinRequest);
  const registration = await getRegistration(registrationNumber);
  if (!registration) throw doorInvalid(404, 'REGISTRATION_NOT_FOUND', registrationNumber, 'No registration with this number.');
  const at = now();
  const body = await checkInAtDoor(registration, at);
  // The scan's own audit entry says checkin.recorded; this one says it came without a ticket.
  if (!body.repeat) await recordAdmin(at, 'checkin.desk', { regNo: registrationNumber });
  return json(200, body);
});

export const config: Config = { path: '/api/admin/checkins/desk' };
