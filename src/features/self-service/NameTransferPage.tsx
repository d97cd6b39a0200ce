/**
 * /name-transfer (docs/rules.md#fees-arithmetic-and-timings, "Name transfer ... processing fee of USD 50 (INR 2000)"): the registrant gives their Registration ID and registered e-mail and the new
 * person's details, 'Continue' creates the transfer order, the summary shows who it moves from
 * and to and what it costs, and 'Pay' opens Checkout. Once the payment is verified the
 * registration belongs to the new person, who gets a new ticket; the old ticket is refused.
 * The form validates with the shared request schema (nameTransferRequest in src/shared/api.ts),
 * so the page and the server refuse the same input with the same words; the schema and zod are
 * fetched on the form's first focus or press (name-transfer-resolver.ts), not with the page.
 * Once the conference has ended paid changes are no longer sold (decision 031's addendum): the
 * page then says so in place of the form (a variant by the edition's phase).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type * as z from 'zod/mini';
import { conference } from '../../content/conference';
import { invoicing } from '../../content/invoicing';
import { failureMessage, postJson } from '../../lib/api';
import { VALIDATION_LOAD_FAILED, lazyResolver, loadOnce, prefetchOnInteraction } from '../../lib/lazy-resolver';
import { checkoutPayer, loadPay } from '../../lib/load-once';
import { keepFocus, useFocusAfterRender } from '../../lib/focus';
import { settlePayOutcome } from '../../lib/pay-outcome';
import type { NameTransferOrderResponse, nameTransferRequest } from '../../shared/api';
import { apiPaths } from '../../shared/api-paths';
import { selfServiceMessages } from '../../shared/messages';
import { formatMoney } from '../../shared/money';
import { pricing } from '../../shared/pricing';
import { TITLES } from '../../shared/form-options';
import { paymentSuccessUrl } from '../../shared/routes';
import { dayBefore, formatDay } from '../../shared/dates';
import { REDIRECT_DELAY_MS } from './timing';
import { MessageBanner, type Banner } from './MessageBanner';
import { transferFees, transferSummary, type TransferSummary } from './transfer-summary';
import './self-service.css';
import { AmountsAndPay } from './AmountsAndPay';
import { PaidChangePage, SummaryCard } from './PaidChangeParts';
import { words } from '../../components/self-service-words';
import { TextOptions } from '../../components/TextOptions';

type FormInput = z.input<typeof nameTransferRequest>;
type FormOutput = z.output<typeof nameTransferRequest>;
type FieldName = 'regId' | 'email' | `to.${keyof FormInput['to']}`;

/** Field order on the page: the banner shows the first problem a reader meets. */
const FIELD_ORDER: readonly FieldName[] = ['regId', 'email', 'to.title', 'to.firstName', 'to.lastName', 'to.email', 'to.organization', 'to.mobile'];

const emptyForm: FormInput = {
  regId: '',
  email: '',
  to: { title: '' as FormInput['to']['title'], firstName: '', lastName: '', email: '', organization: '', mobile: '' },
};

/** The form's resolver (zod and the shared schema), fetched once on the form's first focus or press. */
const loadResolver = loadOnce(() => import('./name-transfer-resolver').then((m) => m.transferResolver));
const transferResolver = lazyResolver(loadResolver);

/** What the form's first focus or press starts fetching: its validation, and Checkout's code for the payment that follows. */
const prefetchForm = () => Promise.all([loadResolver(), loadPay()]);

const fees = transferFees(pricing);
// Said as the last day on which a transfer is taken: 'until 19 November 2025'.
const lastDay = formatDay(dayBefore(invoicing.nameTransfer.requestBefore));

/** The message of a field's error, if it has one. */
function errorOf(errors: FieldErrors<FormInput>, name: FieldName): string | null {
  const error = name.startsWith('to.') ? errors.to?.[name.slice(3) as keyof FormInput['to']] : errors[name as 'regId' | 'email'];
  return typeof error?.message === 'string' && error.message ? error.message : null;
}

/** The order to pay, the e-mail it was requested with (Checkout's prefill), and what the card shows. */
interface Ordered {
  order: NameTransferOrderResponse['order'];
  registeredEmail: string;
  summary: TransferSummary;
}

/**
 * The name-transfer page: the form, the message banner, then the order's summary and pay button.
 * On a verified payment it goes to paymentSuccessUrl(registrationNumber, paymentId) after
 * REDIRECT_DELAY_MS, like the other paid self-service pages.
 */
export default function NameTransferPage() {
  const ids = useId();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [busy, setBusy] = useState<'order' | 'pay' | null>(null);
  // After a verified payment the page only waits for its redirect: nothing may be clicked again.
  const [done, setDone] = useState(false);
  const [ordered, setOrdered] = useState<Ordered | null>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  // The pay button is disabled while Checkout is open, so focus falls to <body> when Checkout
  // closes: it goes back to the button, or to the outcome when there is nothing left to press.
  const payButton = useRef<HTMLButtonElement>(null);
  const bannerMessage = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // Only the newest request's answer counts.
  const orderSeq = useRef(0);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: transferResolver,
    defaultValues: emptyForm,
    shouldFocusError: true,
  });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    if (ordered) summaryHeading.current?.focus();
  }, [ordered]);

  const fail = (text: string) => {
    setBanner({ tone: 'error', text });
    setBusy(null);
  };
  const failPayment = (text: string) => {
    fail(text);
    keepFocus(payButton.current);
  };

  const onContinue = async (values: FormOutput) => {
    if (busy || done) return;
    const seq = ++orderSeq.current;
    const typed = JSON.stringify(form.getValues());
    setBusy('order');
    setBanner(null);
    setOrdered(null);
    const result = await postJson<NameTransferOrderResponse>(apiPaths.nameTransferOrder, values);
    // An answer for details edited meanwhile would pay for what is no longer on screen.
    if (seq !== orderSeq.current || JSON.stringify(form.getValues()) !== typed) return;
    if (!result.ok || !result.data?.success || !result.data.order) {
      return fail(result.ok ? selfServiceMessages.initiationFailed : failureMessage(result, selfServiceMessages.initiationFailed));
    }
    const { order, registrationNumber } = result.data;
    setOrdered({ order, registeredEmail: values.email, summary: transferSummary(registrationNumber, order, pricing) });
    setBusy(null);
  };

  const pay = async () => {
    if (!ordered || busy || done) return;
    setBusy('pay');
    setBanner(null);
    const payWithCheckout = await checkoutPayer();
    if (!payWithCheckout) return failPayment(selfServiceMessages.initiationFailed);
    const outcome = await payWithCheckout({
      order: ordered.order,
      // The registrant pays, not the new person: Checkout is prefilled with who is registered now.
      prefill: { name: ordered.summary.fromName, email: ordered.registeredEmail },
      verifyPath: apiPaths.nameTransferVerify,
      // Checkout stays open after a declined attempt, so the reason is shown and paying can go on.
      onPaymentFailed: (description) => setBanner({ tone: 'error', text: description }),
    });
    settlePayOutcome(outcome, {
      verified: (registrationNumber, paymentId) => {
        setDone(true);
        setBanner({ tone: 'success', text: selfServiceMessages.verified });
        redirectTimer.current = window.setTimeout(() => void navigate(paymentSuccessUrl(registrationNumber || ordered.summary.registrationNumber, paymentId, 'name-transfer')), REDIRECT_DELAY_MS);
        setBusy(null);
        focusAfterRender(bannerMessage);
      },
      dismissed: () => {
        setBanner({ tone: 'info', text: selfServiceMessages.windowClosed });
        setBusy(null);
        keepFocus(payButton.current);
      },
      failed: failPayment,
      messages: selfServiceMessages,
      serverReason: true,
    });
  };

  // The order was made for the details on screen: any edit asks for a new one.
  const forget = () => {
    setOrdered(null);
    setBusy((b) => (b === 'order' ? null : b));
  };
  const errors = form.formState.errors;
  const field = (name: FieldName, hint?: string) => {
    const error = errorOf(errors, name);
    const errorId = `${ids}-${name}-error`;
    return {
      id: `${ids}-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hint, error ? errorId : ''].filter(Boolean).join(' ') || undefined,
      ...form.register(name, { onChange: forget }),
    };
  };
  const fieldError = (name: FieldName) => {
    const error = errorOf(errors, name);
    return error ? (
      <p id={`${ids}-${name}-error`} className="ss-field__error">
        {error}
      </p>
    ) : null;
  };
  const s = ordered?.summary;
  const money = (minor: number) => formatMoney(minor, s!.currency);
  const regIdHint = `${ids}-regid-hint`;

  // Until the conference has ended the form; after it, why paid changes are closed (one variant
  // each in the HTML: decision 031's addendum), so a page built before the end is true after it.
  const onSale = (
    <>
      <p>
        If you can no longer attend, your registration can be passed on to someone else. Enter your registration
        details and the details of the person who will attend instead.
      </p>
      <ul className="ss-facts">
        <li>
          The processing fee is {formatMoney(fees.INR.base, 'INR')} for registrations paid in rupees and{' '}
          {formatMoney(fees.USD.base, 'USD')} for registrations paid in US dollars (foreign delegates), plus{' '}
          {pricing.gst}% GST and the {pricing.convinienceFee}% convenience fee: {formatMoney(fees.INR.total, 'INR')} or{' '}
          {formatMoney(fees.USD.total, 'USD')} in all.
        </li>
        <li>Transfers can be requested until {lastDay} (Indian Standard Time).</li>
        <li>
          Once the fee is paid, the new person receives a new ticket by e-mail. Your ticket stops working: its QR code is
          refused at check-in.
        </li>
      </ul>

      <form
        className="card ss-form"
        onSubmit={(e) =>
          form
            .handleSubmit(onContinue, (errs) => {
              const first = FIELD_ORDER.map((n) => errorOf(errs, n)).find(Boolean);
              fail(first ?? selfServiceMessages.idAndEmailRequired);
            })(e)
            // Rejects only when the resolver could not be fetched (onContinue does not throw).
            .catch(() => fail(VALIDATION_LOAD_FAILED))
        }
        {...prefetchOnInteraction(prefetchForm)}
        noValidate
        aria-labelledby={`${ids}-form-heading`}
      >
        <h2 id={`${ids}-form-heading`} className="visually-hidden">
          Transfer details
        </h2>
        <fieldset className="ss-fieldset" disabled={done}>
          <legend>Your registration</legend>
          <div className="ss-field">
            <label htmlFor={`${ids}-regId`}>{words.registrationId}</label>
            <p id={regIdHint} className="ss-field__hint">
              As in your confirmation e-mail, e.g. {conference.exampleRegistrationNumber}.
            </p>
            <input type="text" autoComplete="off" spellCheck={false} aria-required="true" {...field('regId', regIdHint)} />
            {fieldError('regId')}
          </div>
          <div className="ss-field">
            <label htmlFor={`${ids}-email`}>{words.registeredEmail}</label>
            <input type="email" autoComplete="email" aria-required="true" {...field('email')} />
            {fieldError('email')}
          </div>
        </fieldset>

        {/* The new person's details are not the user's own, so the browser must not autofill them (autocomplete off). */}
        <fieldset className="ss-fieldset" disabled={done}>
          <legend>New participant</legend>
          <div className="ss-field">
            <label htmlFor={`${ids}-to.title`}>Title</label>
            <select aria-required="true" {...field('to.title')}>
              <TextOptions empty="Select a title" options={TITLES} />
            </select>
            {fieldError('to.title')}
          </div>
          <div className="ss-field">
            <label htmlFor={`${ids}-to.firstName`}>First Name</label>
            <input type="text" autoComplete="off" aria-required="true" {...field('to.firstName')} />
            {fieldError('to.firstName')}
          </div>
          <div className="ss-field">
            <label htmlFor={`${ids}-to.lastName`}>Last Name</label>
            <input type="text" autoComplete="off" aria-required="true" {...field('to.lastName')} />
            {fieldError('to.lastName')}
          </div>
          <div className="ss-field">
            <label htmlFor={`${ids}-to.email`}>Email</label>
            <input type="email" autoComplete="off" aria-required="true" {...field('to.email')} />
            {fieldError('to.email')}
          </div>
          <div className="ss-field">
            <label htmlFor={`${ids}-to.organization`}>Organization</label>
            <input type="text" autoComplete="off" aria-required="true" {...field('to.organization')} />
            {fieldError('to.organization')}
          </div>
          <div className="ss-field">
            <label htmlFor={`${ids}-to.mobile`}>Mobile</label>
            <input type="tel" autoComplete="off" aria-required="true" {...field('to.mobile')} />
            {fieldError('to.mobile')}
          </div>
        </fieldset>
        <div className="button-row">
          <button type="submit" className="button" disabled={busy !== null || done} aria-busy={busy === 'order' || undefined}>
            {busy === 'order' ? words.fetching : 'Continue'}
          </button>
        </div>
      </form>

      <MessageBanner banner={banner} id={ids} messageRef={bannerMessage} />

      {s && (
        <SummaryCard
          id={`${ids}-summary`}
          heading="Transfer summary"
          headingRef={summaryHeading}
          rows={[
            ['Registration ID', s.registrationNumber],
            ['From', s.fromName],
            ['To', s.toName],
          ]}
        >
          <AmountsAndPay
            amounts={s}
            caption="Amount due for the transfer"
            baseLabel="Processing fee"
            money={money}
            paying={busy === 'pay'}
            disabled={busy !== null || done}
            onPay={() => void pay()}
            buttonRef={payButton}
          />
        </SummaryCard>
      )}
    </>
  );

  return (
    <PaidChangePage heading="Transfer Registration to Another Person" title="Transfer Registration" onSale={onSale} />
  );
}
