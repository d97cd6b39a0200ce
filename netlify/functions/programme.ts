/**
 * GET /api/programme (public; docs/operations.md, "The programme"): {updatedAt, sessions: [{id,
 * title, kind, track, room, start, end, chair, papers: [{paperId, title, authors}]}]}, start and
 * end as ISO 8601 instants with the conference's offset (+05:30), sorted by start then room;
 * authors by name only. Before the first import {updatedAt: null, sessions: []}. Cached by
 * Netlify's CDN for at most 3 minutes and by the browser for 1 (PROGRAMME_CACHE_HEADERS): a
 * published change reaches readers within 5 minutes without a rebuild. 503 store down.
 */
import type { Config } from '@netlify/functions';
import { endpoint, json } from '../server/platform/http';
import { PROGRAMME_CACHE_HEADERS, programmeView, readProgrammeWithPapers } from '../server/programme-store';

export default endpoint(['GET'], async () => {
  const { stored, papers } = await readProgrammeWithPapers();
  return json(200, programmeView(stored, papers), PROGRAMME_CACHE_HEADERS);
});

export const config: Config = { path: '/api/programme' };
