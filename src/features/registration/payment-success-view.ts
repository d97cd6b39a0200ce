/**
 * What the payment-success page shows for a query string (spec part 2 section 2; issue 20: one
 * wording per kind of payment; decision 009), as plain data: the React page
 * (PaymentSuccessPage.tsx) and the framework-free island that shows it before the app has loaded
 * (payment-success-island.ts, decision 023) both render this, so the wording lives in one place.
 * The query values are shown as given, without checking them.
 */
import { identity } from '../../content/identity';
import type { PaymentKind } from '../../shared/routes';

const KINDS: readonly PaymentKind[] = ['registration', 'tier-upgrade', 'ieee-change', 'name-transfer', 'free-registration'];

/** What each kind of payment says after the details: what happened, and what was e-mailed to whom. */
const wording: Record<PaymentKind, { heading: string; lead: string; next: string }> = {
  registration: {
    heading: 'Payment Successful!',
    lead: 'Thank you for your payment. Your registration is confirmed. Here are your details:',
    next: 'We have e-mailed your confirmation, your ticket (a QR code) and your GST tax invoice to the address you registered with. Show the ticket at the registration desk.',
  },
  'tier-upgrade': {
    heading: 'Payment Successful!',
    lead: 'Thank you for your payment. Your registration has been upgraded. Here are your details:',
    next: 'We have e-mailed the new details and the tax invoice for this change to your registered address. Your ticket stays the same.',
  },
  'ieee-change': {
    heading: 'Payment Successful!',
    lead: 'Thank you for your payment. Your registration has been changed to the non-member tier. Here are your details:',
    next: 'We have e-mailed the new details and the tax invoice for this change to your registered address. Your ticket stays the same.',
  },
  'name-transfer': {
    heading: 'Payment Successful!',
    lead: 'Thank you for your payment. The registration now belongs to the new person. Here are your details:',
    next: 'We have e-mailed the new person their own ticket. Your earlier ticket no longer admits anyone. The tax invoice for the transfer fee goes to the billing e-mail of the registration.',
  },
  'free-registration': {
    heading: 'Registration confirmed',
    lead: 'Your coupon covered the whole fee, so nothing was paid. Your registration is confirmed. Here are your details:',
    next: 'We have e-mailed your confirmation and your ticket (a QR code) to the address you registered with. Show the ticket at the registration desk.',
  },
};

/** The page's title, heading and lines; `details` is null without reg_no and payment_id ('Form Submitted Successfully!'). */
export interface PaymentSuccessView {
  title: string;
  heading: string;
  details: null | {
    lead: string;
    /** 'Payment ID: …', or null when nothing was paid (a coupon covered the fee). */
    paymentLine: string | null;
    registrationLine: string;
    note: string;
  };
}

/** The view for the query `params` (reg_no, payment_id, kind). */
export function paymentSuccessView(params: URLSearchParams): PaymentSuccessView {
  const paymentId = params.get('payment_id');
  const registrationNumber = params.get('reg_no');
  const asked = params.get('kind');
  const kind: PaymentKind = KINDS.find((k) => k === asked) ?? (paymentId === 'NoPayment' ? 'free-registration' : 'registration');
  const words = wording[kind];
  const title = `${kind === 'free-registration' ? 'Registration confirmed' : 'Payment successful'} | ${identity.name}`;
  if (paymentId === null && registrationNumber === null) return { title, heading: 'Form Submitted Successfully!', details: null };
  return {
    title,
    heading: words.heading,
    details: {
      lead: words.lead,
      paymentLine: kind === 'free-registration' ? null : `Payment ID: ${paymentId ?? ''}`,
      registrationLine: `Registration Number: ${registrationNumber ?? ''}`,
      note: `${words.next} If nothing has arrived within an hour, please check your spam folder or write to ${identity.contactEmail}.`,
    },
  };
}
