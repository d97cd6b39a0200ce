/**
 * POST /api/invoices/lookup {regId, email} (issue "Accounts"): the registrant's tax documents
 * (invoices of the registration and of each paid change, and the credit note of an approved
 * cancellation), only when the id and the registered e-mail match (the same 404 otherwise).
 * Rate-limited per client address.
 *  200 InvoicesLookupResponse; 400; 404 NO_MATCH; 429; 503. Failures carry {success: false, message}.
 */
import type { Config } from '@netlify/functions';
import { registrantRequest, type InvoicesLookupResponse } from '../../src/shared/api';
import { endpoint, json, readJson } from '../server/http';
import { documentsOf } from '../server/invoices';
import { limitRequest } from '../server/rate-limit';
import { getRegistrantRegistration } from '../server/registrations';

export default endpoint(
  ['POST'],
  async (req, context) => {
    const { regId, email } = await readJson(req, registrantRequest);
    await limitRequest('invoice', req, context);
    const r = await getRegistrantRegistration(regId, email);
    const body: InvoicesLookupResponse = { success: true, registrationNumber: r.registrationNumber, documents: documentsOf(r).map((d) => d.summary) };
    return json(200, body);
  },
  { successFlag: true },
);

export const config: Config = { path: '/api/invoices/lookup' };
