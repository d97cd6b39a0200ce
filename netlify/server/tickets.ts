/**
 * Signed ticket QR codes (docs/security.md#tickets; decisions 012 and 014). The QR
 * text is JSON `{"rid":"<registrationNumber>","sig":"…"}`, and after a name transfer
 * `{"rid", "v": <version>, "sig"}`: it carries no personal data, and only the server can make a
 * valid one, so a ticket cannot be forged by guessing a registration number.
 *
 * Two signatures coexist (decision 012):
 *  - new tickets: Ed25519 (jose, a JWS signature with the fixed header {"alg":"EdDSA"} over `rid`
 *    or `rid#v`, 86 base64url characters). A prepared verifier device holds only the public key
 *    and judges a scan without the network;
 *  - tickets e-mailed before: HMAC-SHA256(TICKET_SIGNING_KEY, rid[#v]), 43 characters. They keep
 *    verifying on the server (online scans, and offline scans when the queue is synced).
 * The Ed25519 key pair is derived from TICKET_SIGNING_KEY (HKDF-SHA256), so there is one secret to
 * keep and rotate: rotating it invalidates every ticket already sent (resend them from the admin area).
 */
import { createHmac, createPrivateKey, createPublicKey, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';
import { FlattenedSign, type JWK } from 'jose';
import type { TicketPayload } from '../../src/shared/api';
import { HMAC_SIG_LENGTH, TICKET_JWS_HEADER, isEd25519Ticket, ticketMessage, verifyEd25519Ticket } from '../../src/shared/checkin';
import { requireSecret } from './platform/env';

/**
 * base64url HMAC-SHA256 (43 characters) of `rid`, or of `rid#version` for a ticket issued after a
 * name transfer (version 1 and up), so a new ticket's signature never matches an old one's. The
 * signature of tickets e-mailed before decision 012. Throws ConfigError without TICKET_SIGNING_KEY.
 */
export function ticketSignature(rid: string, version = 0): string {
  return createHmac('sha256', requireSecret('TICKET_SIGNING_KEY')).update(ticketMessage(rid, version), 'utf8').digest('base64url');
}

// PKCS#8 DER prefix of an Ed25519 private key (RFC 8410): the 32-byte seed follows it.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
let keyPair: { secret: string; privateKey: KeyObject; publicJwk: JWK } | undefined;

/** The Ed25519 key pair of the tickets, derived from TICKET_SIGNING_KEY (cached per secret). */
function ticketKeys(): { privateKey: KeyObject; publicJwk: JWK } {
  const secret = requireSecret('TICKET_SIGNING_KEY');
  if (!keyPair || keyPair.secret !== secret) {
    const seed = Buffer.from(hkdfSync('sha256', secret, 'pesgre-ticket-ed25519', 'ticket signing key v1', 32));
    const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    const { kty, crv, x } = createPublicKey(privateKey).export({ format: 'jwk' });
    keyPair = { secret, privateKey, publicJwk: { kty, crv, x } as JWK };
  }
  return keyPair;
}

/** The public key of new tickets (OKP / Ed25519 JWK): what a prepared verifier device holds. */
export function ticketPublicJwk(): JWK {
  return ticketKeys().publicJwk;
}

/** base64url Ed25519 signature (86 characters) of the ticket message of `rid` at `version` (jose). */
export async function ticketEd25519Signature(rid: string, version = 0): Promise<string> {
  const jws = await new FlattenedSign(new TextEncoder().encode(ticketMessage(rid, version))).setProtectedHeader({ alg: 'EdDSA' }).sign(ticketKeys().privateKey);
  // The header is fixed, so the QR carries the signature alone.
  if (jws.protected !== TICKET_JWS_HEADER) throw new Error('unexpected JWS header');
  return jws.signature;
}

/** The text encoded in a registration's QR ticket of `version` (0: the first ticket, with no `v`), signed with Ed25519. */
export async function ticketText(regNo: string, version = 0): Promise<string> {
  const sig = await ticketEd25519Signature(regNo, version);
  const payload: TicketPayload = version ? { rid: regNo, v: version, sig } : { rid: regNo, sig };
  return JSON.stringify(payload);
}

/**
 * True when `value.sig` is a valid signature of `value.rid` at `value.v`: Ed25519 under the
 * tickets' public key, or (an older ticket) the HMAC, compared in constant time.
 */
export async function verifyTicket(value: { rid: string; sig: string; v?: number }): Promise<boolean> {
  if (isEd25519Ticket(value)) return verifyEd25519Ticket(value, ticketPublicJwk());
  if (value.sig.length !== HMAC_SIG_LENGTH) return false;
  const expected = Buffer.from(ticketSignature(value.rid, value.v ?? 0), 'utf8');
  const given = Buffer.from(value.sig, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
