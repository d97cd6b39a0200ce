/**
 * The e-mail hand-off (docs/decisions/053-mail-hand-off.md): the call that applied an order
 * does not compose or send its e-mail; it records a lease and asks the `mail-send` function to
 * send it, so the payment functions carry none of the e-mail, PDF or font code (decision 042).
 *
 * Exactly once, with the `mail:retry` sorted set (mail-delivery.ts) as the one claim:
 * 1. handOffMail() puts the registration number in `mail:retry` scored by the lease's end (the
 *    app clock's now + HANDOFF_LEASE_MS) and the order in `mail:{regNo}` (field handoffOrder), in
 *    one script, before the function answers.
 * 2. It then POSTs {registrationNumber, lease}, signed, to mail-send at the request's origin,
 *    inside context.waitUntil (after the answer), or awaited where there is no waitUntil.
 * 3. mail-send claims the entry only while its score is still that lease (claimHandOff): it moves
 *    the score to a send lease, as the retry run's claimDue() does for a due entry. Whichever
 *    claims first sends; the other finds the score moved and sends nothing. A hand-off that never
 *    arrives leaves the lease to expire, and the scheduled mail-retry run (every 10 minutes)
 *    sends the message, with the same change notice (takeHandOffOrder).
 *
 * A notice (a cancellation's or a refund's, MAIL_NOTICE_KINDS) is handed off the same way, without
 * a lease: notices are not retried (mail-delivery.ts deliverNotice()), and mail-send sends one
 * hand-off id at most once (claimNotice). A call that fails is kept in the audit log, as a failed
 * notice is.
 *
 * Light on purpose: the store, the environment and node:crypto, nothing that composes a message.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { MAIL_SEND_PATH, MAIL_SEND_SIGNATURE_HEADER, type MailNoticeKind, type MailSendRequest } from '../../src/shared/mail-handoff';
import { requireSecret, siteUrl } from './platform/env';
import { describeCause } from './platform/http';
import { currentInvocation } from './platform/invocation';
import { audit, keyPrefix, keys, withStore } from './platform/store';

/** How long the hand-off holds the entry before the retry run may send it (ms of the app clock). */
export const HANDOFF_LEASE_MS = 2 * 60_000;
/** How old a hand-off's signature may be, in seconds (real time, never the pinned clock). */
export const MAIL_SEND_SIGNATURE_MAX_AGE_S = 120;
/** Longest the hand-off waits for mail-send's answer; mail-send itself waits at most 10 s for the mail server. */
const HANDOFF_TIMEOUT_MS = 20_000;

// KEYS: retry zset, mail hash. ARGV: regNo, lease end (ms), orderId.
const LEASE_SCRIPT = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], 'handoffOrder', ARGV[3])
return 1
`;

// KEYS: retry zset, mail hash. ARGV: regNo, the hand-off's lease (ms), the send lease's end (ms).
// {'1', orderId or ''} when claimed (the entry still held this lease), else {'0'}.
const CLAIM_HANDOFF_SCRIPT = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return {'0'} end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
local order = redis.call('HGET', KEYS[2], 'handoffOrder') or ''
redis.call('HDEL', KEYS[2], 'handoffOrder')
return {'1', order}
`;

// KEYS: mail hash. The order of a hand-off not sent yet, or '' (and forgets it).
const TAKE_ORDER_SCRIPT = `
local order = redis.call('HGET', KEYS[1], 'handoffOrder') or ''
redis.call('HDEL', KEYS[1], 'handoffOrder')
return order
`;

// The hand-off is signed with a key derived from TICKET_SIGNING_KEY (a secret every function that
// sends a confirmation already needs), so no new secret has to be set. HMAC-SHA256 with node:crypto,
// as payments.ts checks Razorpay's signatures: a JWT library would add its import to the payment path.
function signingKey(): Buffer {
  return createHmac('sha256', requireSecret('TICKET_SIGNING_KEY')).update('pesgre-2025 mail-send v1').digest();
}

function mac(timestamp: string, body: string): Buffer {
  return createHmac('sha256', signingKey()).update(`${timestamp}.${body}`).digest();
}

/** The signature header's value for `body` (the exact JSON text sent) at `nowMs` (real time): `t=<s>,v1=<hex>`. Throws ConfigError without TICKET_SIGNING_KEY. */
export function signMailSend(body: string, nowMs: number = Date.now()): string {
  const t = String(Math.floor(nowMs / 1000));
  return `t=${t},v1=${mac(t, body).toString('hex')}`;
}

/**
 * True when `header` is signMailSend()'s signature of `body`, made at most
 * MAIL_SEND_SIGNATURE_MAX_AGE_S before `nowMs` (and not later than it, with 30 s of leeway).
 * Compared in constant time. Throws ConfigError without TICKET_SIGNING_KEY.
 */
export function isMailSendSignatureValid(body: string, header: string | null, nowMs: number = Date.now()): boolean {
  const m = header ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim()) : null;
  if (!m) return false;
  const age = nowMs / 1000 - Number(m[1]);
  if (age > MAIL_SEND_SIGNATURE_MAX_AGE_S || age < -30) return false;
  return timingSafeEqual(mac(m[1]!, body), Buffer.from(m[2]!, 'hex'));
}

/**
 * Hands off the e-mail of order `orderId`, just applied to registration `regNo` at `at` (the app
 * clock): records the lease (awaited: the retry run's safety net is in place before the answer),
 * then calls mail-send, inside the invocation's waitUntil when it has one, else awaited. Never
 * throws: a lease that cannot be recorded is logged (the registration stands, as when a send's
 * outcome could not be recorded before), a lost call is left to the retry run.
 */
export async function handOffMail(regNo: string, orderId: string, at: Date): Promise<void> {
  const lease = at.getTime() + HANDOFF_LEASE_MS;
  try {
    await withStore((r) => r.eval<string[], number>(LEASE_SCRIPT, [keys.mailRetry(), keys.mail(regNo)], [regNo, String(lease), orderId]));
  } catch (err) {
    console.error(`[mail] hand-off of ${regNo} not recorded: ${describeCause(err)}`);
    return;
  }
  const invocation = currentInvocation();
  const call = callMailSend(invocation?.origin, { registrationNumber: regNo, lease });
  if (invocation?.waitUntil) invocation.waitUntil(call);
  else await call;
}

/**
 * Hands off notice `notice` of registration `regNo` (`ref`: the late payment's id), written at
 * `at`: calls mail-send inside the invocation's waitUntil when it has one, else awaited. Never
 * throws; a call that fails is logged and audited (`mail.notice-failed`), as a failed send is.
 */
export async function handOffNotice(regNo: string, notice: MailNoticeKind, at: Date, ref?: string): Promise<void> {
  const request: MailSendRequest = { registrationNumber: regNo, notice, id: randomUUID(), ...(ref ? { ref } : {}) };
  const call = callMailSend(currentInvocation()?.origin, request).then(async (ok) => {
    if (ok) return;
    await audit({ at: at.toISOString(), actor: 'mail', action: 'mail.notice-failed', details: { regNo, kind: notice, reason: 'hand-off to mail-send failed' } }).catch(() => {
      console.error(`[mail] the failed ${notice} notice for ${regNo} could not be recorded`);
    });
  });
  const waitUntil = currentInvocation()?.waitUntil;
  if (waitUntil) waitUntil(call);
  else await call;
}

/** POSTs the hand-off to mail-send at `origin` (else the site's address); logs and resolves false when it fails. */
async function callMailSend(origin: string | undefined, request: MailSendRequest): Promise<boolean> {
  try {
    const body = JSON.stringify(request);
    const res = await fetch(`${origin || siteUrl()}${MAIL_SEND_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [MAIL_SEND_SIGNATURE_HEADER]: signMailSend(body) },
      body,
      signal: AbortSignal.timeout(HANDOFF_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) console.warn(`[mail] hand-off of ${request.registrationNumber} answered ${res.status}; the retry run sends it`);
    return res.ok;
  } catch (err) {
    console.warn(`[mail] hand-off of ${request.registrationNumber} not delivered (${describeCause(err)}); the retry run sends it`);
    return false;
  }
}

/**
 * mail-send's claim: when `regNo`'s entry in `mail:retry` still holds the hand-off's `lease`,
 * moves it to `sendLeaseUntil` (ms) and returns the handed-off order id ('' when none was
 * recorded); null when the retry run (or an earlier call) already claimed it.
 */
export async function claimHandOff(regNo: string, lease: number, sendLeaseUntil: number): Promise<string | null> {
  const reply = await withStore((r) => r.eval<string[], string[]>(CLAIM_HANDOFF_SCRIPT, [keys.mailRetry(), keys.mail(regNo)], [regNo, String(lease), String(sendLeaseUntil)]));
  return String(reply[0]) === '1' ? String(reply[1] ?? '') : null;
}

/** How long a notice's hand-off id is remembered (s): longer than any redelivery of the call. */
const NOTICE_ID_TTL_S = 2 * 24 * 3600;

/** mail-send's claim of notice hand-off `id`: true the first time, false for a repeated call. */
export async function claimNotice(id: string, at: Date): Promise<boolean> {
  const set = await withStore((r) => r.set(`${keyPrefix()}mail-notice:${id}`, at.toISOString(), { nx: true, ex: NOTICE_ID_TTL_S }));
  return set === 'OK';
}

/** The order of a hand-off of `regNo` not sent yet ('' when none), forgotten once read: for the retry run, after its claim. */
export async function takeHandOffOrder(regNo: string): Promise<string> {
  return String((await withStore((r) => r.eval<string[], string>(TAKE_ORDER_SCRIPT, [keys.mail(regNo)], []))) ?? '');
}
