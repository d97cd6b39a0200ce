/**
 * Scheduled every 10 minutes (docs/operations.md#reconciliation: nothing paid is ever lost): finalises payments
 * Razorpay captured whose browser and webhook were both lost, and lists payments that cannot be
 * applied (netlify/server/orders/reconcile.ts). Scheduled functions have no public URL in production;
 * Netlify's UI can run it by hand. Runs in the invocation's deploy context (its key prefix).
 * Answers 200 with what the run did, or 500 (logged) when the store or configuration fails.
 */
import type { Config } from '@netlify/functions';
import { now } from '../server/platform/clock';
import { scheduled } from '../server/platform/http';
import { reconcilePayments } from '../server/orders/reconcile';

export default scheduled('reconcile', 'The reconciliation run failed.', async () => {
  const run = await reconcilePayments(now());
  if (run.checked || run.payments || run.providerHeldBack || run.webhooksDrained) console.log(`[reconcile] ${run.payments} payments, ${run.checked} pending orders checked (${run.providerCalls} Razorpay calls, ${run.providerRetries} retries${run.providerHeldBack ? `, held back: ${run.providerHeldBack}` : ''}): finalised ${run.finalised}, attention ${run.attention}, removed ${run.removed}, deferred ${run.deferred}, queued webhooks handled ${run.webhooksDrained}`);
  return run;
});

export const config: Config = { schedule: '*/10 * * * *' };
