/**
 * DELETE /api/admin/devices/{id} (owner, registrations; decision 044): revokes a desk device. Its
 * token stops working within a minute everywhere (online and at its next sync: its token version
 * is raised, netlify/server/team.ts); the scans it still holds stay on it until someone signs in
 * on it. Revoking a revoked device changes nothing.
 *  200 {device: DeskDevice}; 404 DEVICE_NOT_FOUND; 401; 403 FORBIDDEN_ROLE; 503.
 * Recorded in the audit record.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { adminEntry } from '../server/audit';
import { now } from '../server/platform/clock';
import { endpoint, json, pathSegment } from '../server/platform/http';
import { revokeDevice } from '../server/team';

export default endpoint(['DELETE'], async (req) => {
  const principal = await requireRole(req, 'admin-device-revoke');
  const at = now();
  const device = await revokeDevice(pathSegment(req, 3), at, principal.subject, (d) => adminEntry(at, 'device.revoked', { id: d.id, name: d.name }));
  return json(200, { device });
});

export const config: Config = { path: '/api/admin/devices/:id' };
