/**
 * /cancel-registration (Cancellations and refunds; docs/rules.md#fees-arithmetic-and-timings,
 * refund rule): the registrant enters the Registration ID and registered e-mail, 'Check refund'
 * shows what cancelling now would refund (or the state of a request already made), and a
 * request needs a second, explicit confirmation. The organisers then approve or decline it in
 * the admin area.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { conference } from '../../content/conference';
import { invoicing } from '../../content/invoicing';
import { failureMessage, refusedInput } from '../../lib/api';
import type { CancellationResponse } from '../../shared/api';
import { formatMoney } from '../../shared/money';
import { paths } from '../../shared/routes';
import { dayBefore, formatDay } from '../../shared/dates';
import { keepFocus, useFocusAfterRender } from '../../lib/focus';
import { quoteCancellation, requestCancellation, type Registrant } from './accounts-api';
import { RegistrantForm } from './RegistrantForm';
import './accounts.css';
import { SelfServiceLayout } from '../../components/SelfServiceLayout';
import { words } from '../../components/self-service-words';

/** Messages when the server gives none (network failure, an answer that is not JSON). */
export const cancellationFailures = {
  quote: 'Failed to check the refund. Please try again.',
  request: 'Failed to request the cancellation. Please try again.',
} as const;

interface Checked {
  who: Registrant;
  answer: CancellationResponse;
}

/** The refund line under the server's message: what cancelling would refund, or what is due. */
function refundLabel(status: CancellationResponse['status']): string | null {
  if (status === 'none') return 'Refund if you cancel now';
  if (status === 'requested') return 'Refund due if the organisers approve';
  if (status === 'approved') return 'Refund due after the conference';
  return null;
}

/** The cancellation page. */
export default function CancelRegistrationPage() {
  const id = useId();
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [requestError, setRequestError] = useState<string | null>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const confirmHeadingRef = useRef<HTMLHeadingElement>(null);
  const requestButtonRef = useRef<HTMLButtonElement>(null);
  // Answers to an older check (the fields edited meanwhile) are dropped, not shown.
  const checkSeq = useRef(0);

  const deadline = formatDay(invoicing.refund.requestBefore);
  // The last day with a refund, said as 'until 19 November 2025'.
  const lastDay = formatDay(dayBefore(invoicing.refund.requestBefore));
  const percent = invoicing.refund.percent;

  const focusAfterRender = useFocusAfterRender();

  const check = async (who: Registrant) => {
    const seq = ++checkSeq.current;
    setChecking(true);
    setFormError(null);
    setRefused(false);
    setRequestError(null);
    setChecked(null);
    setConfirming(false);
    const result = await quoteCancellation(who);
    if (seq !== checkSeq.current) return;
    setChecking(false);
    if (!result.ok) {
      setFormError(failureMessage(result, cancellationFailures.quote));
      setRefused(refusedInput(result));
      return;
    }
    setChecked({ who, answer: result.data });
    focusAfterRender(resultHeadingRef);
  };

  const request = async (button: HTMLButtonElement) => {
    if (!checked || requesting) return;
    const seq = checkSeq.current;
    setRequesting(true);
    setRequestError(null);
    const result = await requestCancellation(checked.who);
    if (seq !== checkSeq.current) return;
    setRequesting(false);
    if (!result.ok) {
      setRequestError(failureMessage(result, cancellationFailures.request));
      keepFocus(button);
      return;
    }
    setConfirming(false);
    setChecked({ who: checked.who, answer: result.data });
    // The confirmation buttons are gone: the result heading is where the answer is.
    focusAfterRender(resultHeadingRef);
  };

  const edited = () => {
    checkSeq.current++;
    setChecking(false);
    setRequesting(false);
    setChecked(null);
    setConfirming(false);
    setFormError(null);
    setRequestError(null);
  };

  const answer = checked?.answer;
  const label = answer ? refundLabel(answer.status) : null;

  return (
    <SelfServiceLayout className="accounts" heading="Cancel Registration">

      <section className="card accounts__section" aria-labelledby={`${id}-rule`}>
        <h2 id={`${id}-rule`}>Refunds</h2>
        <ul>
          <li>
            If you ask to cancel until {lastDay} (Indian Standard Time), {percent}% of the registration fee you paid
            (including any tier change you paid for later) is refunded. GST, the convenience fee and extra reception or dinner tickets are not
            refunded.
          </li>
          <li>From {deadline} on, a cancellation brings no refund.</li>
          <li>
            The organisers approve each cancellation and confirm it by e-mail. Refunds are paid after the conference (it
            ends on {formatDay(conference.endDate)}) to the account or card you paid with.
          </li>
        </ul>
      </section>

      <section className="card accounts__section" aria-labelledby={`${id}-check`}>
        <h2 id={`${id}-check`}>Check your refund</h2>
        <p>Enter the Registration ID from your confirmation e-mail and the e-mail address you registered with.</p>
        <RegistrantForm submitLabel="Check refund" busy={checking} error={formError} refused={refused} onSubmit={check} onInvalid={setFormError} onEdit={edited} />
      </section>

      {/* Always in the DOM so the server's message is announced when it arrives. */}
      <div role="status" className="accounts__status">
        {answer && (
          <section className="card accounts__section" aria-labelledby={`${id}-result`}>
            <h2 id={`${id}-result`} ref={resultHeadingRef} tabIndex={-1}>
              Registration {answer.registrationNumber}
            </h2>
            <p className={answer.status === 'none' ? 'notice' : answer.status === 'declined' ? 'notice notice--error' : 'notice notice--success'}>
              {answer.message}
            </p>
            {label && (
              <dl className="accounts__refund">
                <dt>{label}</dt>
                <dd className="num">{formatMoney(answer.refundAmount, answer.currency)}</dd>
              </dl>
            )}
          </section>
        )}
      </div>

      {answer?.status === 'none' && (
        <section className="card accounts__section" aria-labelledby={`${id}-cancel`}>
          <h2 id={`${id}-cancel`}>Request cancellation</h2>
          {!confirming ? (
            <div className="button-row">
              <button
                ref={requestButtonRef}
                type="button"
                className="button button--danger"
                onClick={() => {
                  setConfirming(true);
                  focusAfterRender(confirmHeadingRef);
                }}
              >
                Request cancellation
              </button>
            </div>
          ) : (
            <div className="accounts__confirm">
              <h3 ref={confirmHeadingRef} tabIndex={-1}>
                Cancel registration {answer.registrationNumber}?
              </h3>
              <p>
                {answer.refundAmount > 0
                  ? `${formatMoney(answer.refundAmount, answer.currency)} will be refunded after the conference, once the organisers approve the cancellation.`
                  : 'Nothing will be refunded.'}{' '}
                Once approved, your ticket is no longer valid.
              </p>
              <div className="button-row">
                <button type="button" className="button button--danger" disabled={requesting} aria-busy={requesting || undefined} onClick={(e) => void request(e.currentTarget)}>
                  {requesting ? words.processing : 'Yes, cancel my registration'}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={requesting}
                  onClick={() => {
                    setConfirming(false);
                    setRequestError(null);
                    focusAfterRender(requestButtonRef);
                  }}
                >
                  No, keep my registration
                </button>
              </div>
            </div>
          )}
          <div role="alert" className="accounts__alert">
            {requestError && <p className="notice notice--error">{requestError}</p>}
          </div>
        </section>
      )}

      <p className="accounts__aside">
        Looking for your GST tax invoice? See <Link to={paths.invoices}>Invoices</Link>.
      </p>
    </SelfServiceLayout>
  );
}
