/**
 * What a page does once paying has ended (the registration wizard
 * and both self-service pages hand their outcome here). A module of its own rather than part of
 * pay.ts because the wizard loads pay.ts (and Checkout) lazily, and this runs in the page.
 */
import type { PayOutcome } from './pay';

/** The page's reactions to the ways paying can end (payWithCheckout's PayOutcome). */
export interface PayOutcomeHandlers {
  /** The server verified the payment and applied the order: `registrationNumber` as the verify call answered it (may be ''), `paymentId` Razorpay's, `status` the registration's when the call gave it. */
  verified: (registrationNumber: string, paymentId: string, status?: string) => void;
  /** The delegate closed Checkout without paying. */
  dismissed: () => void;
  /** Paying failed: `message` is the text to show (see `messages`). */
  failed: (message: string) => void;
  /** The page's texts for a refused verification and for a Checkout that could not be loaded. */
  messages: { verificationFailed: string; initiationFailed: string };
  /**
   * Whether a refused verification shows the server's own reason when it gave one (the
   * self-service pages) rather than always `messages.verificationFailed` (the wizard, whose text
   * is the one of docs/rules.md#messages).
   */
  serverReason?: boolean;
}

/** Calls the handler of `outcome` (exactly one); returns nothing. */
export function settlePayOutcome(outcome: PayOutcome, on: PayOutcomeHandlers): void {
  switch (outcome.kind) {
    case 'verified':
      return on.verified(outcome.registrationNumber, outcome.paymentId, outcome.status);
    case 'verification-failed':
      return on.failed((on.serverReason && outcome.message) || on.messages.verificationFailed);
    case 'dismissed':
      return on.dismissed();
    case 'load-failed':
      return on.failed(on.messages.initiationFailed);
  }
}
