/**
 * The payment confirmation at /authors/registration/payment-success?reg_no=…&payment_id=…[&kind=…]
 * (docs/rules.md#pages-and-routes). It shows the query values as given, without checking them and
 * without calling the server; the registration itself is confirmed by e-mail.
 *
 * one page per kind of payment (a registration, a tier upgrade, an IEEE change, a name
 * transfer, and a registration a coupon paid in full), each saying in plain words what happened
 * and which e-mails were sent. The original note 'A mail must be sent to your registered email
 * address…' is replaced (decision 009); a free registration shows no payment ID.
 *
 * What it says comes from payment-success-view.ts. On a first load the framework-free island
 * (payment-success-island.ts) renders the same markup before the app arrives, and the app then
 * hydrates it (decision 023): every text is one string, so each is one text node in both.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { paymentSuccessView } from './payment-success-view';
import './registration.css';

/**
 * The success card; 'Form Submitted Successfully!' when neither query value is present. Arriving
 * from a payment (a client-side navigation), focus goes to the result heading, so a keyboard or
 * screen-reader user hears the outcome first; an address opened directly keeps the
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
  const view = paymentSuccessView(params);
  return (
    <section className="card payment-success" data-query-view="payment-success">
      <title>{view.title}</title>
      <svg className="payment-success__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 ref={headingRef} tabIndex={-1}>
        {view.heading}
      </h1>
      {view.details && (
        <>
          <p>{view.details.lead}</p>
          <div className="payment-success__details">
            {view.details.paymentLine !== null && <p>{view.details.paymentLine}</p>}
            <p>{view.details.registrationLine}</p>
          </div>
          <p className="payment-success__note">{view.details.note}</p>
          {view.details.links.length > 0 && (
            <ul className="payment-success__links">
              {view.details.links.map((link) => (
                // Plain links, as the island writes them (hydration adopts its markup): each opens a page of its own.
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
