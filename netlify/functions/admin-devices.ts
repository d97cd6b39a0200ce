/**
 * GET /api/admin/devices (owner, registrations): the desk devices, newest first.
 *  200 {devices: DeskDevice[]}.
 * POST /api/admin/devices {name} (owner, registrations; decision 044): a desk device for the
 * offline ticket verifier, enrolled by scanning its code (the page shows it as a QR code).
 *  201 {id, token, expiresAt}: `id` is the device's check-in device name in the sync; `token` holds
 *      the role desk alone (the verifier, the snapshot, the sync, the check-in by name, badges) and
 *      lasts until the end of the conference's last day in Asia/Kolkata (`expiresAt`).
 *  409 CONFERENCE_ENDED after that day; 400 VALIDATION_FAILED; 401; 403 FORBIDDEN_ROLE; 503.
 * The token is shown once: the server keeps the device, not its token. Recorded in the audit record.
 */
import type { Config } from '@netlify/functions';
import { conference } from '../../src/content/conference';
import { createDeviceRequest, type DeviceAnswer } from '../../src/shared/admin-team';
import { formatDay } from '../../src/shared/dates';
import { conferenceEnd } from '../../src/shared/schedule';
import { issueDeviceToken, requireRole } from '../server/auth';
import { adminEntry } from '../server/audit';
import { now } from '../server/platform/clock';
import { HttpError, endpoint, json, readJson } from '../server/platform/http';
import { deviceIdFor, listDevices, saveDevice, type StoredDevice } from '../server/team';

export default endpoint(['GET', 'POST'], async (req) => {
  const principal = await requireRole(req, 'admin-devices');
  if (req.method === 'GET') return json(200, { devices: await listDevices() });
  const { name } = await readJson(req, createDeviceRequest);
  const at = now();
  const end = conferenceEnd(conference);
  if (at.getTime() >= end.getTime()) throw new HttpError(409, 'CONFERENCE_ENDED', `The conference ended on ${formatDay(conference.endDate)}: desk devices are no longer made.`);
  const device: StoredDevice = { id: deviceIdFor(name), name, createdAt: at.toISOString(), createdBy: principal.subject, createdByName: principal.name, expiresAt: end.toISOString() };
  await saveDevice(device, adminEntry(at, 'device.created', { id: device.id, name, expiresAt: device.expiresAt }));
  const { token, expiresAt } = await issueDeviceToken(device, at);
  const body: DeviceAnswer = { id: device.id, token, expiresAt };
  return json(201, body);
});

export const config: Config = { path: '/api/admin/devices' };
