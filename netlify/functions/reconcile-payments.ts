/**
 * Scheduled every 10 minutes (issue "Accounts": nothing paid is ever lost): finalises payments
 * Razorpay captured whose browser and webhook were both lost, and lists payments that cannot be
 * applied (netlify/server/reconcile.ts). Scheduled functions have no public URL in production;
 * Netlify's UI can run it by hand.
 * Answers 200 with what the run did, or 500 (logged) when the store or configuration fails.
 */
import { now } from '../server/clock';
import { describeCause, errorBody, json } from '../server/http';
import { reconcilePayments } from '../server/reconcile';

export default async (): Promise<Response> => {
  try {
    const run = await reconcilePayments(now());
    if (run.checked) console.log(`[reconcile] checked ${run.checked}: finalised ${run.finalised}, attention ${run.attention}, removed ${run.removed}, deferred ${run.deferred}`);
    return json(200, run);
  } catch (err) {
    console.error(`[reconcile] run failed: ${describeCause(err)}`);
    return json(500, errorBody('INTERNAL_ERROR', 'The reconciliation run failed.'));
  }
};

export const config = { schedule: '*/10 * * * *' };
