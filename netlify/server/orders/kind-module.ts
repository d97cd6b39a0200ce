/**
 * What one kind of order is (docs/architecture.md#the-order-registry): the shape every module under
 * kinds/ fills, and the registry (registry.ts) checks them against. Types only, so a kind's module
 * and the registry both import it without a cycle.
 */
import type { ChangeRecord } from '../../../src/shared/api';
import type { ChangeOrder, PendingOrder } from './orders';
import type { Registration } from '../registrations';

/**
 * The e-mails a change may send besides the confirmation, by the name they are recorded under. A
 * new one is added here and to confirm.ts (its composer), which `tsc` then asks for.
 */
export type ExtraNotice = 'transfer-moved' | 'transfer-invoice';

/** The verify calls of the browser's Checkout, one per kind of order. */
export type VerifySource = 'verify-payment' | 'verify-upgrade' | 'verify-ieee-change' | 'verify-name-transfer';

/** What every applied change records besides its kind, from and to (money in whole units; charges in minor). */
export interface ChangeCommon {
  amount: number;
  currency: ChangeOrder['currency'];
  orderId: string;
  paymentId: string;
  /** ISO instant of the payment being applied. */
  at: string;
  invoiceNumber: string;
  charges: ChangeOrder['charges'];
}

/** How an order that changes an existing registration is applied (by compare-and-set: finalise.ts). */
export interface ChangeApplication<O extends ChangeOrder> {
  /** Why `order` can no longer apply to `current`, or null when it can (besides cancellation, checked for every kind). */
  staleReason(current: Registration, order: O): string | null;
  /** The change record and the registration after it (pure). */
  apply(current: Registration, order: O, common: ChangeCommon): { change: ChangeRecord; next: Registration };
  /** E-mail addresses whose "registered e-mail" index the registration joins (lower-cased by the caller's hash). */
  newEmails(order: O): string[];
  /**
   * The e-mails besides the confirmation that the call which applied the change sends (confirm.ts
   * finaliseAndNotify, in this order), each recorded and retried by mail-delivery.ts; absent when
   * there are none. Their words are in notices.ts.
   */
  extraNotices?: readonly ExtraNotice[];
}

/** One kind of order: the module under kinds/ that the registry holds. */
export interface OrderKindModule<O extends PendingOrder> {
  /** The only verify call that may confirm it: another is refused with nothing written. */
  verifiedBy: VerifySource;
  /** For an order that changes an existing registration; null for a new registration (its own Lua script). */
  change: O extends ChangeOrder ? ChangeApplication<O> : null;
  /**
   * Its creation, as its create-order function calls it (a handler of the request, or the call
   * that makes the order); each kind's own signature, which the registry's map keeps. Absent for
   * a registration, created by registration-orders.ts.
   */
  create?: (...args: never[]) => Promise<unknown>;
}
