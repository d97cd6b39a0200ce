/**
 * GET /api/registrations (admin; docs/rules.md#the-admin-area: the registrations table).
 *  200 [StoredRegistration, ...], oldest first, streamed page by page as it is read (http.ts
 *  streamedResponse): each registration is sent as its stored JSON text, never parsed and
 *  re-serialised. 401 without a valid admin token; 503 when the store is down before the first
 *  byte (a failure later cuts the transfer). 1 + ceil(n / 500) store requests for n registrations
 *  (netlify/server/registrations.ts openRegistrationPages()). Gzipped when the client accepts it
 *  (http.ts gzipWhenAccepted).
 */
import type { Config } from '@netlify/functions';
import { requireRole } from '../server/auth';
import { endpoint, gzipWhenAccepted, jsonArrayChunks, streamedResponse } from '../server/platform/http';
import { openRegistrationPages } from '../server/registrations';

export default endpoint(['GET'], async (req) => {
  await requireRole(req, 'registrations-list');
  // Streamed: the full list is about 1.5 KB per registration, past Netlify's 6 MB buffered-response
  // limit near 4,000; gzipped for a client that takes it, past the 20 MB streamed limit near 13,600 otherwise.
  const { pages } = await openRegistrationPages();
  return gzipWhenAccepted(req, streamedResponse(200, jsonArrayChunks(pages), { 'Content-Type': 'application/json' }));
});

export const config: Config = { path: '/api/registrations' };
