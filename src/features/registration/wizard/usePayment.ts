/**
 * The wizard's payment flow (spec part 2 sections 4, 6, 7 and 8; ARCHITECTURE: Payment flow):
 * create the order, open Razorpay Checkout, send the three razorpay_* fields to verify-payment,
 * then go to the payment-success page. The server recomputes every amount; `amount` is sent only
 * so the server can refuse when the browser showed a different total.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorUrl, paymentSuccessUrl } from '../../../shared/routes';
import { readAdminToken } from '../../../lib/admin-token';
import { failureMessage, postJson, type ApiResult } from '../../../lib/api';
import { CHECKOUT_THEME_COLOUR, loadCheckout } from '../../../lib/checkout';
import { apiPaths, type CreateOrderRequest, type CreateOrderResponse, type VerifyPaymentResponse } from '../../../shared/api';
import { fromMinor } from '../../../shared/money';
import { computeCharges, findTier, type Pricing } from '../../../shared/pricing';
import type { RegistrationFormDraft } from '../../../shared/registration-form';
import type { CouponState } from './model';

/** Messages of spec part 2 section 8, word for word. */
export const paymentMessages = {
  earlyBirdEnded: 'The Early Bird registration period has ended. Please reselect a valid tier.',
  couponRegistrationFailed: 'Coupon registration failed.',
  initiationFailed: 'Something went wrong while initiating the payment. Please try again.',
  verificationFailed: '❌ Payment verification failed.',
  windowClosed: 'Payment window closed. No payment was made.',
} as const;

interface PaymentOptions {
  pricing: Pricing;
  admin: boolean;
  coupon: CouponState;
  getValues: () => RegistrationFormDraft;
  /** The server says Early Bird has closed: clear the form and storage, back to step 1. */
  onEarlyBirdExpired: () => void;
  /** A registration exists: forget the saved form. */
  onRegistered: () => void;
}

/** An early-bird-expired answer, in the legacy flag form or as a 409 in the shared error shape. */
function isEarlyBirdExpired(result: ApiResult<CreateOrderResponse>): boolean {
  const body = result.data as Partial<CreateOrderResponse> | null;
  if (body && typeof body === 'object' && body.earlyBirdExpired === true) return true;
  return !result.ok && /early.?bird/i.test(result.error?.code ?? '');
}

/** Returns `pay` for the Pay Now button, whether a payment is in progress, and the inline message to show. */
export function usePayment({ pricing, admin, coupon, getValues, onEarlyBirdExpired, onRegistered }: PaymentOptions) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const fail = (text: string) => {
    window.alert(text);
    setPaying(false);
  };

  const pay = async () => {
    if (paying) return;
    setMessage(null);
    const values = getValues();
    const tier = findTier(pricing, values.registrationTier);
    if (!tier) return fail(paymentMessages.initiationFailed);
    // International delegates pay on the external site; only a verified admin may take USD here (spec part 2 section 6).
    if (tier.currency === 'USD' && !admin) {
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
    // The server only accepts USD or a foreign country from a request carrying a verified admin token.
    const token = admin ? readAdminToken() : null;
    const result = await postJson<CreateOrderResponse>(apiPaths.createOrder, request, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    const body: Partial<CreateOrderResponse> = result.data && typeof result.data === 'object' ? (result.data as CreateOrderResponse) : {};

    if (isEarlyBirdExpired(result)) {
      window.alert(
        (typeof body.message === 'string' && body.message) || (!result.ok && result.error?.message) || paymentMessages.earlyBirdEnded,
      );
      setPaying(false);
      onEarlyBirdExpired();
      return;
    }
    if (body.noPayment === true) {
      if (result.ok && body.success) {
        onRegistered();
        void navigate(paymentSuccessUrl(body.registrationNumber ?? '', body.id || 'NoPayment'));
      } else {
        fail(paymentMessages.couponRegistrationFailed);
      }
      return;
    }
    if (!result.ok) return fail(failureMessage(result, paymentMessages.initiationFailed));
    const { id: orderId, amount, currency, key } = body;
    if (!body.success || !orderId || typeof amount !== 'number' || !currency || !key) {
      return fail((typeof body.error === 'string' && body.error) || body.message || paymentMessages.initiationFailed);
    }

    let Razorpay;
    try {
      Razorpay = await loadCheckout();
    } catch {
      return fail(paymentMessages.initiationFailed);
    }
    const checkout = new Razorpay({
      key,
      amount,
      currency,
      name: 'Conference Registration',
      description: 'Registration Payment',
      order_id: orderId,
      prefill: { name: [values.firstName, values.lastName].filter(Boolean).join(' '), email: values.email, contact: values.mobile },
      theme: { color: CHECKOUT_THEME_COLOUR },
      handler: (response) => {
        void (async () => {
          setMessage(null);
          setPaying(true);
          const verified = await postJson<VerifyPaymentResponse>(apiPaths.verifyPayment, {
            razorpay_order_id: response.razorpay_order_id,
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_signature: response.razorpay_signature,
          });
          if (verified.ok && verified.data?.success && verified.data.registrationNumber) {
            onRegistered();
            void navigate(paymentSuccessUrl(verified.data.registrationNumber, response.razorpay_payment_id));
          } else {
            fail(paymentMessages.verificationFailed);
          }
        })();
      },
      modal: {
        ondismiss: () => {
          setMessage(paymentMessages.windowClosed);
          setPaying(false);
        },
      },
    });
    checkout.on('payment.failed', (response) => {
      // Checkout stays open so the delegate can retry; the reason is shown on the page as well.
      setMessage(response.error?.description || 'Payment failed.');
      setPaying(false);
    });
    checkout.open();
  };

  return { pay, paying, message };
}
