/**
 * GET /api/registrations (admin; spec part 2 sections 2, 3, 7: the registrations table).
 *  200 [StoredRegistration, ...], oldest first, as a streamed body (http.ts jsonArrayStream). 401 without a valid admin token; 503 store down.
 * Two store requests whatever the count (netlify/server/registrations.ts allRegistrations()).
 */
import { requireAdmin } from '../server/auth';
import { endpoint, jsonArrayStream } from '../server/http';
import { allRegistrations } from '../server/registrations';

export default endpoint(['GET'], async (req) => {
  await requireAdmin(req);
  // Streamed: at a few thousand registrations the list outgrows a buffered function response.
  return jsonArrayStream(200, await allRegistrations());
});

export const config = { path: '/api/registrations' };
