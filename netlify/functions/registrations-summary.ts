/**
 * GET /api/registrations/summary (admin; docs/rules.md#the-admin-area: the dashboard panel).
 *  200 { totalRegistrations, latestRegistrations }: the count and the 10 newest registrations that
 *  count (approved cancellations left out of both), newest first (StoredRegistration objects). 401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import type { RegistrationsSummaryResponse } from '../../src/shared/api';
import { requireRole } from '../server/auth';
import { endpoint, json } from '../server/platform/http';
import { registrationSummary } from '../server/registrations';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'registrations-summary');
  const { total, latest } = await registrationSummary();
  const body: RegistrationsSummaryResponse = { totalRegistrations: total, latestRegistrations: latest };
  return json(200, body);
});

export const config: Config = { path: '/api/registrations/summary' };
