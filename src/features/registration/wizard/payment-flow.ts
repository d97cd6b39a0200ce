/**
 * The wizard's payment flow (docs/rules.md#the-registration-wizard, #the-admin-area, #the-api, #messages; docs/payments.md#the-payment-flow:
 * create the order, open Razorpay Checkout, send the three razorpay_* fields to verify-payment,
 * then go to the payment-success page. The server recomputes every amount; `amount` is sent only
 * so the server can refuse when the browser showed a different total. Part of the wizard's late
 * chunk (late-steps.ts); usePayment.ts holds the state it reports to.
 */
import type { RefObject } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import { errorUrl, paymentSuccessUrl } from '../../../shared/routes';
import { readAdminToken } from '../../../lib/admin-token';
import { failureMessage, postJson, type ApiResult } from '../../../lib/api';
import { keepFocus } from '../../../lib/focus';
import { checkoutPayer } from '../../../lib/load-once';
import { paymentMessages } from '../../../shared/messages';
import { settlePayOutcome } from '../../../lib/pay-outcome';
import type { CreateOrderRequest, CreateOrderResponse, EarlyBirdExpiredBody } from '../../../shared/api';
import { apiPaths } from '../../../shared/api-paths';
import { fromMinor } from '../../../shared/money';
import { fullName } from '../../../shared/person-name';
import { computeCharges, findTier, isStudentTier } from '../../../shared/pricing';
import { regionOfCountry } from '../../../shared/regions';
import type { Pricing } from '../../../shared/pricing';
import type { RegistrationFormDraft } from '../../../shared/registration-form';
import type { CouponState } from './model';

/** What the wizard hands to the payment flow. */
export interface PaymentOptions {
  pricing: Pricing;
  admin: boolean;
  /** The international route in the wizard: USD tiers are paid here. */
  international: boolean;
  coupon: CouponState;
  getValues: () => RegistrationFormDraft;
  /** The server says Early Bird has closed: clear the form and storage, back to step 1. */
  onEarlyBirdExpired: () => void;
  /** A registration exists: forget the saved form. */
  onRegistered: () => void;
  /**
   * The Pay Now button: it is disabled while Checkout is open, so focus falls to <body> when
   * Checkout closes; it gets focus back once enabled again (WCAG 2.4.3).
   */
  payButton: RefObject<HTMLButtonElement | null>;
}

/** What runPayment reports to: the wizard's options, the router and usePayment's state. */
export interface PaymentContext extends PaymentOptions {
  navigate: NavigateFunction;
  setPaying: (paying: boolean) => void;
  setMessage: (message: string | null) => void;
}

/** create-order's 409 EARLY_BIRD_EXPIRED answer: its message, or null for any other answer. */
function earlyBirdExpiredMessage(result: ApiResult<CreateOrderResponse>): string | null {
  if (result.ok || result.error?.code !== 'EARLY_BIRD_EXPIRED') return null;
  const body = result.data as Partial<EarlyBirdExpiredBody> | null;
  return (typeof body?.message === 'string' && body.message) || result.error.message || paymentMessages.earlyBirdEnded;
}

/**
 * One press of Pay Now: resolves when the payment is verified (and the page has moved on), the
 * window was closed or a refusal was shown; a failure ends in an alert or the inline message, with
 * Pay Now enabled again.
 */
export async function runPayment({ pricing, admin, international, coupon, getValues, onEarlyBirdExpired, onRegistered, payButton, navigate, setPaying, setMessage }: PaymentContext): Promise<void> {
  const fail = (text: string) => {
    window.alert(text);
    setPaying(false);
    keepFocus(payButton.current);
  };

  setMessage(null);
  const values = getValues();
  const tier = findTier(pricing, values.registrationTier);
  if (!tier) return fail(paymentMessages.initiationFailed);
  // With international registration on the external site, only a verified admin may take USD here (docs/rules.md#the-admin-area).
  if (tier.currency === 'USD' && !admin && !international) {
    void navigate(errorUrl('international-payments-error'));
    return;
  }
  setPaying(true);
  const charges = computeCharges(pricing, values, coupon.applied?.type ?? null);
  const request: CreateOrderRequest = {
    amount: fromMinor(charges.total),
    data: values as CreateOrderRequest['data'],
    code: coupon.applied?.code ?? null,
  };
  // The server decides the tier set from the delegate's country; the admin token lifts that rule (docs/rules.md#the-admin-area).
  const token = admin ? readAdminToken() : null;
  const result = await postJson<CreateOrderResponse>(apiPaths.createOrder, request, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

  const expired = earlyBirdExpiredMessage(result);
  if (expired) {
    window.alert(expired);
    setPaying(false);
    onEarlyBirdExpired();
    return;
  }
  if (!result.ok) {
    // A refusal (4xx) says why; a 100% coupon registration that failed otherwise gets the site's own words (docs/rules.md#messages).
    const noPaymentOrder = coupon.applied?.type === 'full';
    if (noPaymentOrder && (result.network || result.status >= 500)) return fail(paymentMessages.couponRegistrationFailed);
    return fail(failureMessage(result, paymentMessages.initiationFailed));
  }
  const order = result.data;
  if (order.noPayment) {
    onRegistered();
    void navigate(paymentSuccessUrl(order.registrationNumber, 'NoPayment', 'free-registration', { visaLetter: regionOfCountry(values.country) === 'Foreign' }));
    return;
  }

  const payWithCheckout = await checkoutPayer();
  if (!payWithCheckout) return fail(paymentMessages.initiationFailed);
  const outcome = await payWithCheckout({
    order,
    // Checkout's name field is prefilled with the first and last name only, without the title.
    prefill: { name: fullName({ firstName: values.firstName, lastName: values.lastName }), email: values.email, contact: values.mobile },
    verifyPath: apiPaths.verifyPayment,
    // An order with a coupon holds one of its uses: give it back as soon as the window closes unpaid.
    releaseOnClose: request.code != null,
    onVerifying: () => {
      setMessage(null);
      setPaying(true);
    },
    // Checkout stays open so the delegate can retry; the reason is shown on the page as well.
    onPaymentFailed: (description) => setMessage(description),
  });
  settlePayOutcome(outcome, {
    verified: (registrationNumber, paymentId) => {
      onRegistered();
      // A student's registration waits for the proof; a delegate from abroad may need a visa letter.
      const notes = { awaitingProof: isStudentTier(tier.id), visaLetter: regionOfCountry(values.country) === 'Foreign' };
      void navigate(paymentSuccessUrl(registrationNumber, paymentId, 'registration', notes));
    },
    dismissed: () => {
      setMessage(paymentMessages.windowClosed);
      setPaying(false);
      keepFocus(payButton.current);
    },
    failed: fail,
    messages: paymentMessages,
  });
}
