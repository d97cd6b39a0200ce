/**
 * Scheduled every 10 minutes: retries confirmation e-mails that failed (netlify/server/
 * mail-delivery.ts: backoff 1 min, 5 min, 30 min, 2 h; given up after 5 attempts with an audit
 * entry). Scheduled functions have no public URL in production; Netlify's UI can run it by hand.
 * Answers 200 with what the run did, or 500 (logged) when the store or configuration fails.
 */
import { now } from '../server/clock';
import { describeCause, errorBody, json } from '../server/http';
import { retryDueMails } from '../server/mail-delivery';

export default async (): Promise<Response> => {
  try {
    const run = await retryDueMails(now());
    if (run.due) console.log(`[mail-retry] due ${run.due}: sent ${run.sent}, failed ${run.failed}, gave up ${run.gaveUp}, deferred ${run.deferred}`);
    return json(200, run);
  } catch (err) {
    console.error(`[mail-retry] run failed: ${describeCause(err)}`);
    return json(500, errorBody('INTERNAL_ERROR', 'The mail retry run failed.'));
  }
};

export const config = { schedule: '*/10 * * * *' };
