/**
 * Scheduled daily (decision 016): deletes the passport data of every visa-letter request once the day
 * (IST) is 90 days after the conference's last day (src/content/visa-letters.ts); before then it
 * does nothing. The letters' references and statuses stay, so the verify page keeps answering.
 * Answers 200 with what the run did, or 500 (logged) when the store or configuration fails.
 */
import type { Config } from '@netlify/functions';
import { now } from '../server/platform/clock';
import { scheduled } from '../server/platform/http';
import { purgePassportData } from '../server/visa-letters';

export default scheduled('visa-data-purge', 'The passport data deletion run failed.', async () => {
  const run = await purgePassportData(now());
  if (run.purged) console.log(`[visa-data-purge] passport data of ${run.purged} letters deleted`);
  return run;
});

export const config: Config = { schedule: '@daily' };
