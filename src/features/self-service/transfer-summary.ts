/**
 * What the name-transfer page (/name-transfer) states about money (docs/rules.md#fees-arithmetic-and-timings, name
 * transfer: a processing fee of USD 50 / INR 2000 plus GST and the convenience fee): the fee in
 * both currencies before paying, and the breakdown of the order the server created. Pure: no
 * React, no I/O, so tests/unit can pin it.
 */
import type { CheckoutOrder, NameTransferNotes } from '../../shared/api';
import { invoicing } from '../../content/invoicing';
import { backComputeChange, computeFeeCharges, type ChangeCharges } from '../../shared/change-charges';
import type { Currency } from '../../shared/money';
import type { Pricing } from '../../shared/pricing';
import type { SummaryAmounts } from './change-summary';

/** The processing fee's charges in each currency, exactly as the server computes them for an order. */
export function transferFees(p: Pick<Pricing, 'gst' | 'convinienceFee'>): Record<Currency, ChangeCharges> {
  return {
    INR: computeFeeCharges(p, 'INR', invoicing.nameTransfer.fee.INR),
    USD: computeFeeCharges(p, 'USD', invoicing.nameTransfer.fee.USD),
  };
}

/** Everything the transfer's summary card shows (the amounts as a change's: change-summary.ts). */
export interface TransferSummary extends SummaryAmounts {
  registrationNumber: string;
  fromName: string;
  toName: string;
}

/**
 * The summary of a name-transfer `order`. The names are the order's notes (the server's view of
 * the current and the new person); the amounts are backComputeChange(order.amount), as on the
 * other paid self-service pages, so the lines always add up to what Checkout charges.
 */
export function transferSummary(
  registrationNumber: string,
  order: Pick<CheckoutOrder<NameTransferNotes>, 'amount' | 'currency' | 'notes'>,
  p: Pick<Pricing, 'gst' | 'convinienceFee'>,
): TransferSummary {
  return {
    registrationNumber,
    fromName: order.notes.transferFrom,
    toName: order.notes.transferTo,
    currency: order.currency,
    gstPercent: p.gst,
    convenienceFeePercent: p.convinienceFee,
    ...backComputeChange(order.amount, p),
  };
}
