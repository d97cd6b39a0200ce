/**
 * GET /api/payment/downtimes -> PaymentDowntimesResponse (src/shared/api.ts): the payment
 * methods Checkout hides (high-severity downtime) and warns about (medium or low), from
 * Razorpay's Payment Downtime API and its payment.downtime.* webhooks, kept in Redis
 * (netlify/server/platform/payment-downtimes.ts; docs/payments.md, "Payment method downtime").
 * No query parameters (400 for any); 503 only when the store is down. Cached 60 s by browsers.
 */
import type { Config } from '@netlify/functions';
import { downtimesQuery } from '../../src/shared/api';
import { now } from '../server/platform/clock';
import { endpoint, json, validate } from '../server/platform/http';
import { currentDowntimes } from '../server/platform/payment-downtimes';

export default endpoint(['GET'], async (req) => {
  validate(downtimesQuery, Object.fromEntries(new URL(req.url).searchParams));
  return json(200, await currentDowntimes(now()), { 'Cache-Control': 'public, max-age=60' });
});

export const config: Config = { path: '/api/payment/downtimes' };
