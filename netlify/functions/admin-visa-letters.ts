/**
 * GET /api/admin/visa-letters (admin; decision 016): the visa-letter queue, newest request first,
 * with the passport details (opened for the admin; null once deleted after the conference).
 *  200 VisaLetterItem[]; 401 without a valid admin token; 500 without PASSPORT_DATA_KEY; 503.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { endpoint, json } from '../server/platform/http';
import { listVisaLetters } from '../server/visa-letters';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-visa-letters');
  return json(200, await listVisaLetters(), { 'Cache-Control': 'no-store' });
});

export const config: Config = { path: '/api/admin/visa-letters' };
