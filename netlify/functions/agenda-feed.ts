/**
 * GET /api/agenda/{token}.ics (public, by the agenda link's token; docs/operations.md, "The
 * programme"; decision 038): the delegate's agenda as an RFC 5545 calendar a phone subscribes to
 * (webcal): the starred sessions and those of the delegate's own papers, one VEVENT each with a
 * UID that never changes and a SEQUENCE that grows when the session's day, time or room changes.
 * Personal: kept by the browser a minute, never by the CDN. Not rate-limited (calendar servers
 * poll from shared addresses; the token is checked by its HMAC).
 *  200 text/calendar; 404 unknown or ended link; 503 store down.
 */
import type { Config } from '@netlify/functions';
import { conference } from '../../src/content/conference';
import { agendaState, registrationOfToken } from '../server/agenda';
import { calendarHeaders, sessionsCalendar } from '../server/calendar';
import { endpoint } from '../server/platform/http';
import { readPapers, readProgramme } from '../server/programme-store';

export default endpoint(['GET'], async (req) => {
  const file = new URL(req.url).pathname.split('/').pop() ?? '';
  const registration = await registrationOfToken(decodeURIComponent(file.replace(/\.ics$/, '')));
  const programme = await readProgramme();
  const { sessions: starred, own } = await agendaState(registration, programme);
  const wanted = new Set([...starred, ...own]);
  const sessions = (programme?.sessions ?? []).filter((s) => wanted.has(s.id));
  const papers = await readPapers(sessions.flatMap((s) => s.paperIds));
  const text = sessionsCalendar(sessions, papers, { name: `${conference.name}: my agenda`, description: `The sessions ${registration.firstName} starred on the programme of ${conference.name}, and those of their papers.`, own: new Set(own) });
  return new Response(text, { status: 200, headers: { ...calendarHeaders('agenda.ics'), 'Cache-Control': 'private, max-age=60' } });
});

export const config: Config = { path: '/api/agenda/:token.ics' };
