/**
 * How long a payment window may stay open and how long an unpaid order keeps its coupon use
 * ("a coupon hold lasts as long as the checkout can stay open and no longer").
 * One place for both sides: the browser opens Razorpay Checkout with CHECKOUT_TIMEOUT_SECONDS
 * (src/lib/pay.ts), the server holds a coupon use for COUPON_HOLD_MS (netlify/server/coupons.ts).
 */

/**
 * Razorpay Checkout's `timeout` option, in seconds: "Sets a timeout on Checkout, in seconds.
 * After the specified time limit, the customer will not be able to use Checkout" (Razorpay Web
 * Standard Checkout, checkout options). Ten minutes is ample for a card, UPI or net-banking payment.
 */
export const CHECKOUT_TIMEOUT_SECONDS = 10 * 60;

/**
 * Extra time a hold outlives the checkout, in ms. Razorpay documents that a payment attempt
 * itself "times out between 3 to 15 minutes" (Standard Checkout FAQ), so an attempt started just
 * before the checkout's timeout can still complete up to 15 minutes later; browsers may also
 * pause the checkout's timer in a background tab. A payment arriving after its hold lapsed is
 * still applied, and listed for the organisers if the coupon's limit was reached meanwhile.
 */
export const COUPON_HOLD_MARGIN_MS = 15 * 60 * 1000;

/** How long an unpaid order holds one use of its coupon, in ms (checkout timeout + margin: 25 minutes). */
export const COUPON_HOLD_MS = CHECKOUT_TIMEOUT_SECONDS * 1000 + COUPON_HOLD_MARGIN_MS;
