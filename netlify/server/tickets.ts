/**
 * Signed ticket QR codes (ARCHITECTURE: Payment flow step 4). The QR text is JSON
 * `{"rid":"<registrationNumber>","sig":"<base64url HMAC-SHA256(TICKET_SIGNING_KEY, rid)>"}`, and
 * after a name transfer `{"rid", "v": <version>, "sig": HMAC(rid#version)}`:
 * it carries no personal data, and only the server can make a valid one, so a ticket cannot be
 * forged by guessing a registration number. Rotating TICKET_SIGNING_KEY invalidates every ticket
 * already sent (resend them from the admin area).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TicketPayload } from '../../src/shared/api';
import { requireSecret } from './env';

/**
 * base64url HMAC-SHA256 (43 characters) of `rid`, or of `rid#version` for a ticket issued after a
 * name transfer (version 1 and up), so a new ticket's signature never matches an old one's.
 * Throws ConfigError without TICKET_SIGNING_KEY.
 */
export function ticketSignature(rid: string, version = 0): string {
  return createHmac('sha256', requireSecret('TICKET_SIGNING_KEY')).update(version ? `${rid}#${version}` : rid, 'utf8').digest('base64url');
}

/** The text encoded in a registration's QR ticket of `version` (0: the first ticket, with no `v`). */
export function ticketText(regNo: string, version = 0): string {
  const payload: TicketPayload = version ? { rid: regNo, v: version, sig: ticketSignature(regNo, version) } : { rid: regNo, sig: ticketSignature(regNo) };
  return JSON.stringify(payload);
}

/** True when `value.sig` is the signature of `value.rid` at `value.v` (constant-time comparison). */
export function verifyTicket(value: { rid: string; sig: string; v?: number }): boolean {
  const expected = Buffer.from(ticketSignature(value.rid, value.v ?? 0), 'utf8');
  const given = Buffer.from(value.sig, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
