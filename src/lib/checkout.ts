/**
 * Loads Razorpay Checkout (checkout.js) once and exposes its constructor with types for the
 * options this site uses (docs/rules.md#the-api: title 'Conference Registration', description
 * 'Registration Payment', the order's amount, currency and id, a public key and a theme colour).
 * VITE_RAZORPAY_CHECKOUT_URL points the script at the local stand-in in development and tests.
 */

/** The site's colour, passed to Checkout so the payment window matches the site. */
export const CHECKOUT_THEME_COLOUR = '#0b3d91';

export interface RazorpaySuccessResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailureResponse {
  error: {
    code?: string;
    description?: string;
    source?: string;
    step?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

export interface RazorpayOptions {
  key: string;
  /** Minor units (paise, cents), as the order was created. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  handler: (response: RazorpaySuccessResponse) => void;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  modal?: { ondismiss?: () => void };
  /** Seconds after which the customer can no longer use Checkout (Razorpay's `timeout` option). */
  timeout?: number;
  /** Razorpay's display config: instruments to hide (payment method downtime, checkout-downtimes.ts). */
  config?: { display: { hide: { method: string; banks?: string[]; issuers?: string[]; networks?: string[] }[]; preferences?: { show_default_blocks?: boolean } } };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailureResponse) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** Where checkout.js is loaded from. */
export const checkoutScriptUrl: string =
  import.meta.env.VITE_RAZORPAY_CHECKOUT_URL ?? 'https://checkout.razorpay.com/v1/checkout.js';

let loading: Promise<RazorpayConstructor> | null = null;

/**
 * Resolves window.Razorpay, adding the script tag the first time. Concurrent callers share one
 * load; a failed load is forgotten so the next payment attempt can retry it.
 */
export function loadCheckout(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading) return loading;
  loading = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = checkoutScriptUrl;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new Error('Checkout script loaded without defining Razorpay'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${checkoutScriptUrl}`));
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
