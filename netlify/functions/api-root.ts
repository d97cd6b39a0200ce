/** GET /api: liveness answer the SPA logs on start (docs/rules.md#the-api). */
import type { Config } from '@netlify/functions';
import { conference } from '../../src/content/conference';
import { endpoint, json } from '../server/platform/http';

export default endpoint(['GET'], async () => json(200, { name: conference.name, status: 'ok' }));

export const config: Config = { path: '/api' };
