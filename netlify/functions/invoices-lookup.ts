/**
 * POST /api/invoices/lookup {regId, email} (docs/payments.md#gst-tax-invoices-and-credit-notes): the registrant's tax documents
 * (invoices of the registration and of each paid change, and the credit note of an approved
 * cancellation) that were issued to the e-mail given: the registrant or the billing e-mail at the
 * time of each document (documentsFor), the same 404 otherwise; and the payments the
 * bank authorised late, applied or refunded (latePayments, docs/payments.md "Late authorisation").
 * Rate-limited per client address.
 *  200 InvoicesLookupResponse; 400; 404 NO_MATCH; 429; 503. Failures carry {success: false, message}.
 */
import type { Config } from '@netlify/functions';
import { registrantRequest, type InvoicesLookupResponse } from '../../src/shared/api';
import { endpoint, json, readJson } from '../server/platform/http';
import { documentsFor } from '../server/invoices';
import { latePaymentsOf } from '../server/orders/late-payments';
import { limitRequest } from '../server/platform/rate-limit';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email } = await readJson(req, registrantRequest);
    await limitRequest('invoice', req, context);
    const { registration, documents } = await documentsFor(regId, email);
    const latePayments = await latePaymentsOf(registration.registrationNumber);
    const body: InvoicesLookupResponse = { success: true, registrationNumber: registration.registrationNumber, documents: documents.map((d) => d.summary), ...(latePayments.length ? { latePayments } : {}) };
    return json(200, body);
  },
  { successFlag: true },
);

// Netlify's rate limit (per client address and domain, per minute) stops a flood before it costs an
// invocation or store commands; the app's own limits stay behind it (docs/performance.md).
export const config: Config = { path: '/api/invoices/lookup', rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
