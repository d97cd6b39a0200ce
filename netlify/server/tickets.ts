/**
 * Signed ticket QR codes (ARCHITECTURE: Payment flow step 4). The QR text is JSON
 * `{"rid":"<registrationNumber>","sig":"<base64url HMAC-SHA256(TICKET_SIGNING_KEY, rid)>"}`:
 * it carries no personal data, and only the server can make a valid one, so a ticket cannot be
 * forged by guessing a registration number. Rotating TICKET_SIGNING_KEY invalidates every ticket
 * already sent (resend them from the admin area).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TicketPayload } from '../../src/shared/api';
import { requireSecret } from './auth';

/** base64url HMAC-SHA256 of `rid` (43 characters). Throws ConfigError without TICKET_SIGNING_KEY. */
export function ticketSignature(rid: string): string {
  return createHmac('sha256', requireSecret('TICKET_SIGNING_KEY')).update(rid, 'utf8').digest('base64url');
}

/** The text encoded in a registration's QR ticket. */
export function ticketText(regNo: string): string {
  const payload: TicketPayload = { rid: regNo, sig: ticketSignature(regNo) };
  return JSON.stringify(payload);
}

/** True when `value.sig` is the signature of `value.rid` (constant-time comparison). */
export function verifyTicket(value: { rid: string; sig: string }): boolean {
  const expected = Buffer.from(ticketSignature(value.rid), 'utf8');
  const given = Buffer.from(value.sig, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
