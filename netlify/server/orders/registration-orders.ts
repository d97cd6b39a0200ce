/**
 * create-order's business rules for a new registration (docs/rules.md, docs/payments.md#amounts,
 * #the-payment-flow). The order is stored through the order core (orders.ts).
 * Everything that decides money is recomputed here from the validated form, the coupon in
 * Redis and today's date; the amount the browser sends is only compared.
 */
import { randomBytes } from 'node:crypto';
import { INVALID_COUPON_MESSAGE, membershipRefusal, membershipRefusalMessage, registrationClosedMessage } from '../../../src/shared/messages';
import { phaseAt } from '../../../src/shared/edition';
import type { RegistrationForm } from '../../../src/shared/registration-form';
import type { CreateOrderResponse } from '../../../src/shared/api';
import { fromMinor, toMinor } from '../../../src/shared/money';
import {
  computeCharges,
  findTier,
  isEarlyBirdOpen,
  isEarlyBirdTier,
  isIeeeTier,
  pricing,
  tiersOnOffer,
  type CouponType,
} from '../../../src/shared/pricing';
import { regionRefusal } from '../../../src/shared/region-rules';
import { tierDependentFields } from '../../../src/shared/tier-rules';
import { checkCoupon, holdCoupon } from '../coupons';
import { HttpError } from '../platform/http';
import { MEMBER_NUMBER_PATTERN, checkMembership } from '../platform/membership';
import { acceptedPaperReads, assertAcceptedPaper } from '../paper-rule';
import { createProviderOrder, publicKeyId } from '../platform/payments';
import { finaliseAndNotify } from './confirm';
import { savePendingOrder, type RegistrationOrder } from './orders';
import { actingFields } from '../platform/request-scope';

export const EARLY_BIRD_ENDED = 'The Early Bird registration period has ended. Please reselect a valid tier.';

export interface CreateOrderInput {
  /** Total the browser showed, whole units (e.g. 10030.5). */
  amount: number;
  data: RegistrationForm;
  code?: string | null;
}

export interface CreateOrderContext {
  now: Date;
  /** True when the request carries a verified admin token (foreign-author override, docs/rules.md#pages-and-routes). */
  admin: boolean;
  /** The client address (Netlify's context.ip, see clientAddress): it holds at most one use of a coupon at a time. */
  client: string;
}

/** Applies the wizard's tier-dependent normalisation (docs/rules.md#the-registration-wizard, src/shared/tier-rules.ts) on the server too. */
function normaliseForm(form: RegistrationForm): RegistrationForm {
  const out = { ...form, ...tierDependentFields(form.registrationTier) };
  if (out.noPaper) out.paperId = '';
  if (out.welcomeReception === 'no') out.additionalReceptionTickets = 0;
  if (out.galaDinner === 'no') out.additionalGalaDinnerTickets = 0;
  if (!out.dietaryRequirements.includes('OTHER')) out.dietaryOtherText = '';
  return out;
}

const field = (name: string, message: string) => ({ [`data.${name}`]: message });

/** 400 INVALID_COUPON: the one answer for an unknown or used-up code (docs/security.md#coupon-codes: nothing for a guesser to tell apart). */
const invalidCoupon = () => new HttpError(400, 'INVALID_COUPON', INVALID_COUPON_MESSAGE, { code: INVALID_COUPON_MESSAGE });

/**
 * Throws HttpError 403 unless online registration is open at `now` (the edition's phase,
 * docs/decisions/031-edition-phases.md) or `admin`: admin mode keeps registering open (the desk
 * at the venue). REGISTRATION_NOT_OPEN before the first day of registration, REGISTRATION_CLOSED
 * after the Standard deadline (decision 013), each with the phase's message
 * (registrationClosedMessage). create-order calls it before counting the request, so a refused
 * request writes nothing, not even a rate-limit count.
 */
export function assertRegistrationOpen(now: Date, admin: boolean): void {
  const phase = phaseAt(now);
  if (admin || phase === 'registration-open') return;
  throw new HttpError(403, phase === 'before-registration' ? 'REGISTRATION_NOT_OPEN' : 'REGISTRATION_CLOSED', registrationClosedMessage(phase));
}

/**
 * Validates the business rules, computes the charges and creates the order.
 * Returns the order response (docs/rules.md#the-api). Throws HttpError:
 * 400 unknown tier / tier not on offer / membership not valid / Paper ID not among the accepted
 * papers once papers are imported (PAPER_NOT_FOUND) / coupon rules (an unknown and a
 * used-up coupon answer alike: INVALID_COUPON 'Invalid coupon'), 403 a tier outside the
 * delegate's region or an unlisted country without an admin session (regionRefusal, decision 015), 403 REGISTRATION_NOT_OPEN / REGISTRATION_CLOSED outside online registration without an admin session (assertRegistrationOpen),
 * 409 earlyBirdExpired, price changed;
 * ServiceUnavailableError (503) when Redis, Razorpay or the membership check is down.
 */
export async function createRegistrationOrder(input: CreateOrderInput, ctx: CreateOrderContext): Promise<CreateOrderResponse> {
  assertRegistrationOpen(ctx.now, ctx.admin);
  const form = normaliseForm(input.data);
  const tier = findTier(pricing, form.registrationTier);
  if (!tier) throw new HttpError(400, 'UNKNOWN_TIER', 'Unknown registration tier.', field('registrationTier', 'Unknown registration tier.'));

  // The delegate's country decides the tier set (decision 015); an admin may register anyone in any tier (docs/rules.md#pages-and-routes).
  const refusal = ctx.admin ? null : regionRefusal(tier, form.country, form.billingCountry);
  if (refusal) throw new HttpError(refusal.status, refusal.code, refusal.message, refusal.field ? field(refusal.field, refusal.message) : undefined);
  if (form.registrationCurrency !== tier.currency) {
    throw new HttpError(400, 'CURRENCY_MISMATCH', `This tier is priced in ${tier.currency}.`, field('registrationCurrency', `This tier is priced in ${tier.currency}.`));
  }
  if (isEarlyBirdTier(tier.id) && !isEarlyBirdOpen(ctx.now, pricing)) {
    throw new HttpError(409, 'EARLY_BIRD_EXPIRED', EARLY_BIRD_ENDED, undefined, { success: false, earlyBirdExpired: true, message: EARLY_BIRD_ENDED });
  }
  if (!tiersOnOffer(pricing, ctx.now, tier.region).some((t) => t.id === tier.id)) {
    throw new HttpError(400, 'TIER_NOT_ON_OFFER', 'This tier is not on offer today. Please reselect a valid tier.', field('registrationTier', 'This tier is not on offer today.'));
  }
  let membershipChecked = true;
  if (isIeeeTier(tier.id)) {
    const membership = await checkMembership(form.ieeeMemberNumber);
    // Queued for an admin (no service): only the format can be checked now.
    const valid = membership.checked ? membership.status === 'Active' : MEMBER_NUMBER_PATTERN.test(form.ieeeMemberNumber);
    if (!valid) {
      // Says why: a number queued for an admin fails only on its format, an unknown number.
      const refusal = membershipRefusalMessage(membership.checked ? membershipRefusal(membership.status) : 'unknown');
      throw new HttpError(400, 'MEMBERSHIP_NOT_VALID', refusal, field('ieeeMemberNumber', refusal));
    }
    membershipChecked = membership.checked;
  }

  // Once papers are imported, a named Paper ID must be an accepted paper (decision 011); with a
  // coupon, checked in the coupon read's round trip.
  const paperReads = form.noPaper ? null : acceptedPaperReads(form.paperId);
  let couponType: CouponType | null = null;
  const code = input.code ?? null;
  if (!code && paperReads) await assertAcceptedPaper(form.paperId);
  if (code) {
    const check = await checkCoupon(code, tier.id, ctx.now.getTime(), ctx.client, paperReads);
    if ('refusal' in check) throw new HttpError(400, check.refusal.code, check.refusal.message, { code: check.refusal.message });
    couponType = check.coupon.type;
  }

  const charges = computeCharges(pricing, form, couponType);
  if (toMinor(input.amount) !== charges.total) {
    throw new HttpError(409, 'PRICE_CHANGED', `The amount due is ${fromMinor(charges.total).toFixed(2)} ${charges.currency}, not ${input.amount.toFixed(2)}. Please review the summary and pay again.`, undefined, {
      amount: fromMinor(charges.total),
      currency: charges.currency,
    });
  }

  const receipt = `reg_${randomBytes(6).toString('hex')}`;
  let orderId: string;
  if (charges.total === 0) {
    orderId = `free_${randomBytes(9).toString('hex')}`;
  } else {
    const providerOrder = await createProviderOrder(charges.total, charges.currency, receipt, {
      kind: 'registration',
      tier: tier.id,
      email: form.email,
    });
    orderId = providerOrder.id;
  }

  if (code) {
    // Taken by another order since the check above: the same answer as a used-up code.
    if ((await holdCoupon(code, orderId, ctx.now.getTime(), ctx.client)) !== 'held') throw invalidCoupon();
  }

  const order: RegistrationOrder = {
    kind: 'registration',
    orderId,
    form,
    charges,
    couponCode: code,
    couponType,
    currency: charges.currency,
    createdAt: ctx.now.toISOString(),
    ...(membershipChecked ? {} : { membershipChecked: false }),
  };
  await savePendingOrder(order, { at: ctx.now.toISOString(), ...(ctx.admin ? actingFields() : { actor: 'delegate' }), action: 'order.created', details: { orderId, total: charges.total, currency: charges.currency, coupon: code } });

  if (charges.total === 0) {
    const { registrationNumber } = await finaliseAndNotify(orderId, 'NoPayment', 'coupon', ctx.now, { order, done: null });
    return { success: true, noPayment: true, registrationNumber, id: orderId, amount: 0, currency: charges.currency };
  }
  return { success: true, noPayment: false, id: orderId, amount: charges.total, currency: charges.currency, key: publicKeyId() };
}
