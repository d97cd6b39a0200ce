/**
 * Scheduled every minute (docs/operations.md, "The programme"): sends the author e-mails that a
 * programme import queued and did not send within its own time, and retries failed ones on the
 * confirmation e-mails' backoff (netlify/server/programme-notices.ts). Scheduled functions have
 * no public URL in production. Answers 200 with what the run did, or 500 (logged).
 */
import type { Config } from '@netlify/functions';
import { now } from '../server/platform/clock';
import { scheduled } from '../server/platform/http';
import { sendDueProgrammeNotices } from '../server/programme-notices';

export default scheduled('programme-notices', 'The programme notices run failed.', async () => {
  const run = await sendDueProgrammeNotices(now());
  if (run.due) console.log(`[programme-notices] due ${run.due}: sent ${run.sent}, superseded ${run.superseded}, failed ${run.failed}, gave up ${run.gaveUp}, deferred ${run.deferred}`);
  return run;
});

export const config: Config = { schedule: '* * * * *' };
