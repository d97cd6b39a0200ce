/**
 * GET /api/registrations (admin; spec part 2 sections 2, 3, 7: the registrations table).
 *  200 [StoredRegistration, ...], oldest first. 401 without a valid admin token; 503 store down.
 * Two store requests whatever the count (netlify/server/registrations.ts allRegistrations()).
 */
import { requireAdmin } from '../server/auth';
import { endpoint, json } from '../server/http';
import { allRegistrations } from '../server/registrations';

export default endpoint(['GET'], async (req) => {
  await requireAdmin(req);
  return json(200, await allRegistrations());
});

export const config = { path: '/api/registrations' };
