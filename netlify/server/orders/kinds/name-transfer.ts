/**
 * The name transfer (docs/rules.md#fees-arithmetic-and-timings; docs/payments.md#self-service-changes):
 * a registration moves to another person once the processing fee is paid. Created by the
 * name-transfer create-order call, confirmed by its verify call; applies while the registration
 * still belongs to the person it was ordered from; the new person gets a new ticket version, the
 * original registrant is told the ticket moved and the fee's invoice goes to its payer.
 */
import { randomBytes } from 'node:crypto';
import { conference } from '../../../../src/content/conference';
import { invoicing } from '../../../../src/content/invoicing';
import type { ChangeOrderResponse, ChangeRecord, NameTransferNotes, Transferee } from '../../../../src/shared/api';
import { computeFeeCharges } from '../../../../src/shared/change-charges';
import { localDate } from '../../../../src/shared/financial-year';
import { fromMinor, toMinor } from '../../../../src/shared/money';
import { fullName } from '../../../../src/shared/person-name';
import { pricing } from '../../../../src/shared/pricing';
import { refuse } from '../../platform/http';
import { createProviderOrder, publicKeyId } from '../../platform/payments';
import { getRegistrantRegistration, type Registration } from '../../registrations';
import { allow, assertChangesOnSale } from '../change-gates';
import type { ChangeApplication, OrderKindModule } from '../kind-module';
import { savePendingOrder, type NameTransferOrder } from '../orders';

/**
 * Starts a paid name transfer (docs/rules.md#fees-arithmetic-and-timings): the registration `regNo` (its registered
 * e-mail must match) moves to the person `to` once the processing fee (INR 2000 / USD 50, plus
 * GST and the convenience fee: computeFeeCharges) is paid; requests are taken before 20 Nov 2025
 * IST. The order remembers the current person, and applies only while the registration still
 * belongs to them (compare-and-set in finalise.ts); the new person gets a new ticket and the old
 * one is refused from then on. Throws refuse(409 CHANGES_CLOSED after the conference,
 * assertChangesOnSale), refuse(404 NO_MATCH), 409 TRANSFER_CLOSED / REGISTRATION_CANCELLED; ServiceUnavailableError (503) when Redis or Razorpay is down.
 */
async function createNameTransferOrder(regNo: string, email: string, to: Transferee, at: Date): Promise<ChangeOrderResponse<NameTransferNotes>> {
  assertChangesOnSale(at);
  const registration = await getRegistrantRegistration(regNo, email);
  if (localDate(at) >= invoicing.nameTransfer.requestBefore) {
    throw refuse(409, 'TRANSFER_CLOSED', `Name transfers were possible until the day before ${invoicing.nameTransfer.requestBefore}. Please write to ${conference.contactEmail}.`);
  }
  allow(registration, 'name-transfer');
  const currency = registration.currency;
  const charges = computeFeeCharges(pricing, currency, invoicing.nameTransfer.fee[currency]);
  const from = { title: registration.title ?? '', firstName: registration.firstName, lastName: registration.lastName, email: registration.email };
  const providerOrder = await createProviderOrder(charges.total, currency, `ntr_${randomBytes(6).toString('hex')}`, { kind: 'name-transfer', registrationNumber: regNo });
  const order: NameTransferOrder = { kind: 'name-transfer', orderId: providerOrder.id, registrationNumber: regNo, from, to, charges, currency, createdAt: at.toISOString() };
  await savePendingOrder(order, { at: order.createdAt, actor: 'registrant', action: 'order.created', details: { kind: 'name-transfer', orderId: order.orderId, regNo, total: charges.total, currency } });
  const notes: NameTransferNotes = { transferAmount: fromMinor(charges.total), transferFrom: fullName(registration), transferTo: fullName(to) };
  return { success: true, registrationNumber: regNo, order: { id: order.orderId, currency, amount: charges.total, key: publicKeyId(), notes } };
}

/** The person a registration belongs to, as a name transfer compares it. */
const personOf = (r: Pick<Registration, 'title' | 'firstName' | 'lastName' | 'email'>) => ({ title: r.title ?? '', firstName: r.firstName, lastName: r.lastName, email: r.email.trim().toLowerCase() });

/** A paid name transfer: applies while the registration still belongs to the person it was ordered from; the new person gets a new ticket version. */
const application: ChangeApplication<NameTransferOrder> = {
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
  // The original registrant is told the ticket moved; the fee's invoice goes to its payer.
  extraNotices: ['transfer-moved', 'transfer-invoice'],
};

export const nameTransfer = {
  verifiedBy: 'verify-name-transfer',
  change: application,
  create: createNameTransferOrder,
} satisfies OrderKindModule<NameTransferOrder>;
