/**
 * GET and PUT /api/agenda/{token} (public, by the agenda link's token; docs/operations.md, "The
 * programme"; decision 038): the delegate's agenda, {sessions, own}: the starred session ids and
 * those of the delegate's own papers (on the agenda without a star). PUT {sessions: [ids]}
 * replaces the starred sessions (each a session of the programme) and answers the same shape.
 * Not rate-limited: the token is checked by its HMAC, which no guess reaches.
 *  200 {sessions, own}; 400 invalid body or an unknown session; 404 unknown or ended link; 503.
 */
import type { Config } from '@netlify/functions';
import { agendaUpdateRequest } from '../../src/shared/api';
import type { AgendaState } from '../../src/shared/programme';
import { agendaState, registrationOfToken, saveStars } from '../server/agenda';
import { endpoint, json, readJson } from '../server/platform/http';
import { readProgramme } from '../server/programme-store';

/** The token: the last path segment (decoded). */
const tokenOf = (req: Request) => decodeURIComponent(new URL(req.url).pathname.split('/').pop() ?? '');

export default endpoint(['GET', 'PUT'], async (req) => {
  const registration = await registrationOfToken(tokenOf(req));
  const programme = await readProgramme();
  if (req.method === 'PUT') {
    const { sessions } = await readJson(req, agendaUpdateRequest);
    await saveStars(registration, sessions, programme);
  }
  const body: AgendaState = await agendaState(registration, programme);
  return json(200, body);
});

export const config: Config = { path: '/api/agenda/:token', excludedPath: '/api/agenda/*.ics' };
