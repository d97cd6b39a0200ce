/**
 * GET /api/programme.ics (public; docs/operations.md, "The programme"; decision 038): the whole
 * programme as an RFC 5545 calendar to subscribe to (webcal), one VEVENT per session with a UID
 * that never changes and a SEQUENCE that grows when its day, time or room changes. Cached as
 * GET /api/programme is. 503 store down.
 */
import type { Config } from '@netlify/functions';
import { conference } from '../../src/content/conference';
import { calendarHeaders, sessionsCalendar } from '../server/calendar';
import { endpoint } from '../server/platform/http';
import { PROGRAMME_CACHE_HEADERS, readProgrammeWithPapers } from '../server/programme-store';

export default endpoint(['GET'], async () => {
  const { stored, papers } = await readProgrammeWithPapers();
  const text = sessionsCalendar(stored?.sessions ?? [], papers, { name: `${conference.name} programme`, description: `Every session of ${conference.fullName}.` });
  return new Response(text, { status: 200, headers: { ...calendarHeaders('programme.ics'), ...PROGRAMME_CACHE_HEADERS } });
});

export const config: Config = { path: '/api/programme.ics' };
