/** GET /api/pricing: the tier catalogue, dates, extra-ticket prices, GST and convenience fee (docs/rules.md#pricing). */
import type { Config } from '@netlify/functions';
import { pricing } from '../../src/shared/pricing';
import { endpoint, json } from '../server/platform/http';

export default endpoint(['GET'], async () => json(200, pricing, { 'Cache-Control': 'public, max-age=300' }));

export const config: Config = { path: '/api/pricing' };
