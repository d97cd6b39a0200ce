/**
 * A paid tier change, shared by the two kinds that make one (kinds/tier-upgrade.ts,
 * kinds/ieee-change.ts; docs/payments.md#self-service-changes): its creation (the server decides
 * eligibility with the shared tier rules, computes the amount with the shared arithmetic,
 * src/shared/change-charges.ts, creates the Razorpay order and stores the pending order), its
 * create-order handler, and its application (compare-and-set on the tier, finalise.ts). What
 * differs between the two kinds (the refusal text, the receipt prefix, the order's notes, the
 * request) is given by each kind's module.
 */
import { randomBytes } from 'node:crypto';
import type * as z from 'zod/mini';
import { conference } from '../../../src/content/conference';
import type { ChangeRecord, IeeeChangeNotes, UpgradeNotes } from '../../../src/shared/api';
import { computeChangeCharges } from '../../../src/shared/change-charges';
import { NOT_FOUND_MESSAGE } from '../../../src/shared/messages';
import { fromMinor, toMinor } from '../../../src/shared/money';
import { findTier, pricing } from '../../../src/shared/pricing';
import { changeTarget, tierDependentFields, type ChangeKind } from '../../../src/shared/tier-rules';
import { now as clockNow } from '../platform/clock';
import { json, readJson, refuse, type RequestContext } from '../platform/http';
import { createProviderOrder, publicKeyId } from '../platform/payments';
import { limitRequest } from '../platform/rate-limit';
import { statusAfterTierChange } from '../registration-status';
import { getRegistration, type Registration } from '../registrations';
import { allow, assertChangesOnSale } from './change-gates';
import type { ChangeApplication } from './kind-module';
import { savePendingOrder, type TierChangeOrder } from './orders';

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

/** A paid tier change (tier upgrade, IEEE change): applies while the registration still has the tier it was ordered from. */
export const tierChangeApplication: ChangeApplication<TierChangeOrder> = {
  staleReason: (current, order) =>
    current.registrationTier === order.fromTier ? null : `The registration's tier changed to ${current.registrationTier} before this payment arrived (the order was for ${order.fromTier} to ${order.toTier}).`,
  apply: (current, order, common) => {
    const change: ChangeRecord = { kind: order.kind, from: order.fromTier, to: order.toTier, ...common };
    return { change, next: registrationAfterChange(current, order, change, new Date(common.at)) };
  },
  newEmails: () => [],
};

/** The order answer of upgrade-tier / change-ieee-status (docs/rules.md#the-api). */
export interface ChangeOrderResult {
  registrationNumber: string;
  order: { id: string; currency: TierChangeOrder['currency']; amount: number; key: string; notes: UpgradeNotes | IeeeChangeNotes };
}

/** What one kind of tier change says and names (its module under kinds/ gives it). */
export interface TierChangeSpec<K extends ChangeKind> {
  kind: K;
  /** The refusal text when the registration's tier cannot change this way. */
  notEligible: string;
  /** The first letters of the Razorpay receipt, e.g. 'upg'. */
  receiptPrefix: string;
  /** The notes the browser's Checkout shows (`total` in whole units, tier ids). */
  notes(total: number, from: string, to: string): UpgradeNotes | IeeeChangeNotes;
}

/**
 * Creates a paid change order of `spec.kind` for registration `regNo` at `at`: amount in minor units
 * (total = base difference + 18 % GST, + 4 % convenience fee on the taxed amount), stored as a
 * pending order before the answer. Throws (via refuse) 409 CHANGES_CLOSED after the conference
 * (assertChangesOnSale), 404 REGISTRATION_NOT_FOUND, 409 COUPON_REGISTRATION (made with a coupon: the organisers change it), 409 NOT_ELIGIBLE (the tier
 * cannot change that way), 409 CANCELLATION_REQUESTED / REGISTRATION_CANCELLED (the lifecycle,
 * src/shared/registration-lifecycle.ts); ServiceUnavailableError (503) when Redis or Razorpay is down.
 */
export async function createTierChangeOrder<K extends ChangeKind>(spec: TierChangeSpec<K>, regNo: string, at: Date, paper?: TierChangeOrder['paper']): Promise<ChangeOrderResult> {
  const { kind } = spec;
  assertChangesOnSale(at);
  const registration = await getRegistration(regNo);
  if (!registration) throw refuse(404, 'REGISTRATION_NOT_FOUND', NOT_FOUND_MESSAGE);
  allow(registration, kind);
  if (registration.couponCode && registration.couponCode !== 'NoCoupon') {
    throw refuse(409, 'COUPON_REGISTRATION', `This registration was made with a coupon, so the organisers make this change for you. Please write to ${conference.contactEmail} with your Registration ID.`);
  }
  const from = findTier(pricing, registration.registrationTier);
  const to = changeTarget(kind, registration.registrationTier, pricing);
  if (!from || !to) throw refuse(409, 'NOT_ELIGIBLE', spec.notEligible);
  const charges = computeChangeCharges(pricing, from, to);

  const providerOrder = await createProviderOrder(charges.total, charges.currency, `${spec.receiptPrefix}_${randomBytes(6).toString('hex')}`, {
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
    ...(paper ? { paper } : {}),
  };
  await savePendingOrder(order, { at: order.createdAt, actor: 'registrant', action: 'order.created', details: { kind, orderId: order.orderId, regNo, from: from.id, to: to.id, total: charges.total, currency: charges.currency } });

  const notes = spec.notes(fromMinor(charges.total), from.id, to.id);
  return { registrationNumber: regNo, order: { id: order.orderId, currency: charges.currency, amount: charges.total, key: publicKeyId(), notes } };
}

/**
 * The handler of a tier change's create-order call (upgrade-tier, change-ieee-status;
 * docs/rules.md#the-api): reads `request`, answers 409 CHANGES_CLOSED after the conference before
 * the rate limit (a closed sale writes nothing, not even a count), rate-limits per client address,
 * then `{success: true, registrationNumber, order}` from `create`.
 */
export function changeOrderHandler<S extends z.core.$ZodType>(request: S, create: (body: z.output<S>, at: Date) => Promise<ChangeOrderResult>) {
  return async (req: Request, context?: RequestContext): Promise<Response> => {
    const at = clockNow();
    const body = await readJson(req, request);
    assertChangesOnSale(at);
    await limitRequest('change-order', req, context);
    return json(200, { success: true, ...(await create(body, at)) });
  };
}
