/// <reference types="vite/client" />

/** Build-time settings read by the SPA. Only public values may carry the VITE_ prefix: Vite puts them in the browser's bundle. */
interface ImportMetaEnv {
  /** Razorpay checkout.js address; the local test double's in development and tests. */
  readonly VITE_RAZORPAY_CHECKOUT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
