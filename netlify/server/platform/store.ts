/**
 * The data store: Upstash Redis through `@upstash/redis` (REST). Locally and in tests the same
 * client talks to a real redis-server through scripts/upstash-bridge.ts.
 * Keys carry a per-deploy-context prefix (docs/deployment.md#the-deploy-context).
 */
import { createHash } from 'node:crypto';
import { Redis } from '@upstash/redis';
import { deployContext } from './deploy-context';
import { env } from './env';
import { ServiceUnavailableError } from './http';

let client: { url: string; token: string; redis: Redis } | undefined;

/** The shared client for the configured UPSTASH_REDIS_REST_URL / _TOKEN. */
export function redis(): Redis {
  const e = env();
  if (!client || client.url !== e.UPSTASH_REDIS_REST_URL || client.token !== e.UPSTASH_REDIS_REST_TOKEN) {
    client = {
      url: e.UPSTASH_REDIS_REST_URL,
      token: e.UPSTASH_REDIS_REST_TOKEN,
      redis: new Redis({
        url: e.UPSTASH_REDIS_REST_URL,
        token: e.UPSTASH_REDIS_REST_TOKEN,
        enableTelemetry: false,
        // Two quick retries ride out a blip; more would keep a delegate waiting on a dead store.
        retry: { retries: 2, backoff: (n) => 100 * 2 ** n },
      }),
    };
  }
  return client.redis;
}

type Derived = { redis: Redis; of: Redis } | undefined;
let rawClient: Derived;
let bulkClient: Derived;

/**
 * A second client on the shared client's connection settings with other response options, rebuilt
 * when the shared client is (tests swap the environment).
 */
function derivedClient(cached: Derived, options: { responseEncoding?: false }): { redis: Redis; of: Redis } {
  const shared = redis();
  if (cached && cached.of === shared) return cached;
  const e = env();
  return {
    of: shared,
    redis: new Redis({
      url: e.UPSTASH_REDIS_REST_URL,
      token: e.UPSTASH_REDIS_REST_TOKEN,
      enableTelemetry: false,
      automaticDeserialization: false,
      ...options,
      retry: { retries: 2, backoff: (n) => 100 * 2 ** n },
    }),
  };
}

/**
 * A client on the same connection settings that returns values as stored (no JSON parsing):
 * compare-and-set updates compare the exact stored text of a registration.
 */
export function rawRedis(): Redis {
  rawClient = derivedClient(rawClient, {});
  return rawClient.redis;
}

/**
 * A client for reading many stored JSON texts at once (the registrations list, the CSV export):
 * values come back as the stored text, neither JSON-parsed nor base64-encoded on the way.
 * @upstash/redis asks for base64 by default so binary values survive, and decodes it byte by
 * byte in JavaScript, which was a large part of reading 20,000 registrations; every value read
 * through this client is UTF-8 JSON written by this app, which the REST API's plain JSON
 * strings carry exactly.
 */
export function bulkRedis(): Redis {
  bulkClient = derivedClient(bulkClient, { responseEncoding: false });
  return bulkClient.redis;
}

/**
 * The key prefix: KEY_PREFIX, else `pesgre:{deploy context}:` (production, deploy-preview,
 * branch-deploy, dev), so deploy previews, which build untrusted branches, never share production
 * keys. The context is the invocation's (deploy-context.ts); unknown means production.
 */
export function keyPrefix(): string {
  return env().KEY_PREFIX ?? `pesgre:${deployContext()}:`;
}

/** sha256 hex of the trimmed, lower-cased address: the key of the "registered e-mail" index (keys.registrationsByEmail). */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Every key the app uses, built in one place. */
export const keys = {
  registration: (regNo: string) => `${keyPrefix()}reg:${regNo}`,
  registrationIndex: () => `${keyPrefix()}reg:index`,
  order: (orderId: string) => `${keyPrefix()}order:${orderId}`,
  done: (orderId: string) => `${keyPrefix()}done:${orderId}`,
  paid: (paymentId: string) => `${keyPrefix()}paid:${paymentId}`,
  coupon: (code: string) => `${keyPrefix()}coupon:${code}`,
  couponHolds: (code: string) => `${keyPrefix()}coupon:${code}:holds`,
  couponUsed: (code: string) => `${keyPrefix()}coupon:${code}:used`,
  /** The orderId holding a use of `code` for one client address (holderId: a hash of it), expiring with the hold. */
  couponHolder: (code: string, holder: string) => `${keyPrefix()}coupon:${code}:holder:${holder}`,
  audit: () => `${keyPrefix()}audit`,
  /** Hash: delivery state of the confirmation e-mail (status, attempts, lastError, updatedAt, sentAt). */
  mail: (regNo: string) => `${keyPrefix()}mail:${regNo}`,
  /** Sorted set of registration numbers whose e-mail is to be retried, scored by the next attempt (ms). */
  mailRetry: () => `${keyPrefix()}mail:retry`,
  /** The first check-in of a registration on a conference day (YYYY-MM-DD, Asia/Kolkata). */
  checkin: (regNo: string, day: string) => `${keyPrefix()}checkin:${regNo}:${day}`,
  /**
   * A scan nonce received from an offline verifier (decision 014): SET NX, so a retried sync counts
   * once. Keyed by device too: a nonce is unique per device, so one device's never drops another's scan.
   */
  checkinNonce: (device: string, nonce: string) => `${keyPrefix()}checkin:nonce:${device}:${nonce}`,
  /** List (newest first) of JSON CheckinConflict: a ticket checked in on two devices the same day. */
  checkinConflicts: () => `${keyPrefix()}checkin:conflicts`,
  /** List (newest first) of JSON FlaggedScan: synced scans dated outside the conference days or ahead of the clock (decision 035). */
  checkinFlagged: () => `${keyPrefix()}checkin:flagged`,
  /** A certificate number -> the registration number it was issued to. */
  certificate: (number: string) => `${keyPrefix()}certificate:${number}`,
  /** Hash: registration number -> ISO time its certificate was e-mailed (HSETNX: sent once). */
  certificatesSent: () => `${keyPrefix()}certificates:sent`,
  /** List (newest first) of JSON entries: each "send all certificates" run. */
  certificatesLog: () => `${keyPrefix()}certificates:log`,
  /** Hash: visa-letter reference -> JSON StoredVisaLetter (decision 016; passport data only sealed inside). */
  visaLetters: () => `${keyPrefix()}visa:letters`,
  /** Hash: registration number -> its visa-letter reference (one letter per registration). */
  visaLettersByRegistration: () => `${keyPrefix()}visa:by-reg`,
  /** Prefix of @upstash/ratelimit's keys for admin sign-in attempts. */
  loginRateLimit: () => `${keyPrefix()}ratelimit:login`,
  /** Prefix of @upstash/ratelimit's keys for the public endpoint group `name` (netlify/server/platform/rate-limit.ts). */
  rateLimit: (name: string) => `${keyPrefix()}ratelimit:${name}`,
  /** Set of registration numbers registered with one e-mail address (key: sha256 hex of the trimmed, lower-cased address). */
  registrationsByEmail: (emailHash: string) => `${keyPrefix()}reg:by-email:${emailHash}`,
  /** Sorted set of payment ids taken but not applied ("payments needing attention"), scored by when (ms). */
  attentionIndex: () => `${keyPrefix()}attention:index`,
  /** The tax-invoice counter of a financial year ('2526'): INCR inside the finalise scripts. */
  invoiceSeq: (fy: string) => `${keyPrefix()}invoice:seq:${fy}`,
  /** The credit-note counter of a financial year. */
  creditNoteSeq: (fy: string) => `${keyPrefix()}creditnote:seq:${fy}`,
  /** Sorted set of registration numbers with a cancellation request, scored by request time (ms). */
  cancellationIndex: () => `${keyPrefix()}cancellations:index`,
  /** Set of registration numbers whose cancellation was approved (left out of the dashboard counts). */
  cancelledSet: () => `${keyPrefix()}reg:cancelled`,
  /** Sorted set of pending payable orders (orderId, scored by creation ms) for the reconciliation run. */
  pendingOrders: () => `${keyPrefix()}orders:pending`,
  /** Sorted set of orders that expired unpaid (orderId, scored by creation ms), kept a day longer so a late payment is still known as ours. */
  expiredOrders: () => `${keyPrefix()}orders:expired`,
  /** Unix seconds up to which the reconciliation run has read Razorpay's payments list. */
  reconcileCursor: () => `${keyPrefix()}reconcile:cursor`,
  /** JSON: the Razorpay circuit breaker's state (cockatiel's toJSON), shared by every invocation (razorpay-guard.ts). */
  razorpayCircuit: () => `${keyPrefix()}razorpay:circuit`,
  /** Hash: webhook events answered before their work was done, by event id -> JSON {body, at}; drained once each (webhook-queue.ts). */
  webhookQueue: () => `${keyPrefix()}webhook:queue`,
  /** Hash: payments of a registration that the bank authorised late, by payment id -> JSON LatePayment (late-payments.ts). */
  latePayments: (regNo: string) => `${keyPrefix()}reg:${regNo}:late-payments`,
  /** JSON: Razorpay's payment downtimes as last read or told by webhook, with when (payment-downtimes.ts). */
  downtimes: () => `${keyPrefix()}razorpay:downtimes`,
  /** Held (SET NX, 10 s) by the one request that asks Razorpay for the downtimes, so a crowd of browsers makes one call. */
  downtimesRefresh: () => `${keyPrefix()}razorpay:downtimes:refreshing`,
  /** A processed webhook event id (x-razorpay-event-id), kept a few days to drop re-deliveries. */
  webhookEvent: (eventId: string) => `${keyPrefix()}webhook:event:${eventId}`,
  /** One payment needing attention: JSON AttentionPayment (src/shared/api.ts). */
  attention: (paymentId: string) => `${keyPrefix()}attention:${paymentId}`,
  /** Hash: the accepted papers (decision 011), field = normalised Paper ID, value = JSON StoredPaper. Exists once papers are imported. */
  papers: () => `${keyPrefix()}papers`,
  /** Hash: Paper ID -> JSON PresentedRecord (presented / no-show / excused). */
  papersPresented: () => `${keyPrefix()}papers:presented`,
  /** Hash: special session -> JSON array of the complimentary coupon codes generated for it (once). */
  papersSessionCoupons: () => `${keyPrefix()}papers:session-coupons`,
  /** A sent (or sending) batch of "uncovered papers" e-mails: SET NX, so a second press sends nothing. */
  papersMailBatch: (batchId: string) => `${keyPrefix()}papers:mail:batch:${batchId}`,
  /** List (newest first) of JSON entries: what was e-mailed to the authors of uncovered papers, when. */
  papersMailLog: () => `${keyPrefix()}papers:mail:log`,
  /** The published programme: JSON StoredProgramme (netlify/server/programme-store.ts). Absent before the first import. */
  programme: () => `${keyPrefix()}programme`,
  /** The programme's write counter: an import writes only if it is still the one it read (compare-and-set). */
  programmeVersion: () => `${keyPrefix()}programme:version`,
  /** Hash: session id -> JSON SessionRevision (its number, SEQUENCE and placement), kept when a session leaves the programme. */
  programmeRevisions: () => `${keyPrefix()}programme:revisions`,
  /** Hash: `{paperId}|{e-mail hash}` -> JSON ToldPlacement: the placement an author was last told about. */
  programmeTold: () => `${keyPrefix()}programme:told`,
  /** Sorted set of author notices to send, scored by the next attempt (ms). */
  programmeNoticeQueue: () => `${keyPrefix()}programme:notices`,
  /** Hash: notice id -> JSON ProgrammeNotice (who, which session, which placement, attempts). */
  programmeNotices: () => `${keyPrefix()}programme:notice`,
  /** Hash: e-mail hash of an author -> JSON array of the session ids that present their papers (written with the programme). */
  programmeByAuthor: () => `${keyPrefix()}programme:by-author`,
  /** Hash: registration number -> JSON array of the session ids its delegate starred (the personal agenda). */
  agendaStars: () => `${keyPrefix()}agenda:stars`,
  /** Hash: organiser account id -> JSON StoredAccount (name, e-mail, roles, password hash; decision 044). */
  adminAccounts: () => `${keyPrefix()}admin:accounts`,
  /** Hash: trimmed, lower-cased e-mail -> organiser account id (one account per address). */
  adminAccountByEmail: () => `${keyPrefix()}admin:accounts:by-email`,
  /** A one-time set-password link (key: sha256 hex of its secret) -> account id; expires, and is deleted when used. */
  adminPasswordLink: (secretHash: string) => `${keyPrefix()}admin:password-link:${secretHash}`,
  /** Hash: desk device id -> JSON StoredDevice (name, who made it, expiry, revocation). */
  adminDevices: () => `${keyPrefix()}admin:devices`,
  /** Hash: token subject ('admin', an account id, a device id) -> its token version; a token of an older version is revoked. */
  adminTokenVersions: () => `${keyPrefix()}admin:token-versions`,
};

export const STORE_DOWN_MESSAGE =
  'The registration service is temporarily unavailable. Nothing was saved; please try again in a few minutes.';

/**
 * Runs one store operation, turning any client failure (network, bridge, Redis) into
 * ServiceUnavailableError so the function answers 503 with a clear message.
 */
export async function withStore<T>(op: (r: Redis) => Promise<T>, client: () => Redis = redis): Promise<T> {
  // Outside the try: a configuration error is not an outage and surfaces as a logged 500.
  const r = client();
  try {
    return await op(r);
  } catch (err) {
    throw new ServiceUnavailableError(STORE_DOWN_MESSAGE, { cause: err });
  }
}

/** A pipeline of the shared client: several commands in one round trip. */
export type Pipeline = ReturnType<Redis['pipeline']>;

/**
 * Reads one rule adds to another's round trip (create-order keeps a registration within its
 * budget of Redis round trips, docs/performance.md#budgets): `add` queues the commands, `check` gets their results
 * in the same order and throws when the rule refuses.
 */
export interface PipelineReads {
  add(p: Pipeline): void;
  check(results: unknown[]): void;
}

/**
 * One audit entry: every state change, and every admin write with who made it (docs/security.md,
 * "The audit record"). `actor` is a stable id ('admin' for the shared password, an account or
 * device id, or 'registrant', 'webhook', 'mail', 'system'...); admin entries add the actor's
 * name, roles and the client address.
 */
export interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  details: Record<string, unknown>;
  actorName?: string;
  roles?: string[];
  address?: string;
}

/** Appends an audit entry. */
export async function audit(entry: AuditEntry): Promise<void> {
  await withStore((r) => r.lpush(keys.audit(), JSON.stringify(entry)));
}
