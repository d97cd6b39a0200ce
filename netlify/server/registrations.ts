/**
 * Pending orders and the one exactly-once finalise step (ARCHITECTURE: Payment flow, Data in Redis).
 * verify-payment, the webhook and the 100% coupon path all call finalise(); one Lua script
 * checks the done:{orderId} guard, writes reg:{regNo}, indexes it, records paid:{paymentId},
 * moves the coupon hold to used and appends the audit entry, so a registration is either
 * wholly written or not at all, and written once however often and in whatever order the
 * callers arrive.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { conference } from '../../src/content/conference';
import { LATEST_REGISTRATIONS, type StoredRegistration } from '../../src/shared/api';
import type { Currency } from '../../src/shared/money';
import { fromMinor } from '../../src/shared/money';
import type { Charges, CouponType } from '../../src/shared/pricing';
import type { RegistrationForm } from '../../src/shared/registration-form';
import { HttpError } from './http';
import { keys, withStore } from './store';

/** A pending order (order:{orderId}). Money in minor units. */
export interface PendingOrder {
  kind: 'registration';
  orderId: string;
  form: RegistrationForm;
  charges: Charges;
  couponCode: string | null;
  couponType: CouponType | null;
  currency: Currency;
  createdAt: string;
}

/**
 * The stored registration (spec part 2 section 3, "Stored registration"); the shape lives in
 * src/shared/api.ts because the admin calls return it. Spec fields keep the spec's names and
 * whole currency units (e.g. totalPaid 10030.5); `charges` keeps the exact minor-unit breakdown
 * the server computed.
 */
export type Registration = StoredRegistration;

/** Unpaid orders are kept a week: Razorpay retries webhooks for a day, late ones still finalise. */
export const ORDER_TTL_SECONDS = 7 * 24 * 3600;

/** Alphabet without 0/O/1/I/L so numbers read aloud or typed from paper are unambiguous. */
export const REGISTRATION_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;

/** A new random registration number, e.g. PESGRE25-7KQ2M9XD (31^8 ≈ 8.5e11 codes: not guessable). */
export function newRegistrationNumber(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += REGISTRATION_ALPHABET[randomInt(REGISTRATION_ALPHABET.length)];
  return `${conference.registrationNumberPrefix}-${code}`;
}

/** Stores a pending order before its id is handed to the browser. */
export async function savePendingOrder(order: PendingOrder): Promise<void> {
  await withStore((r) => r.set(keys.order(order.orderId), order, { ex: ORDER_TTL_SECONDS }));
}

/** Reads a pending order, or null when unknown or expired. */
export async function getPendingOrder(orderId: string): Promise<PendingOrder | null> {
  return withStore((r) => r.get<PendingOrder>(keys.order(orderId)));
}

/** Reads a stored registration by number, or null. */
export async function getRegistration(regNo: string): Promise<Registration | null> {
  return withStore((r) => r.get<Registration>(keys.registration(regNo)));
}

// KEYS: done, reg, index, paid, audit, couponHolds, couponUsed (the last two may be unused).
// ARGV: regNo, registration JSON, index score (ms), orderId, audit JSON, hasCoupon ('1'|'0').
// Returns {1, regNo} created; {0, regNo} already finalised; {-1, ''} number taken (retry);
// {-2, otherOrderId} this payment already finalised another order.
const FINALISE_SCRIPT = `
local existing = redis.call('GET', KEYS[1])
if existing then return {0, existing} end
local paidFor = redis.call('GET', KEYS[4])
if paidFor and paidFor ~= ARGV[4] then return {-2, paidFor} end
if redis.call('EXISTS', KEYS[2]) == 1 then return {-1, ''} end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[4], ARGV[4])
if ARGV[6] == '1' then
  redis.call('ZREM', KEYS[6], ARGV[4])
  redis.call('SADD', KEYS[7], ARGV[4])
end
redis.call('LPUSH', KEYS[5], ARGV[5])
return {1, ARGV[1]}
`;

/** Builds the stored registration from a pending order. */
export function registrationFromOrder(order: PendingOrder, regNo: string, paymentId: string, at: Date): Registration {
  const { verifyEmail: _verifyEmail, ...form } = order.form;
  const iso = at.toISOString();
  return {
    ...form,
    _id: randomUUID(),
    registrationNumber: regNo,
    registrationFee: fromMinor(order.charges.registrationFee),
    registrationCurrency: order.currency,
    welcomeReceptionExtraFee: fromMinor(order.charges.welcomeReceptionExtraFee),
    galaDinnerExtraFee: fromMinor(order.charges.galaDinnerExtraFee),
    couponCode: order.couponCode ?? 'NoCoupon',
    paymentId,
    orderId: order.orderId,
    currency: order.currency,
    totalPaid: fromMinor(order.charges.total),
    charges: order.charges,
    paidAt: iso,
    createdAt: iso,
    updatedAt: iso,
  };
}

export interface FinaliseResult {
  registrationNumber: string;
  /** True only for the one call that wrote the registration. */
  created: boolean;
  /** The registration as written, on the call that wrote it (created: true). */
  registration?: Registration;
}

/**
 * Finalises a paid (or fully discounted) order into exactly one registration.
 * `source` names the caller for the audit log. Throws HttpError 404 for an unknown order,
 * 409 when the payment already finalised a different order, and ServiceUnavailableError
 * (503) when the store is down: in that case nothing has been written.
 */
export async function finalise(orderId: string, paymentId: string, source: 'verify-payment' | 'webhook' | 'coupon', at: Date): Promise<FinaliseResult> {
  const done = await withStore((r) => r.get<string>(keys.done(orderId)));
  if (done) return { registrationNumber: String(done), created: false };
  const order = await getPendingOrder(orderId);
  if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND', 'No pending order with this id.');
  for (let attempt = 0; attempt < 5; attempt++) {
    const regNo = newRegistrationNumber();
    const registration = registrationFromOrder(order, regNo, paymentId, at);
    const auditEntry = JSON.stringify({ at: at.toISOString(), actor: source, action: 'registration.created', details: { regNo, orderId, paymentId, total: order.charges.total, currency: order.currency } });
    const coupon = order.couponCode;
    const [status, value] = await withStore((r) =>
      r.eval<string[], [number, string]>(
        FINALISE_SCRIPT,
        [
          keys.done(orderId),
          keys.registration(regNo),
          keys.registrationIndex(),
          // A coupon registration has no provider payment id; its guard key is per order.
          keys.paid(source === 'coupon' ? `coupon:${orderId}` : paymentId),
          keys.audit(),
          keys.couponHolds(coupon ?? '-'),
          keys.couponUsed(coupon ?? '-'),
        ],
        [regNo, JSON.stringify(registration), String(at.getTime()), orderId, auditEntry, coupon ? '1' : '0'],
      ),
    );
    if (status === 1) return { registrationNumber: String(value), created: true, registration };
    if (status === 0) return { registrationNumber: String(value), created: false };
    if (status === -2) throw new HttpError(409, 'PAYMENT_ALREADY_USED', 'This payment has already confirmed another registration.');
  }
  throw new Error('could not allocate a unique registration number in 5 attempts');
}

/** Keys per MGET when reading registrations in bulk (one pipeline holds all the chunks). */
export const MGET_CHUNK = 1000;

/**
 * The dashboard summary: how many registrations there are and the newest `limit` (default 10),
 * newest first. Two store requests: ZCARD + ZRANGE ... REV in one pipeline, then one MGET.
 */
export async function registrationSummary(limit: number = LATEST_REGISTRATIONS): Promise<{ total: number; latest: Registration[] }> {
  return withStore(async (r) => {
    const p = r.pipeline();
    p.zcard(keys.registrationIndex());
    p.zrange(keys.registrationIndex(), 0, limit - 1, { rev: true });
    const [total, newest] = await p.exec<[number, unknown[]]>();
    if (!newest.length) return { total, latest: [] };
    const regs = await r.mget<(Registration | null)[]>(...newest.map((n) => keys.registration(String(n))));
    return { total, latest: regs.filter((x): x is Registration => x !== null) };
  });
}

/**
 * Every registration, oldest first (index order). Two store requests whatever the count: ZRANGE
 * of the index, then one pipeline of MGETs of at most MGET_CHUNK keys each. Index entries whose
 * record is missing are skipped.
 */
export async function allRegistrations(): Promise<Registration[]> {
  return withStore(async (r) => {
    const regNos = await r.zrange<unknown[]>(keys.registrationIndex(), 0, -1);
    if (!regNos.length) return [];
    const p = r.pipeline();
    for (let i = 0; i < regNos.length; i += MGET_CHUNK) {
      p.mget<(Registration | null)[]>(...regNos.slice(i, i + MGET_CHUNK).map((n) => keys.registration(String(n))));
    }
    const chunks = await p.exec<(Registration | null)[][]>();
    return chunks.flat().filter((x): x is Registration => x !== null);
  });
}
