/**
 * Self-service changes of an existing registration (docs/rules.md#the-self-service-pages;
 * docs/payments.md#self-service-changes):
 *
 * - createChangeOrder(): a paid tier change. The server decides eligibility (a student tier
 *   upgrades to the professional tier of the same IEEE status, region and period; an IEEE-member
 *   tier converts to the non-member tier of the same type, region and period; registrations made
 *   with a coupon are changed by the organisers), computes the amount with the shared arithmetic
 *   (src/shared/change-charges.ts), creates the Razorpay order and stores the pending order. It
 *   is applied later by finalise.ts (compare-and-set on the tier).
 * - lookupName() / changeName(): the registered name, only when the registration id and the
 *   registered e-mail (trimmed, case-insensitive) both match; an unknown id and a wrong e-mail
 *   get the same answer so the call cannot tell which numbers exist.
 *
 * Every refusal is an HttpError whose body carries the API's `{success: false, message}` (docs/rules.md#the-api) beside
 * the error shape; nothing is written on a refused call.
 */
import { randomBytes } from 'node:crypto';
import { conference } from '../../../src/content/conference';
import { changeOrderRequest, tierUpgradeRequest } from '../../../src/shared/api';
import type { ChangeOrderResponse, ChangeRecord, IeeeChangeNotes, NameTransferNotes, Transferee, UpgradeNotes } from '../../../src/shared/api';
import { invoicing } from '../../../src/content/invoicing';
import { computeChangeCharges, computeFeeCharges } from '../../../src/shared/change-charges';
import { localDate } from '../../../src/shared/financial-year';
import { fromMinor } from '../../../src/shared/money';
import { fullName } from '../../../src/shared/person-name';
import { findTier, pricing } from '../../../src/shared/pricing';
import { changeTarget, type ChangeKind } from '../../../src/shared/tier-rules';
import { endpoint, json, readJson, refuse } from '../platform/http';
import { limitRequest } from '../platform/rate-limit';
import { now as clockNow } from '../platform/clock';
import { deliverConfirmation } from '../mail-delivery';
import { nameChangeNotice } from '../mail';
import { savePendingOrder, type NameTransferOrder, type TierChangeOrder } from './orders';
import { createProviderOrder, publicKeyId } from '../platform/payments';
import { CHANGES_CLOSED_MESSAGE, NOT_FOUND_MESSAGE, messages } from '../../../src/shared/messages';
import { paidChangesOnSaleAt } from '../../../src/shared/edition';
import { getRegistrantRegistration, getRegistration, registrantOf, type Registration } from '../registrations';
import { updateRegistration } from '../registration-update';
import { decide, type LifecycleAction } from '../../../src/shared/registration-lifecycle';

/** Throws refuse(409, code) when the registration's lifecycle state does not allow `action` now. */
function allow(r: Registration, action: LifecycleAction): void {
  const verdict = decide(r, action);
  if (!verdict.allowed) throw refuse(409, verdict.code, verdict.reason);
}

/**
 * Throws refuse(409, CHANGES_CLOSED) once paid changes are no longer sold at `at`: the
 * conference has ended (src/shared/schedule.ts paidChangesOnSale, decision 031's addendum). Only
 * the create-order calls ask it; the apply step of a paid order keeps the lifecycle's rules, so a
 * payment for an order made before the end is never lost.
 */
export function assertChangesOnSale(at: Date): void {
  if (!paidChangesOnSaleAt(at)) throw refuse(409, 'CHANGES_CLOSED', CHANGES_CLOSED_MESSAGE);
}

/** The refusal texts of a tier change, per kind. */
const notEligible: Record<ChangeKind, string> = {
  'tier-upgrade': 'Only student registrations can be upgraded, and this registration already has a Full Registration tier.',
  'ieee-change': 'Only IEEE-member registrations can be changed to a non-member tier, and this registration is already a non-member one.',
};

/** The order answer of upgrade-tier / change-ieee-status (docs/rules.md#the-api). */
export interface ChangeOrderResult {
  registrationNumber: string;
  order: { id: string; currency: TierChangeOrder['currency']; amount: number; key: string; notes: UpgradeNotes | IeeeChangeNotes };
}

/**
 * Creates a paid change order of `kind` for registration `regNo` at `at`: amount in minor units
 * (total = base difference + 18 % GST, + 4 % convenience fee on the taxed amount), stored as a
 * pending order before the answer. Throws (via refuse) 409 CHANGES_CLOSED after the conference
 * (assertChangesOnSale), 404 REGISTRATION_NOT_FOUND, 409 COUPON_REGISTRATION (made with a coupon: the organisers change it), 409 NOT_ELIGIBLE (the tier
 * cannot change that way), 409 CANCELLATION_REQUESTED / REGISTRATION_CANCELLED (the lifecycle,
 * src/shared/registration-lifecycle.ts); ServiceUnavailableError (503) when Redis or Razorpay is down.
 */
export async function createChangeOrder(kind: ChangeKind, regNo: string, at: Date, paper?: TierChangeOrder['paper']): Promise<ChangeOrderResult> {
  assertChangesOnSale(at);
  const registration = await getRegistration(regNo);
  if (!registration) throw refuse(404, 'REGISTRATION_NOT_FOUND', NOT_FOUND_MESSAGE);
  allow(registration, kind);
  if (registration.couponCode && registration.couponCode !== 'NoCoupon') {
    throw refuse(409, 'COUPON_REGISTRATION', `This registration was made with a coupon, so the organisers make this change for you. Please write to ${conference.contactEmail} with your Registration ID.`);
  }
  const from = findTier(pricing, registration.registrationTier);
  const to = changeTarget(kind, registration.registrationTier, pricing);
  if (!from || !to) throw refuse(409, 'NOT_ELIGIBLE', notEligible[kind]);
  const charges = computeChangeCharges(pricing, from, to);

  const providerOrder = await createProviderOrder(charges.total, charges.currency, `${kind === 'tier-upgrade' ? 'upg' : 'iee'}_${randomBytes(6).toString('hex')}`, {
    kind,
    registrationNumber: regNo,
    from: from.id,
    to: to.id,
  });
  const order: TierChangeOrder = {
    kind,
    orderId: providerOrder.id,
    registrationNumber: regNo,
    fromTier: from.id,
    toTier: to.id,
    charges,
    currency: charges.currency,
    createdAt: at.toISOString(),
    ...(paper && kind === 'tier-upgrade' ? { paper } : {}),
  };
  await savePendingOrder(order, { at: order.createdAt, actor: 'registrant', action: 'order.created', details: { kind, orderId: order.orderId, regNo, from: from.id, to: to.id, total: charges.total, currency: charges.currency } });

  const total = fromMinor(charges.total);
  const notes: UpgradeNotes | IeeeChangeNotes =
    kind === 'tier-upgrade' ? { upgradeAmount: total, upgradeFrom: from.id, upgradeTo: to.id } : { changeAmount: total, changeFrom: from.id, changeTo: to.id };
  return { registrationNumber: regNo, order: { id: order.orderId, currency: charges.currency, amount: charges.total, key: publicKeyId(), notes } };
}

// get-name's lookup lives in self-service-lookup.ts (its function starts without this module).
export { lookupName } from './self-service-lookup';

export interface NameChange {
  title: Registration['title'] | '';
  firstName: string;
  lastName: string;
}

/**
 * update-name: changes the registered title and names of `regNo` when `email` matches, keeps the
 * old name in the registration's history, writes an audit entry (one compare-and-set EVAL, so a
 * payment applied at the same moment is never overwritten) and e-mails the registered address.
 * An unchanged name is answered as done with nothing written. Returns whether anything changed.
 * Throws refuse(404, NO_MATCH) like lookupName; ServiceUnavailableError when the store is down.
 */
export async function changeName(regNo: string, email: string, name: NameChange, at: Date): Promise<{ changed: boolean }> {
  const outcome = await updateRegistration<{ changed: false } | { changed: true; registration: Registration; before: string; after: string }>(regNo, (found) => {
    const current = registrantOf(found, email);
    allow(current, 'name-change');
    const before = fullName(current);
    // The title is optional here; an empty one is stored as ''.
    const next: Registration = { ...current, title: name.title as Registration['title'], firstName: name.firstName, lastName: name.lastName };
    const after = fullName(next);
    if (before === after && (current.title ?? '') === name.title) return { stop: { changed: false } };
    const change: ChangeRecord = { kind: 'name-change', from: before, to: after, at: at.toISOString() };
    next.updatedAt = change.at;
    next.history = [...(current.history ?? []), change];
    return {
      write: next,
      audit: { at: change.at, actor: 'registrant', action: 'registration.name-change', details: { regNo, from: before, to: after } },
      result: (registration) => ({ changed: true, registration, before, after }),
    };
  });
  if (outcome.changed) {
    // The notice goes to the registered address; a failure is recorded, never fails the change.
    await deliverConfirmation(outcome.registration, at, false, nameChangeNotice(outcome.registration, outcome.before, outcome.after)).catch((err: unknown) => {
      console.error(`[mail] name-change notice for ${regNo} not recorded: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
  return { changed: outcome.changed };
}

/**
 * Starts a paid name transfer (docs/rules.md#fees-arithmetic-and-timings): the registration `regNo` (its registered
 * e-mail must match) moves to the person `to` once the processing fee (INR 2000 / USD 50, plus
 * GST and the convenience fee: computeFeeCharges) is paid; requests are taken before 20 Nov 2025
 * IST. The order remembers the current person, and applies only while the registration still
 * belongs to them (compare-and-set in finalise.ts); the new person gets a new ticket and the old
 * one is refused from then on. Throws refuse(409 CHANGES_CLOSED after the conference,
 * assertChangesOnSale), refuse(404 NO_MATCH), 409 TRANSFER_CLOSED / REGISTRATION_CANCELLED; ServiceUnavailableError (503) when Redis or Razorpay is down.
 */
export async function createNameTransferOrder(regNo: string, email: string, to: Transferee, at: Date): Promise<ChangeOrderResponse<NameTransferNotes>> {
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

/**
 * The paper a student's upgrade answers for (the wizard skipped the paper step for the
 * student tier): none when the request says nothing (the record keeps its own), else the Paper ID
 * or "I did not submit a paper". Throws 400 PAPER_REQUIRED for neither a Paper ID nor noPaper.
 */
function upgradePaper(noPaper: boolean | undefined, paperId: string | undefined): TierChangeOrder['paper'] {
  if (noPaper === undefined && paperId === undefined) return undefined;
  if (noPaper) return { noPaper: true, paperId: '' };
  if (!paperId) throw refuse(400, 'PAPER_REQUIRED', messages.paperRequired);
  return { noPaper: false, paperId };
}

/**
 * The handler of upgrade-tier and change-ieee-status (docs/rules.md#the-api): rate-limited per
 * client address, `{regId}` in, `{success: true, registrationNumber, order}` out (createChangeOrder),
 * 409 CHANGES_CLOSED after the conference (before the rate limit), every failure with
 * `{success: false, message}` beside the error shape.
 */
export function changeOrderEndpoint(kind: ChangeKind) {
  return endpoint(
    ['POST'],
    async (req, context) => {
      const at = clockNow();
      if (kind === 'ieee-change') {
        const { regId } = await readJson(req, changeOrderRequest);
        // Before the rate limit: a closed sale answers at once and writes nothing, not even a count.
        assertChangesOnSale(at);
        await limitRequest('change-order', req, context);
        return json(200, { success: true, ...(await createChangeOrder(kind, regId, at)) });
      }
      const { regId, noPaper, paperId } = await readJson(req, tierUpgradeRequest);
      assertChangesOnSale(at);
      await limitRequest('change-order', req, context);
      return json(200, { success: true, ...(await createChangeOrder(kind, regId, at, upgradePaper(noPaper, paperId))) });
    },
    { successFlag: true },
  );
}
