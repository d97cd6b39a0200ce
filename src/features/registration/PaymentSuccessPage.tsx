/**
 * The payment confirmation at /authors/registration/payment-success?reg_no=…&payment_id=…[&kind=…]
 * (spec part 2 section 2). It shows the query values as given, without checking them and
 * without calling the server; the registration itself is confirmed by e-mail.
 *
 * Issue 20: one page per kind of payment (a registration, a tier upgrade, an IEEE change, a name
 * transfer, and a registration a coupon paid in full), each saying in plain words what happened
 * and which e-mails were sent. The spec's note 'A mail must be sent to your registered email
 * address…' is replaced (decision 009); a free registration shows no payment ID.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { identity } from '../../content/identity';
import type { PaymentKind } from '../../shared/routes';
import './registration.css';

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

/**
 * The success card; 'Form Submitted Successfully!' when neither query value is present. Arriving
 * from a payment (a client-side navigation), focus goes to the result heading, so a keyboard or
 * screen-reader user hears the outcome first (issue 21); an address opened directly keeps the
 * browser's start of the page.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // 'default' is the key of the first location of a page load.
    if (key !== 'default') headingRef.current?.focus();
  }, [key]);
  const paymentId = params.get('payment_id');
  const registrationNumber = params.get('reg_no');
  const asked = params.get('kind');
  const kind: PaymentKind = KINDS.find((k) => k === asked) ?? (paymentId === 'NoPayment' ? 'free-registration' : 'registration');
  const words = wording[kind];
  const hasDetails = paymentId !== null || registrationNumber !== null;
  return (
    <section className="card payment-success">
      <title>{`${kind === 'free-registration' ? 'Registration confirmed' : 'Payment successful'} | ${identity.name}`}</title>
      <svg className="payment-success__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {hasDetails ? (
        <>
          <h1 ref={headingRef} tabIndex={-1}>
            {words.heading}
          </h1>
          <p>{words.lead}</p>
          <div className="payment-success__details">
            {kind !== 'free-registration' && <p>Payment ID: {paymentId ?? ''}</p>}
            <p>Registration Number: {registrationNumber ?? ''}</p>
          </div>
          <p className="payment-success__note">
            {words.next} If nothing has arrived within an hour, please check your spam folder or write to {identity.contactEmail}.
          </p>
        </>
      ) : (
        <h1 ref={headingRef} tabIndex={-1}>
          Form Submitted Successfully!
        </h1>
      )}
    </section>
  );
}
