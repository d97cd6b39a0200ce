/**
 * What each kind of change in a registration's history is: one exhaustive record, read by the
 * browser (the admin history, the self-service pages) and the server (invoices, refunds, e-mail
 * notices, the order registry in netlify/server/orders/registry.ts). The kinds themselves come from
 * the one list (src/shared/paid-changes.ts); a kind without an entry here fails `tsc`, instead of
 * falling through to "tier change" in a dozen branches (docs/architecture.md, "The order registry").
 *
 * The rules (docs/payments.md): a tier upgrade, an IEEE status change and a name transfer are
 * paid, each with its own tax invoice; a name correction is free. The refund rule counts a tier
 * difference as registration fee, never a transfer's processing fee.
 */
import type { ChangeRecord } from './api';
import { tierLabel } from './csv';
import type { PaidChangeKind } from './paid-changes';

/** Every kind of change a registration's history records. */
export type ChangeRecordKind = ChangeRecord['kind'];

/** The change record of kind K (the paid record's kind is a union, so Extract<> would miss it). */
export type ChangeRecordOf<K extends ChangeRecordKind, C extends ChangeRecord = ChangeRecord> = C extends ChangeRecord ? (K extends C['kind'] ? C : never) : never;

/** A paid change (it carries charges, a payment and its own tax invoice). */
export type PaidChangeRecord = Extract<ChangeRecord, { amount: number }>;

export interface ChangeKindRules {
  /** How the admin pages and e-mails name it, e.g. 'Tier upgrade'. */
  label: string;
  /** Paid through Checkout: it has charges, a payment id and its own tax invoice (true exactly for the kinds of PAID_CHANGE_KINDS). */
  paid: boolean;
  /**
   * What it changes on the record: the tier (from/to are tier ids) or the person (from/to are
   * full names). Issued tax documents keep what they printed in their own snapshot
   * (docs/decisions/052-tax-documents-frozen-when-issued.md), so nothing undoes a change.
   */
  changes: 'tier' | 'person';
  /** It moves the registration to another registered e-mail (`fromEmail` before, `toEmail` after): earlier documents stay with the earlier address. */
  changesEmail: boolean;
  /** Its fee is registration fee (a tier difference), which the 50 % refund rule counts. */
  refundableFee: boolean;
  /** The line of its tax invoice (paid kinds only); `regNo` is the registration's number. */
  invoiceLine(change: PaidChangeRecord, regNo: string): string;
}

const noInvoice = (): never => {
  throw new Error('an unpaid change has no invoice');
};

/**
 * The rules of each kind of change, exhaustive over ChangeRecord['kind']; `paid` is typed from
 * the list, so a paid kind cannot be declared free here (or the other way round).
 */
export const changeKinds: { [K in ChangeRecordKind]: ChangeKindRules & { paid: K extends PaidChangeKind ? true : false } } = {
  'tier-upgrade': {
    label: 'Tier upgrade',
    paid: true,
    changes: 'tier',
    changesEmail: false,
    refundableFee: true,
    invoiceLine: (c) => `Tier upgrade: ${tierLabel(c.from)} to ${tierLabel(c.to)} (fee difference)`,
  },
  'ieee-change': {
    label: 'IEEE status change',
    paid: true,
    changes: 'tier',
    changesEmail: false,
    refundableFee: true,
    invoiceLine: (c) => `IEEE membership status change: ${tierLabel(c.from)} to ${tierLabel(c.to)} (fee difference)`,
  },
  'name-transfer': {
    label: 'Name transfer',
    paid: true,
    changes: 'person',
    changesEmail: true,
    refundableFee: false,
    invoiceLine: (c, regNo) => `Name transfer processing fee: registration ${regNo} from ${c.from} to ${c.to}`,
  },
  'name-change': {
    label: 'Name change',
    paid: false,
    changes: 'person',
    changesEmail: false,
    refundableFee: false,
    invoiceLine: noInvoice,
  },
};

/** True when `change` is of a paid kind (then it has an amount, a payment and usually its charges). */
export function isPaidChange(change: ChangeRecord): change is PaidChangeRecord {
  return changeKinds[change.kind].paid;
}

/** The rules of a kind read from stored data, or undefined for a kind this code does not know. */
export function changeKindOf(kind: string): ChangeKindRules | undefined {
  return Object.hasOwn(changeKinds, kind) ? changeKinds[kind as ChangeRecordKind] : undefined;
}

/** For the branch an exhaustive switch never reaches: `tsc` refuses a call with anything but never. */
export function unhandled(value: never): never {
  throw new Error(`unhandled kind: ${String(value)}`);
}
