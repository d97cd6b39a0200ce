/**
 * GET /api/programme/schedule.json (public; docs/operations.md, "The programme"; decision 038):
 * the programme in the frab schedule format that conference apps (Giggity, EventFahrplan) read
 * (netlify/server/frab.ts). Cached as GET /api/programme is. 503 store down.
 */
import type { Config } from '@netlify/functions';
import { frabSchedule } from '../server/frab';
import { endpoint, json } from '../server/platform/http';
import { PROGRAMME_CACHE_HEADERS, readProgrammeWithPapers } from '../server/programme-store';

export default endpoint(['GET'], async () => {
  const { stored, papers } = await readProgrammeWithPapers();
  return json(200, frabSchedule(stored, papers), PROGRAMME_CACHE_HEADERS);
});

export const config: Config = { path: '/api/programme/schedule.json' };
