/**
 * POST /api/papers/check {paperId} (public; decision 011): the wizard's paper step
 * asks whether a Paper ID may be named, by the rule create-order applies (assertAcceptedPaper).
 *  200 {accepted: true}: an accepted paper, or no papers imported yet (the field is free text).
 *  400 PAPER_NOT_FOUND 'Paper ID not found among accepted papers.' (on data.paperId too).
 *  Rate-limited per client address ('paper-check': 429 with Retry-After); 503 store down.
 */
import type { Config } from '@netlify/functions';
import { paperCheckRequest } from '../../src/shared/papers-schema';
import { endpoint, json, readJson } from '../server/platform/http';
import { assertAcceptedPaper } from '../server/papers';
import { limitRequest } from '../server/platform/rate-limit';

export default endpoint(['POST'], async (req, context) => {
  const { paperId } = await readJson(req, paperCheckRequest);
  await limitRequest('paper-check', req, context);
  await assertAcceptedPaper(paperId);
  return json(200, { accepted: true });
});

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/papers/check', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
