/**
 * GET /api/payments/attention (admin; the dashboard's "Payments needing attention" panel).
 *  200 [AttentionPayment, ...]: payments taken but not applied to a registration, newest first
 *  (amount in whole units of `currency`, `at` an ISO instant). 401 without a valid admin token;
 *  405 for other methods; 503 store down. Two store requests whatever the count
 *  (netlify/server/orders/attention.ts listAttentionPayments()).
 */
import type { Config } from '@netlify/functions';
import type { AttentionPayment } from '../../src/shared/api';
import { listAttentionPayments } from '../server/orders/attention';
import { requireRole } from '../server/auth';
import { endpoint, json } from '../server/platform/http';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'payments-attention');
  const body: AttentionPayment[] = await listAttentionPayments();
  return json(200, body);
});

export const config: Config = { path: '/api/payments/attention' };
