/**
 * POST /api/internal/mail-send {registrationNumber, lease} or {registrationNumber, notice, id, ref?}, signed in X-Pesgre-Mail-Signature
 * (netlify/server/mail-handoff.ts): sends the e-mail of an order a payment function has just
 * applied (the confirmation with its QR ticket and tax invoice, a change's notice, a name
 * transfer's two notices) or a notice a function handed off (a cancellation's, a refund's), so the payment functions stay small and start fast (decision 053).
 * Called only by the site's own functions. Sends exactly once with the mail-retry run: only
 * while the `mail:retry` entry still holds the hand-off's lease.
 * Answers 401 INVALID_SIGNATURE (missing, wrong or older than 2 minutes), 400 for a body that
 * is not the schema's (src/shared/mail-handoff.ts), both before anything is read or written;
 * 200 {ok, sent} otherwise (sent false: already claimed, or the send failed and was scheduled
 * for retry), 503 when the store is down.
 */
import type { Config } from '@netlify/functions';
import { MAIL_SEND_SIGNATURE_HEADER, mailSendRequest } from '../../src/shared/mail-handoff';
import { now } from '../server/platform/clock';
import { endpoint, HttpError, json, parseJsonText, readRawBody, validate } from '../server/platform/http';
import { RETRY_LEASE_MS } from '../server/mail-delivery';
import { claimHandOff, claimNotice, isMailSendSignatureValid } from '../server/mail-handoff';
import { sendAppliedOrderMail, sendHandedOffNotice } from '../server/mail-handoff-send';
import { getRegistration } from '../server/registrations';
import { audit, keys, withStore } from '../server/platform/store';

export default endpoint(['POST'], async (req) => {
  const raw = await readRawBody(req);
  if (!isMailSendSignatureValid(raw, req.headers.get(MAIL_SEND_SIGNATURE_HEADER))) {
    throw new HttpError(401, 'INVALID_SIGNATURE', 'The hand-off signature is missing, not valid or expired.');
  }
  const body = validate(mailSendRequest, parseJsonText(raw));
  const regNo = body.registrationNumber;
  const at = now();
  if ('notice' in body) {
    if (!(await claimNotice(body.id, at))) return json(200, { ok: true, sent: false, reason: 'already claimed' });
    const registration = await getRegistration(regNo);
    if (!registration) return json(200, { ok: true, sent: false, reason: 'registration not found' });
    return json(200, { ok: true, sent: await sendHandedOffNotice(registration, body.notice, body.ref, at) });
  }
  const orderId = await claimHandOff(regNo, body.lease, at.getTime() + RETRY_LEASE_MS);
  if (orderId === null) return json(200, { ok: true, sent: false, reason: 'already claimed' });
  const registration = await getRegistration(regNo);
  if (!registration) {
    await withStore((r) => r.zrem(keys.mailRetry(), regNo));
    await audit({ at: at.toISOString(), actor: 'mail', action: 'mail.dropped', details: { regNo, reason: 'registration not found' } });
    return json(200, { ok: true, sent: false, reason: 'registration not found' });
  }
  const outcome = await sendAppliedOrderMail(registration, orderId, at);
  return json(200, { ok: true, sent: outcome.sent });
});

export const config: Config = { path: '/api/internal/mail-send', method: 'POST' };
