/**
 * The order registry (docs/architecture.md#the-order-registry,
 * docs/payments.md#orders): for every kind of pending order (orders.ts PendingOrder), the verify call that confirms
 * it and, for an order that changes an existing registration, when it can no longer apply, what
 * it writes and which indexes it joins. finalise.ts and confirm.ts read this record and never
 * branch on a kind; a kind without an entry fails `tsc`.
 *
 * What the browser needs as well (a change's label, invoice line, refund rule) is in
 * src/shared/change-kinds.ts; each kind's e-mail notice is in mail.ts (changeNotices).
 */
import type { ChangeRecord } from '../../../src/shared/api';
import { fromMinor, toMinor } from '../../../src/shared/money';
import type { PaidChangeKind } from '../../../src/shared/paid-changes';
import { fullName } from '../../../src/shared/person-name';
import { findTier, pricing } from '../../../src/shared/pricing';
import { tierDependentFields } from '../../../src/shared/tier-rules';
import type { ChangeOrder, NameTransferOrder, PendingOrder, TierChangeOrder } from './orders';
import type { Registration } from '../registrations';
import { statusAfterTierChange } from '../registration-status';

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
}

export interface OrderKind<O extends PendingOrder> {
  /** The only verify call that may confirm it: another is refused with nothing written. */
  verifiedBy: VerifySource;
  /** For an order that changes an existing registration; null for a new registration (its own Lua script). */
  change: O extends ChangeOrder ? ChangeApplication<O> : null;
}

/** The order type whose kind includes K (a tier change order's kind is 'tier-upgrade' | 'ieee-change', so Extract<> would miss it). */
type OrderOfKind<K extends PendingOrder['kind'], O extends PendingOrder = PendingOrder> = O extends PendingOrder ? (K extends O['kind'] ? O : never) : never;

/**
 * The registration after a tier change: the new tier and the fields it decides (the shared tier
 * rules), the new tier's fee, totalPaid raised by the amount, updatedAt, the change appended
 * to its history, and the status the new tier gives (registration-status.ts). Pure.
 */
export function registrationAfterChange(current: Registration, order: TierChangeOrder, change: ChangeRecord, at: Date): Registration {
  const target = findTier(pricing, order.toTier);
  return statusAfterTierChange({
    ...current,
    ...tierDependentFields(order.toTier),
    registrationTier: order.toTier,
    registrationFee: target ? target.fee : current.registrationFee,
    totalPaid: fromMinor(toMinor(current.totalPaid) + order.charges.total),
    updatedAt: at.toISOString(),
    history: [...(current.history ?? []), change],
  }, order);
}

/** The person a registration belongs to, as a name transfer compares it. */
const personOf = (r: Pick<Registration, 'title' | 'firstName' | 'lastName' | 'email'>) => ({ title: r.title ?? '', firstName: r.firstName, lastName: r.lastName, email: r.email.trim().toLowerCase() });

/** A paid tier change (tier upgrade, IEEE change): applies while the registration still has the tier it was ordered from. */
const tierChange: ChangeApplication<TierChangeOrder> = {
  staleReason: (current, order) =>
    current.registrationTier === order.fromTier ? null : `The registration's tier changed to ${current.registrationTier} before this payment arrived (the order was for ${order.fromTier} to ${order.toTier}).`,
  apply: (current, order, common) => {
    const change: ChangeRecord = { kind: order.kind, from: order.fromTier, to: order.toTier, ...common };
    return { change, next: registrationAfterChange(current, order, change, new Date(common.at)) };
  },
  newEmails: () => [],
};

/** A paid name transfer: applies while the registration still belongs to the person it was ordered from; the new person gets a new ticket version. */
const nameTransfer: ChangeApplication<NameTransferOrder> = {
  staleReason: (current, order) =>
    JSON.stringify(personOf(current)) === JSON.stringify({ ...order.from, email: order.from.email.trim().toLowerCase() }) ? null : 'The registration changed hands or name before this payment arrived.',
  apply: (current, order, common) => {
    const change: ChangeRecord = { kind: 'name-transfer', from: fullName(current), to: fullName(order.to), fromEmail: current.email, toEmail: order.to.email, ...common };
    const next: Registration = {
      ...current,
      title: order.to.title,
      firstName: order.to.firstName,
      lastName: order.to.lastName,
      email: order.to.email,
      organization: order.to.organization,
      mobile: order.to.mobile,
      ticketVersion: (current.ticketVersion ?? 0) + 1,
      totalPaid: fromMinor(toMinor(current.totalPaid) + order.charges.total),
      updatedAt: common.at,
      history: [...(current.history ?? []), change],
    };
    return { change, next };
  },
  newEmails: (order) => [order.to.email],
};

/** Every kind of pending order. */
export const orderKinds: { [K in PendingOrder['kind']]: OrderKind<OrderOfKind<K>> } = {
  registration: { verifiedBy: 'verify-payment', change: null },
  'tier-upgrade': { verifiedBy: 'verify-upgrade', change: tierChange },
  'ieee-change': { verifiedBy: 'verify-ieee-change', change: tierChange },
  'name-transfer': { verifiedBy: 'verify-name-transfer', change: nameTransfer },
};

/**
 * Every paid change of the one list (src/shared/paid-changes.ts) is a kind of order: a kind added
 * there without its order type (orders.ts) and its entry above fails `tsc` here, naming the kind.
 */
type PaidChangesWithoutOrder = Exclude<PaidChangeKind, PendingOrder['kind']>;
export const everyPaidChangeIsAnOrder: [PaidChangesWithoutOrder] extends [never] ? true : { missingOrderKind: PaidChangesWithoutOrder } = true;

/** The registry entry of `order`'s kind, typed for that order (TypeScript cannot correlate a union's kind with a mapped record by itself). */
export function orderKindOf<O extends PendingOrder>(order: O): OrderKind<O> {
  return orderKinds[order.kind] as unknown as OrderKind<O>;
}

/** True when `order` changes an existing registration (its kind has a change application). */
export function isChangeOrder(order: PendingOrder): order is ChangeOrder {
  return orderKinds[order.kind].change !== null;
}

/** How `order` is applied to an existing registration. */
export function changeApplication<O extends ChangeOrder>(order: O): ChangeApplication<O> {
  return orderKindOf(order).change as ChangeApplication<O>;
}
