/**
 * The order core's storage (docs/payments.md#orders): a pending order
 * is a union by `kind`, stored at order:{orderId} before its id is handed to the browser and
 * kept a week, so a payment that arrives late (webhook retries, a tab paid hours later) can
 * still be finalised. Money in minor units (paise, cents). Finalising lives in finalise.ts.
 */
import type { Currency } from '../../../src/shared/money';
import type { Transferee } from '../../../src/shared/api';
import type { ChangeCharges } from '../../../src/shared/change-charges';
import type { Charges, CouponType } from '../../../src/shared/pricing';
import type { RegistrationForm } from '../../../src/shared/registration-form';
import type { ChangeKind } from '../../../src/shared/tier-rules';
import { keys, withStore, type AuditEntry } from '../platform/store';

/** A new registration (create-order). */
export interface RegistrationOrder {
  kind: 'registration';
  orderId: string;
  form: RegistrationForm;
  charges: Charges;
  couponCode: string | null;
  couponType: CouponType | null;
  currency: Currency;
  createdAt: string;
  /**
   * False when an IEEE-member tier's number was queued for an admin instead of checked by a
   * service or the roster (decision 013); the registration is then `membership-to-verify`. Absent
   * (orders made before) counts as checked.
   */
  membershipChecked?: boolean;
}

/** A paid change of an existing registration's tier (tier upgrade or IEEE change). */
export interface TierChangeOrder {
  kind: ChangeKind;
  orderId: string;
  registrationNumber: string;
  /** The tier the registration must still have when the payment is applied (compare-and-set). */
  fromTier: string;
  toTier: string;
  charges: ChangeCharges;
  currency: Currency;
  createdAt: string;
  /**
   * A student's upgrade only (decision 013): the paper they answer for, since the wizard skipped the
   * paper step for their student tier. Absent when the request gave none (the record keeps its own).
   */
  paper?: { noPaper: boolean; paperId: string };
}

/** A paid name transfer: the registration moves to another person (docs/rules.md#fees-arithmetic-and-timings). */
export interface NameTransferOrder {
  kind: 'name-transfer';
  orderId: string;
  registrationNumber: string;
  /** The person the registration must still belong to when the payment is applied (compare-and-set). */
  from: { title: string; firstName: string; lastName: string; email: string };
  to: Transferee;
  /** The processing fee with GST and the convenience fee (fromFee 0, toFee = base = the fee). */
  charges: ChangeCharges;
  currency: Currency;
  createdAt: string;
}

/** An order that changes an existing registration. */
export type ChangeOrder = TierChangeOrder | NameTransferOrder;

/** Every kind of pending order; `kind` decides how finalise applies it. */
export type PendingOrder = RegistrationOrder | ChangeOrder;

/** Unpaid orders are kept a week: Razorpay retries webhooks for a day, late ones still finalise. */
export const ORDER_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Stores a pending order (a SET with a TTL and its entry in orders:pending) and, when given, its
 * audit entry, in one pipeline: one store request per order made. Throws ServiceUnavailableError
 * when the store is down.
 */
export async function savePendingOrder(order: PendingOrder, auditEntry?: AuditEntry): Promise<void> {
  await withStore(async (r) => {
    const p = r.pipeline();
    p.set(keys.order(order.orderId), order, { ex: ORDER_TTL_SECONDS });
    // Orders paid through Razorpay are watched by the reconciliation run until they are settled.
    if (!order.orderId.startsWith('free_')) p.zadd(keys.pendingOrders(), { score: Date.parse(order.createdAt), member: order.orderId });
    if (auditEntry) p.lpush(keys.audit(), JSON.stringify(auditEntry));
    await p.exec();
  });
}

/**
 * Reads a pending order and its done:{orderId} marker in one round trip. `done` is the
 * registration number the order was applied to, `attention:{regNo}` when its payment was taken
 * but could not be applied, or null while the order is unpaid.
 */
export async function getOrderState(orderId: string): Promise<{ order: PendingOrder | null; done: string | null }> {
  return withStore(async (r) => {
    const p = r.pipeline();
    p.get<PendingOrder>(keys.order(orderId));
    p.get<string>(keys.done(orderId));
    const [order, done] = await p.exec<[PendingOrder | null, string | null]>();
    return { order, done: done === null ? null : String(done) };
  });
}
