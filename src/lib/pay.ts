/**
 * The browser side of paying an order (docs/rules.md#the-registration-wizard, #the-api; docs/payments.md#the-payment-flow,
 * step 2), used by the registration wizard and both self-service pages: load Checkout,
 * open it with the order, send the three razorpay_* fields to the verify call, and report how
 * it ended. Checkout is opened with the title 'Conference Registration', the description
 * 'Registration Payment', the site's theme colour, the order's amount in minor units, its
 * currency and id, the public key the server returned with the order, and a `timeout` of
 * CHECKOUT_TIMEOUT_SECONDS, the window a coupon hold on the server is sized for. Payment
 * methods that are down are hidden and slow ones named (checkout-downtimes.ts).
 */
import type { ReleaseOrderRequest, ReleaseOrderResponse, VerifyPaymentResponse } from '../shared/api';
import { apiPaths } from '../shared/api-paths';
import { CHECKOUT_TIMEOUT_SECONDS } from '../shared/checkout-hold';
import { postJson } from './api';
import { CHECKOUT_THEME_COLOUR, loadCheckout } from './checkout';
import { checkoutDowntimeOptions, fetchDowntimeAdvice } from './checkout-downtimes';

/** An order the server created: `amount` in minor units (paise, cents). */
export interface PayableOrder {
  id: string;
  amount: number;
  currency: string;
  key: string;
}

export interface PayOptions {
  order: PayableOrder;
  prefill: { name?: string; email?: string; contact?: string };
  /** The verify call for this kind of order (verify-payment, verify-upgrade, verify-ieee-change, name-transfer verify). */
  verifyPath: (typeof apiPaths)['verifyPayment' | 'verifyUpgrade' | 'verifyIeeeChange' | 'nameTransferVerify'];
  /** Checkout reported a successful payment; the verify call starts now. */
  onVerifying?: () => void;
  /**
   * A payment attempt failed inside Checkout (card declined, say). Checkout stays open so the
   * delegate can try again; `description` is Checkout's reason.
   */
  onPaymentFailed?: (description: string) => void;
  /**
   * Registration orders: give the order's coupon use back at once (POST release-order) when
   * Checkout is closed unpaid or cannot be loaded, rather than when the hold lapses on the server.
   * A failed attempt inside Checkout releases nothing: Checkout stays open for a retry.
   */
  releaseOnClose?: boolean;
}

/** How paying ended. */
export type PayOutcome =
  /** The server verified the payment and applied the order. */
  | { kind: 'verified'; registrationNumber: string; paymentId: string; status?: string }
  /** Checkout took a payment but the verify call refused it or failed; `message` is the server's, if any. */
  | { kind: 'verification-failed'; message: string | null; paymentId: string }
  /** The delegate closed Checkout without paying. */
  | { kind: 'dismissed' }
  /** checkout.js could not be loaded. */
  | { kind: 'load-failed' };

/**
 * Opens Checkout for `order` and resolves once paying has ended (never rejects). The verify
 * call gets the three fields Checkout's handler received, exactly as Razorpay sent them.
 */
export async function payWithCheckout(opts: PayOptions): Promise<PayOutcome> {
  let Razorpay;
  // The downtime advice is asked while checkout.js loads: methods that are down are hidden, slow ones named.
  const advice = fetchDowntimeAdvice();
  try {
    Razorpay = await loadCheckout();
  } catch {
    if (opts.releaseOnClose) releaseOrder(opts.order.id);
    return { kind: 'load-failed' };
  }
  const downtime = checkoutDowntimeOptions(await advice, 'Registration Payment');
  return new Promise<PayOutcome>((resolve) => {
    const checkout = new Razorpay({
      key: opts.order.key,
      amount: opts.order.amount,
      currency: opts.order.currency,
      name: 'Conference Registration',
      ...downtime,
      order_id: opts.order.id,
      prefill: opts.prefill,
      theme: { color: CHECKOUT_THEME_COLOUR },
      timeout: CHECKOUT_TIMEOUT_SECONDS,
      handler: (response) => {
        opts.onVerifying?.();
        void postJson<VerifyPaymentResponse>(opts.verifyPath, {
          razorpay_order_id: response.razorpay_order_id,
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_signature: response.razorpay_signature,
        }).then((verified) => {
          if (verified.ok && verified.data?.success && verified.data.registrationNumber) {
            resolve({ kind: 'verified', registrationNumber: verified.data.registrationNumber, paymentId: response.razorpay_payment_id, status: verified.data.status });
          } else {
            const message = !verified.ok && !verified.network ? (verified.error?.message ?? null) : null;
            resolve({ kind: 'verification-failed', message, paymentId: response.razorpay_payment_id });
          }
        });
      },
      modal: {
        ondismiss: () => {
          if (opts.releaseOnClose) releaseOrder(opts.order.id);
          resolve({ kind: 'dismissed' });
        },
      },
    });
    checkout.on('payment.failed', (response) => opts.onPaymentFailed?.(response.error?.description || 'Payment failed.'));
    checkout.open();
  });
}

/**
 * Tells the server the payment window of unpaid order `orderId` closed (POST release-order), so
 * its coupon use goes back at once. Fire and forget: when the call fails, the hold still lapses
 * on its own after COUPON_HOLD_MS, so there is nothing to show the delegate.
 */
function releaseOrder(orderId: string): void {
  const body: ReleaseOrderRequest = { orderId };
  void postJson<ReleaseOrderResponse>(apiPaths.releaseOrder, body);
}
