/** A stored registration for the invoice tests (unit project): built from the valid form, no I/O. */
import type { Cancellation, StoredRegistration } from '../../src/shared/api';
import type { PaidChangeRecord } from '../../src/shared/change-kinds';
import { changeInvoiceSnapshot, creditNoteSnapshot, registrationInvoiceSnapshot } from '../../src/shared/invoice';
import { computeCharges, pricing as editionPricing, type Pricing } from '../../src/shared/pricing';
import { validForm } from '../functions/helpers-form';

/**
 * A stored registration as finalise writes it, with an invoice number and its frozen snapshot. Its charges come from
 * `pricing`: this edition's content by default; tests that pin figures pass the 2025 fee table
 * (tests/unit/spec-edition.ts) so a next edition's fees do not move them.
 */
export function storedRegistration(overrides: Parameters<typeof validForm>[0] = {}, coupon: 'half' | null = null, pricing: Pricing = editionPricing): StoredRegistration {
  const { verifyEmail: _v, ...form } = validForm(overrides);
  const charges = computeCharges(pricing, form, coupon);
  const r: StoredRegistration = {
    ...form,
    _id: 'id',
    registrationNumber: 'PESGRE25-ABCDEFGH',
    registrationFee: charges.registrationFee / 100,
    welcomeReceptionExtraFee: charges.welcomeReceptionExtraFee / 100,
    galaDinnerExtraFee: charges.galaDinnerExtraFee / 100,
    couponCode: coupon ? 'HALF' : 'NoCoupon',
    paymentId: 'pay_REG000001',
    orderId: 'order_REG000001',
    currency: charges.currency,
    totalPaid: charges.total / 100,
    charges,
    paidAt: '2025-10-15T04:30:00.000Z',
    createdAt: '2025-10-15T04:30:00.000Z',
    updatedAt: '2025-10-15T04:30:00.000Z',
    invoiceNumber: 'PG25/2526/00007',
  };
  return { ...r, invoiceSnapshot: registrationInvoiceSnapshot(r) };
}

/** `next` (the record as a paid change leaves it) with `change` appended to its history, its invoice frozen as finalise freezes it. */
export function withPaidChange(next: StoredRegistration, change: PaidChangeRecord): StoredRegistration {
  const applied = { ...next, history: [...(next.history ?? []), change] };
  return { ...applied, history: [...(next.history ?? []), { ...change, invoiceSnapshot: changeInvoiceSnapshot(applied, change) }] };
}

/** `r` with `cancellation` approved and its credit note frozen, as the approval writes it. */
export function withCreditNote(r: StoredRegistration, cancellation: Cancellation): StoredRegistration {
  const approved = { ...r, cancellation };
  return { ...approved, cancellation: { ...cancellation, creditNoteSnapshot: creditNoteSnapshot(approved) } };
}

