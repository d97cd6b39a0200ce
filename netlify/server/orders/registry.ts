/**
 * The order registry (docs/architecture.md#the-order-registry, docs/payments.md#orders): the typed
 * map of the kinds of pending order (orders.ts PendingOrder), one module each under kinds/ holding
 * its creation, the verify call that confirms it and, for an order that changes an existing
 * registration, when it can no longer apply, what it writes, which indexes it joins and which
 * e-mails it adds. finalise.ts and confirm.ts read this map and never branch on a kind; a kind
 * without its module fails `tsc`. Only this file imports a module under kinds/ (eslint.config.js).
 *
 * What the browser needs as well (a change's label, invoice line, refund rule) is in
 * src/shared/change-kinds.ts; each kind's e-mail notice is in mail.ts (changeNotices).
 */
import type { PaidChangeKind } from '../../../src/shared/paid-changes';
import type { ChangeApplication, ExtraNotice, OrderKindModule } from './kind-module';
import type { ChangeOrder, PendingOrder } from './orders';
import { ieeeChange } from './kinds/ieee-change';
import { nameTransfer } from './kinds/name-transfer';
import { registration } from './kinds/registration';
import { tierUpgrade } from './kinds/tier-upgrade';

export type { ChangeApplication, ChangeCommon, ExtraNotice, OrderKindModule, VerifySource } from './kind-module';

/** The kinds of order: a registration and every paid change of the one list (src/shared/paid-changes.ts). */
export type OrderKindName = 'registration' | PaidChangeKind;

/** The order type whose kind includes K (a tier change order's kind is 'tier-upgrade' | 'ieee-change', so Extract<> would miss it); never for a kind without an order type. */
type OrderOfKind<K extends string, O extends PendingOrder = PendingOrder> = O extends PendingOrder ? (K extends O['kind'] ? O : never) : never;

/**
 * Every kind of pending order: the typed map of the modules under kinds/, keyed by a registration
 * and the one list of paid changes (OrderKindName): a kind added to the list without its module
 * here fails `tsc`. Each
 * module keeps its own type (its creation's signature), and `satisfies` checks it is a kind.
 */
export const orderKinds = {
  registration,
  'tier-upgrade': tierUpgrade,
  'ieee-change': ieeeChange,
  'name-transfer': nameTransfer,
} satisfies { [K in OrderKindName]: OrderKindModule<OrderOfKind<K>> };

/**
 * Every paid change of the one list (src/shared/paid-changes.ts) is a kind of order: a kind added
 * there without its order type (orders.ts) and its entry above fails `tsc` here, naming the kind.
 */
type PaidChangesWithoutOrder = Exclude<PaidChangeKind, PendingOrder['kind']>;
export const everyPaidChangeIsAnOrder: [PaidChangesWithoutOrder] extends [never] ? true : { missingOrderKind: PaidChangesWithoutOrder } = true;

/** The registry entry of `order`'s kind, typed for that order (TypeScript cannot correlate a union's kind with a mapped record by itself). */
export function orderKindOf<O extends PendingOrder>(order: O): OrderKindModule<O> {
  return orderKinds[order.kind] as unknown as OrderKindModule<O>;
}

/** True when `order` changes an existing registration (its kind has a change application). */
export function isChangeOrder(order: PendingOrder): order is ChangeOrder {
  return orderKinds[order.kind].change !== null;
}

/** How `order` is applied to an existing registration. */
export function changeApplication<O extends ChangeOrder>(order: O): ChangeApplication<O> {
  return orderKindOf(order).change as ChangeApplication<O>;
}

/** The e-mails besides the confirmation that applying a change of `kind` sends (its module's extraNotices; none for most kinds). */
export function extraNotices(kind: ChangeOrder['kind']): readonly ExtraNotice[] {
  return (orderKinds[kind].change as ChangeApplication<ChangeOrder>).extraNotices ?? [];
}
