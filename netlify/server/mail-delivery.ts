/**
 * Delivery of the confirmation e-mail around finalise() (docs/payments.md#exactly-once-finalise:
 * exactly one registration and one e-mail).
 *
 * - Only the call whose finalise() applied an order has it sent, after the registration is stored:
 *   it hands the e-mail to the mail-send function (confirm.ts finaliseAndNotify(), mail-handoff.ts,
 *   decision 053), which sends it here; a name change sends its own notice (self-service.ts).
 * - The caller waits for the send, at most 10 s, but a failure never loses or blocks the
 *   registration: it is recorded in `mail:{regNo}` (status sent|failed, attempts, lastError,
 *   updatedAt) and the number goes into the `mail:retry` sorted set, scored by the next attempt
 *   (ms): 1 min, 5 min, 30 min, 2 h after attempts 1-4. After the 5th failed attempt it leaves
 *   the set and an audit entry says so. netlify/functions/mail-retry.ts runs every 10 minutes.
 * - Recording is one Lua script (attempt count, state and retry schedule change together).
 */
import { getRegistration, type Registration } from './registrations';
import { MailError, sendConfirmation, sendMessage, toMailError, type MailNotice, type OutgoingMessage } from './mail';
import { audit, keys, withStore } from './platform/store';
import { workWithinBudget } from './platform/batch';

/** Longest a caller waits for the mail server before answering anyway. */
export const MAIL_SEND_TIMEOUT_MS = 10_000;
/** Delay before the next automatic attempt after failed attempt 1, 2, 3, 4. */
export const MAIL_RETRY_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;
/** Automatic attempts before giving up (the first send plus four retries). */
export const MAX_MAIL_ATTEMPTS = 5;
/** How long a retry run holds a claimed entry; a run that dies mid-send is retried after it. */
export const RETRY_LEASE_MS = 15 * 60_000;

/** The `mail:{regNo}` record. Times are ISO instants; nextAttemptAt is ms since the epoch. */
export interface MailStatus {
  status: 'sent' | 'failed';
  attempts: number;
  lastError: string;
  updatedAt: string;
  sentAt?: string;
  nextAttemptAt?: number;
}

export type DeliveryOutcome = { sent: true } | { sent: false; error: MailError; nextAttemptAt: number | null; gaveUp: boolean };

// KEYS: mail hash, retry zset, audit list.
// ARGV: regNo, 'sent'|'failed', lastError, updatedAt ISO, schedule retry '1'|'0', max attempts,
//       give-up audit JSON, next attempt (ms, as text) after failed attempt 1, 2, 3, 4.
// Returns {attempts, next}: next = '0' sent or not scheduled, '-1' gave up, else the next attempt time.
const RECORD_SCRIPT = `
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
if ARGV[2] == 'sent' then
  redis.call('HSET', KEYS[1], 'status', 'sent', 'lastError', '', 'updatedAt', ARGV[4], 'sentAt', ARGV[4])
  redis.call('HDEL', KEYS[1], 'nextAttemptAt')
  redis.call('ZREM', KEYS[2], ARGV[1])
  return {attempts, '0'}
end
redis.call('HSET', KEYS[1], 'status', 'failed', 'lastError', ARGV[3], 'updatedAt', ARGV[4])
if ARGV[5] ~= '1' then return {attempts, '0'} end
if attempts >= tonumber(ARGV[6]) then
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('HDEL', KEYS[1], 'nextAttemptAt')
  redis.call('LPUSH', KEYS[3], ARGV[7])
  return {attempts, '-1'}
end
local nextAt = ARGV[7 + math.min(attempts, 4)]
redis.call('ZADD', KEYS[2], nextAt, ARGV[1])
redis.call('HSET', KEYS[1], 'nextAttemptAt', nextAt)
return {attempts, nextAt}
`;

// KEYS: a queue (sorted set scored by the next attempt, ms). ARGV: member, now ms, lease-until ms.
// 1 = claimed (the entry was due), 0 = not due or gone.
const CLAIM_SCRIPT = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) > tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return 1
`;

async function recordOutcome(regNo: string, error: MailError | null, at: Date, scheduleRetry: boolean): Promise<{ attempts: number; next: number }> {
  const nowMs = at.getTime();
  const giveUp = JSON.stringify({ at: at.toISOString(), actor: 'mail', action: 'mail.gave-up', details: { regNo, attempts: MAX_MAIL_ATTEMPTS, lastError: error?.reason ?? '' } });
  const [attempts, next] = await withStore((r) =>
    r.eval<string[], [number, string | number]>(
      RECORD_SCRIPT,
      [keys.mail(regNo), keys.mailRetry(), keys.audit()],
      [regNo, error ? 'failed' : 'sent', error?.reason ?? '', at.toISOString(), scheduleRetry ? '1' : '0', String(MAX_MAIL_ATTEMPTS), giveUp, ...MAIL_RETRY_BACKOFF_MS.map((d) => String(nowMs + d))],
    ),
  );
  return { attempts: Number(attempts), next: Number(next) };
}

/**
 * Claims `member` of the queue `queueKey` (a sorted set scored by the next attempt, ms) if it is
 * due at `nowMs`, by moving its score to `nowMs + RETRY_LEASE_MS`: overlapping runs never send it
 * twice, and a run that dies mid-send leaves it to a run after the lease. True when claimed.
 */
export async function claimDue(queueKey: string, member: string, nowMs: number): Promise<boolean> {
  const claimed = await withStore((r) => r.eval<string[], number>(CLAIM_SCRIPT, [queueKey], [member, String(nowMs), String(nowMs + RETRY_LEASE_MS)]));
  return Number(claimed) === 1;
}

/** Rejects with MailError('unavailable', 'timeout') after `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MailError('unavailable', `timeout after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends the confirmation of `registration` (waiting at most MAIL_SEND_TIMEOUT_MS), headed by
 * `notice` when it tells of a change, and records the outcome at `at`. A retry later sends the
 * plain confirmation, which already shows the changed details. `scheduleRetry` puts a failure on the retry schedule (automatic sends); an
 * admin's resend only records it. Never throws for a mail failure; throws
 * ServiceUnavailableError only if the outcome cannot be recorded.
 *
 * A send that times out may still complete later; the retry then sends a second copy, which is
 * the better failure than a delegate without a ticket.
 */
export async function deliverConfirmation(registration: Registration, at: Date, scheduleRetry: boolean, notice?: MailNotice): Promise<DeliveryOutcome> {
  const regNo = registration.registrationNumber;
  let error: MailError | null = null;
  try {
    await withTimeout(sendConfirmation(registration, notice, at), MAIL_SEND_TIMEOUT_MS);
  } catch (err) {
    error = toMailError(err);
    // Only the short reason: SMTP replies often quote the recipient's address.
    const log = error.kind === 'config' ? console.error : console.warn;
    log(`[mail] confirmation for ${regNo} not sent: ${error.reason}`);
  }
  const { next } = await recordOutcome(regNo, error, at, scheduleRetry);
  if (!error) return { sent: true };
  return { sent: false, error, nextAttemptAt: next > 0 ? next : null, gaveUp: next === -1 };
}

/**
 * Sends one notice of registration `regNo` (notices.ts: cancellation, refund, name transfer),
 * composed by `compose` (null: nothing to send), waiting at most MAIL_SEND_TIMEOUT_MS. Follows
 * the confirmation's rule: the step it tells of has already been written, so a mail failure never
 * fails the request. A failure is logged with its short reason and kept in the audit log
 * (`mail.notice-failed`, with the kind) for the organisers; notices are not retried
 * automatically (only the confirmation, which carries the ticket, is). Resolves true once sent.
 */
export async function deliverNotice(regNo: string, kind: string, compose: () => Promise<OutgoingMessage | null>, at: Date): Promise<boolean> {
  try {
    const message = await compose();
    if (!message) return false;
    await withTimeout(sendMessage(message, `${regNo}-${kind}`), MAIL_SEND_TIMEOUT_MS);
    return true;
  } catch (err) {
    const error = toMailError(err);
    console.warn(`[mail] ${kind} notice for ${regNo} not sent: ${error.reason}`);
    await audit({ at: at.toISOString(), actor: 'mail', action: 'mail.notice-failed', details: { regNo, kind, reason: error.reason } }).catch(() => {
      console.error(`[mail] the failed ${kind} notice for ${regNo} could not be recorded`);
    });
    return false;
  }
}

/** The `mail:{regNo}` record, or null before the first attempt. */
export async function mailStatus(regNo: string): Promise<MailStatus | null> {
  const hash = await withStore((r) => r.hgetall<Record<string, unknown>>(keys.mail(regNo)));
  if (!hash || !hash.status) return null;
  return {
    status: hash.status === 'sent' ? 'sent' : 'failed',
    attempts: Number(hash.attempts ?? 0),
    lastError: String(hash.lastError ?? ''),
    updatedAt: String(hash.updatedAt ?? ''),
    ...(hash.sentAt ? { sentAt: String(hash.sentAt) } : {}),
    ...(hash.nextAttemptAt ? { nextAttemptAt: Number(hash.nextAttemptAt) } : {}),
  };
}

export interface RetryRun {
  /** Entries due at the start of the run. */
  due: number;
  sent: number;
  failed: number;
  gaveUp: number;
  /** Left for the next run (the deadline was reached). */
  deferred: number;
}

/**
 * Retries every due confirmation (score <= now): claims each entry atomically (so overlapping
 * runs never send twice), loads the registration, sends and records. Works through at most
 * `limit` entries, `concurrency` at a time, and starts no send after `budgetMs` (a scheduled
 * function has 30 s). `send` sends one entry's messages (default: the plain confirmation; the
 * mail-retry function passes mail-handoff-send.ts's, which also sends a lost hand-off's notices). Registrations that no longer exist leave the set with an audit entry.
 */
export async function retryDueMails(
  at: Date,
  opts: { limit?: number; concurrency?: number; budgetMs?: number; send?: (registration: Registration, at: Date) => Promise<DeliveryOutcome> } = {},
): Promise<RetryRun> {
  const { limit = 50, concurrency = 4, budgetMs = 15_000, send = (r: Registration, when: Date) => deliverConfirmation(r, when, true) } = opts;
  const nowMs = at.getTime();
  const due = await withStore((r) => r.zrange<string[]>(keys.mailRetry(), '-inf', nowMs, { byScore: true, offset: 0, count: limit }));
  const run: RetryRun = { due: due.length, sent: 0, failed: 0, gaveUp: 0, deferred: 0 };
  const { deferred } = await workWithinBudget(due.map(String), { concurrency, budgetMs }, async (regNo) => {
    if (!(await claimDue(keys.mailRetry(), regNo, nowMs))) return;
    const registration = await getRegistration(regNo);
    if (!registration) {
      await withStore((r) => r.zrem(keys.mailRetry(), regNo));
      await audit({ at: at.toISOString(), actor: 'mail', action: 'mail.dropped', details: { regNo, reason: 'registration not found' } });
      return;
    }
    const outcome = await send(registration, at);
    if (outcome.sent) run.sent++;
    else if (outcome.gaveUp) run.gaveUp++;
    else run.failed++;
  });
  run.deferred = deferred;
  return run;
}
