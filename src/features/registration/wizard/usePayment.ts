/**
 * The wizard's payment state (docs/rules.md#the-registration-wizard, #the-admin-area, #the-api, #messages): whether a payment is in
 * progress and the inline message to show. The flow itself (create the order, Razorpay Checkout,
 * verify-payment) is payment-flow.ts, in the wizard's late chunk: Pay Now is on step 9, which is
 * rendered from that chunk, so it is loaded by the time the button can be pressed.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paymentMessages } from '../../../shared/messages';
import { loadLateParts } from './lazy-parts';
import type { PaymentOptions } from './payment-flow';


/** Returns `pay` for the Pay Now button, whether a payment is in progress, and the inline message to show. */
export function usePayment(options: PaymentOptions) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const pay = async () => {
    if (paying) return;
    let flow;
    try {
      flow = await loadLateParts();
    } catch {
      // Pay Now was never disabled, so focus is still on it once the alert closes.
      window.alert(paymentMessages.initiationFailed);
      return;
    }
    await flow.runPayment({ ...options, navigate, setPaying, setMessage });
  };

  return { pay, paying, message };
}
