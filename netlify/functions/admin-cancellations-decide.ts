/**
 * POST /api/admin/cancellations/decide {registrationNumber, decision: 'approve'|'decline'}
 * (admin; docs/payments.md#cancellations-and-refunds). Approving marks the registration cancelled (kept, shown as such,
 * left out of the dashboard counts, its ticket refused at check-in) and issues the credit note
 * when a refund is due; the refund itself is paid after the conference (/api/admin/refunds/pay).
 *  200 the registration as written; 400; 401; 404; 409 NO_OPEN_REQUEST; 503.
 */
import type { Config } from '@netlify/functions';
import { cancellationDecisionRequest } from '../../src/shared/api';
import { requireRole } from '../server/auth';
import { decideCancellation } from '../server/cancellations';
import { now } from '../server/platform/clock';
import { endpoint, json, readJson } from '../server/platform/http';

export default endpoint(['POST'], async (req) => {
  await requireRole(req, 'admin-cancellations-decide');
  const { registrationNumber, decision } = await readJson(req, cancellationDecisionRequest);
  return json(200, await decideCancellation(registrationNumber, decision, now()));
});

export const config: Config = { path: '/api/admin/cancellations/decide' };
