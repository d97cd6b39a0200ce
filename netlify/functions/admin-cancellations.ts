/**
 * GET /api/admin/cancellations (admin; docs/payments.md#cancellations-and-refunds): every registration with a cancellation
 * request, newest request first, with its cancellation (status, refund due, credit note, payout).
 *  200 StoredRegistration[]; 401 without a valid admin token; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { listCancellations } from '../server/cancellations';
import { endpoint, json } from '../server/platform/http';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'admin-cancellations');
  return json(200, await listCancellations());
});

export const config: Config = { path: '/api/admin/cancellations' };
