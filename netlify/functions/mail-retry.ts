/**
 * Scheduled every 10 minutes: retries confirmation e-mails that failed (netlify/server/
 * mail-delivery.ts: backoff 1 min, 5 min, 30 min, 2 h; given up after 5 attempts with an audit
 * entry), and hand-offs whose call to mail-send was lost once their lease ends (decision 053). Scheduled functions have no public URL in production; Netlify's UI can run it by hand.
 * Runs in the invocation's deploy context (its key prefix).
 * Answers 200 with what the run did, or 500 (logged) when the store or configuration fails.
 */
import type { Config } from '@netlify/functions';
import { now } from '../server/platform/clock';
import { scheduled } from '../server/platform/http';
import { retryDueMails } from '../server/mail-delivery';
import { sendDueMail } from '../server/mail-handoff-send';

export default scheduled('mail-retry', 'The mail retry run failed.', async () => {
  const run = await retryDueMails(now(), { send: sendDueMail });
  if (run.due) console.log(`[mail-retry] due ${run.due}: sent ${run.sent}, failed ${run.failed}, gave up ${run.gaveUp}, deferred ${run.deferred}`);
  return run;
});

export const config: Config = { schedule: '*/10 * * * *' };
