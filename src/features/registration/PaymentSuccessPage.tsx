/**
 * The payment confirmation at /authors/registration/payment-success?reg_no=…&payment_id=…
 * (spec part 2 section 2). It shows the query values as given, without checking them and
 * without calling the server; the registration itself is confirmed by e-mail.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { identity } from '../../content/identity';
import './registration.css';

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
  const hasDetails = paymentId !== null || registrationNumber !== null;
  return (
    <section className="card payment-success">
      <title>{`Payment successful | ${identity.name}`}</title>
      <svg className="payment-success__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {hasDetails ? (
        <>
          <h1 ref={headingRef} tabIndex={-1}>
            Payment Successful!
          </h1>
          <p>Thank you for your payment. Here are your details:</p>
          <div className="payment-success__details">
            <p>Payment ID: {paymentId ?? ''}</p>
            <p>Registration Number: {registrationNumber ?? ''}</p>
          </div>
          <p className="payment-success__note">A mail must be sent to your registered email address with all the registration details.</p>
        </>
      ) : (
        <h1 ref={headingRef} tabIndex={-1}>
          Form Submitted Successfully!
        </h1>
      )}
    </section>
  );
}
