/**
 * The tier-upgrade (/tier-upgrade) and IEEE-change (/ieee-change) pages, one component
 * parameterised by kind (docs/rules.md#the-self-service-pages, #the-registration-form-and-its-checks, #the-api, #messages, #fees-arithmetic-and-timings): a Registration ID, 'Fetch
 * Details', a message banner, the summary of the change and a pay button. The server decides
 * whether the change applies and what it costs; the page shows its refusal or its order. Once
 * the conference has ended paid changes are no longer sold (decision 031's addendum): the page
 * then says so in place of the form, with no way to pay (a variant by the edition's phase, so a
 * page built before the end is true after it).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { conference } from '../../content/conference';
import { failureMessage, getJson, postJson, type ApiResult } from '../../lib/api';
import { keepFocus, useFocusAfterRender } from '../../lib/focus';
import { settlePayOutcome } from '../../lib/pay-outcome';
import { VALIDATION_LOAD_FAILED, checkoutPayer, loadPay, loadRequestSchemas, prefetchOnInteraction } from '../../lib/load-once';
import type { IeeeChangeOrderResponse, PublicRegistration, UpgradeOrderResponse } from '../../shared/api';
import { apiPaths, registrationPath } from '../../shared/api-paths';
import { messages, selfServiceMessages } from '../../shared/messages';
import { formatMoney } from '../../shared/money';
import type { Pricing } from '../../shared/pricing';
import { paymentSuccessUrl } from '../../shared/routes';
import { changeSummary, registrationChanges, type ChangeSummary } from './change-summary';
import type { ChangeKind } from '../../shared/tier-rules';
import { MessageBanner, type Banner } from './MessageBanner';
import { REDIRECT_DELAY_MS } from './timing';
import './self-service.css';
import { AmountsAndPay } from './AmountsAndPay';
import { PaidChangePage, SummaryCard } from './PaidChangeParts';
import { words } from '../../components/self-service-words';

type OrderResponse = UpgradeOrderResponse | IeeeChangeOrderResponse;

/** What differs between the two pages. */
const kinds = {
  'tier-upgrade': {
    heading: 'Upgrade Registration Tier',
    intro: 'Upgrade a student registration to a full (professional) registration. Enter your Registration ID to see what the upgrade costs.',
    summaryHeading: 'Upgrade summary',
    orderPath: apiPaths.tierUpgrade,
    verifyPath: apiPaths.verifyUpgrade,
    fetchFailed: selfServiceMessages.upgradeSummaryFailed,
  },
  'ieee-change': {
    heading: 'Change IEEE Membership Status',
    intro: 'Change an IEEE-member registration to the non-member rate. Enter your Registration ID to see what the change costs.',
    summaryHeading: 'Change summary',
    orderPath: apiPaths.ieeeChange,
    verifyPath: apiPaths.verifyIeeeChange,
    fetchFailed: selfServiceMessages.summaryFailed,
  },
} as const;

type Busy = 'fetch' | 'pay' | null;

/** What the form's first focus or press starts fetching: the request schemas, and Checkout's code for the payment that follows. */
const prefetchForm = () => Promise.all([loadRequestSchemas(), loadPay()]);

/** The order and what the card shows (its name is Checkout's prefill). */
interface Fetched {
  order: OrderResponse['order'];
  registrationNumber: string;
  summary: ChangeSummary;
  /** The registration and catalogue the summary was made from: a later read is compared with them. */
  registration: PublicRegistration;
  pricing: Pricing;
}

/** The message of a failed call: the server's error or message, else the page's fallback (docs/rules.md#messages). */
function messageOf(result: ApiResult<unknown>, fallback: string): string {
  return result.ok ? fallback : failureMessage(result, fallback);
}

/**
 * One self-service change page. Takes `kind` ('tier-upgrade' or 'ieee-change'); renders the
 * form, banner, summary and pay button, and on a verified payment goes to
 * paymentSuccessUrl(registrationNumber, paymentId) after REDIRECT_DELAY_MS.
 */
export function ChangePage({ kind }: { kind: ChangeKind }) {
  const k = kinds[kind];
  const navigate = useNavigate();
  const ids = useId();
  const [regId, setRegId] = useState('');
  // A student's upgrade answers for a paper: the wizard skipped that step for the student tier.
  const [paperId, setPaperId] = useState('');
  const [noPaper, setNoPaper] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  // After a verified payment the page only waits for its redirect: nothing may be clicked again.
  const [done, setDone] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  // What changed since the summary was shown (another tab paid a change, renamed it...): then the
  // summary no longer describes the registration, and its order must not be paid.
  const [stale, setStale] = useState<string[] | null>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const checking = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  // The pay button is disabled while Checkout is open, so focus falls to <body> when Checkout
  // closes: it goes back to the button, or to the outcome when there is nothing left to press.
  const payButton = useRef<HTMLButtonElement>(null);
  const bannerMessage = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // A fetch answered after a newer one started (or after the ID changed) must not overwrite it.
  const fetchSeq = useRef(0);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  // Coming back to this tab (focus or visibility), the registration is read again: a change made
  // meanwhile elsewhere makes the summary stale.
  useEffect(() => {
    if (!fetched || done) return;
    let cancelled = false;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      const now = await getJson<PublicRegistration>(registrationPath(fetched.registrationNumber));
      if (cancelled || !now.ok || !now.data) return;
      const changes = registrationChanges(fetched.registration, now.data, fetched.pricing);
      if (changes.length) setStale(changes);
    };
    const onReturn = () => void check();
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      cancelled = true;
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [fetched, done]);
  useEffect(() => {
    if (fetched) summaryHeading.current?.focus();
  }, [fetched]);

  const fail = (text: string) => {
    setBanner({ tone: 'error', text });
    setBusy(null);
  };
  const failPayment = (text: string) => {
    fail(text);
    keepFocus(payButton.current);
  };

  const fetchDetails = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // checking: the first press may wait for the schema's code; a second one must not order twice.
    if (busy || done || checking.current) return;
    checking.current = true;
    const schemas = await loadRequestSchemas()
      .catch(() => null)
      .finally(() => (checking.current = false));
    if (!schemas) return fail(VALIDATION_LOAD_FAILED);
    const parsed = schemas.changeOrderRequest.safeParse({ regId });
    if (!parsed.success) {
      setFetched(null);
      setBanner({ tone: 'error', text: parsed.error.issues[0]?.message ?? selfServiceMessages.registrationIdRequired });
      inputRef.current?.focus();
      return;
    }
    const id = parsed.data.regId;
    if (kind === 'tier-upgrade' && !noPaper && !paperId.trim()) {
      setFetched(null);
      setBanner({ tone: 'error', text: messages.paperRequired });
      document.getElementById(`${ids}-paper`)?.focus();
      return;
    }
    const seq = ++fetchSeq.current;
    setBusy('fetch');
    setBanner(null);
    setFetched(null);
    setStale(null);
    const [registration, pricing] = await Promise.all([getJson<PublicRegistration>(registrationPath(id)), getJson<Pricing>(apiPaths.pricing)]);
    if (seq !== fetchSeq.current) return;
    if (!registration.ok) return fail(messageOf(registration, k.fetchFailed));
    if (!pricing.ok || !Array.isArray(pricing.data?.registrationTiers)) return fail(k.fetchFailed);
    // The order is requested only for a registration that exists: each request creates a Razorpay order.
    const order = await postJson<OrderResponse>(k.orderPath, kind === 'tier-upgrade' ? { regId: id, noPaper, paperId: noPaper ? '' : paperId.trim() } : { regId: id });
    if (seq !== fetchSeq.current) return;
    if (!order.ok || !order.data?.success || !order.data.order) return fail(messageOf(order, k.fetchFailed));
    setFetched({
      order: order.data.order,
      registrationNumber: order.data.registrationNumber,
      summary: changeSummary(registration.data, pricing.data, order.data.order),
      registration: registration.data,
      pricing: pricing.data,
    });
    setBusy(null);
  };

  const pay = async () => {
    if (!fetched || busy || done || stale) return;
    setBusy('pay');
    setBanner(null);
    const payWithCheckout = await checkoutPayer();
    if (!payWithCheckout) return failPayment(selfServiceMessages.initiationFailed);
    const outcome = await payWithCheckout({
      order: fetched.order,
      // No e-mail: the public record does not give it away (decision 008); Checkout asks the payer.
      prefill: { name: fetched.summary.name },
      verifyPath: k.verifyPath,
      // Checkout stays open after a declined attempt, so the reason is shown and paying can go on.
      onPaymentFailed: (description) => setBanner({ tone: 'error', text: description }),
    });
    settlePayOutcome(outcome, {
      verified: (registrationNumber, paymentId, status) => {
        setDone(true);
        setBanner({ tone: 'success', text: selfServiceMessages.verified });
        // A student whose proof is still awaited has no ticket yet: the success page says so.
        const notes = { awaitingProof: status === 'awaiting-proof' };
        redirectTimer.current = window.setTimeout(() => void navigate(paymentSuccessUrl(registrationNumber || fetched.registrationNumber, paymentId, kind, notes)), REDIRECT_DELAY_MS);
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

  const inputId = `${ids}-regid`;
  const hintId = `${ids}-regid-hint`;
  const invalid = banner?.tone === 'error' && !fetched && busy === null;
  const s = fetched?.summary;
  const money = (minor: number) => formatMoney(minor, s!.currency);

  // Until the conference has ended the form; after it, why paid changes are closed (one variant
  // each in the HTML: decision 031's addendum), so a page built before the end is true after it.
  const onSale = (
    <>
      <p>{k.intro}</p>

      <form className="card ss-form" onSubmit={(e) => void fetchDetails(e)} noValidate aria-labelledby={`${ids}-form-heading`} {...prefetchOnInteraction(prefetchForm)}>
        <h2 id={`${ids}-form-heading`} className="visually-hidden">
          Find your registration
        </h2>
        <div className="ss-field">
          <label htmlFor={inputId}>{words.registrationId}</label>
          <p id={hintId} className="ss-field__hint">
            As in your confirmation e-mail, e.g. {conference.exampleRegistrationNumber}.
          </p>
          <input
            ref={inputRef}
            id={inputId}
            name="regId"
            type="text"
            autoComplete="off"
            spellCheck={false}
            aria-required="true"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${hintId} ${ids}-error` : hintId}
            value={regId}
            disabled={done}
            onChange={(e) => {
              setRegId(e.target.value);
              // The summary and its order belong to the ID they were fetched for.
              if (fetched) setFetched(null);
              fetchSeq.current++;
              if (busy === 'fetch') setBusy(null);
            }}
          />
        </div>
        {kind === 'tier-upgrade' && (
          <fieldset className="ss-field">
            <legend>Your paper (a full registration covers a paper)</legend>
            <label htmlFor={`${ids}-paper`}>Paper ID</label>
            <input
              id={`${ids}-paper`}
              name="paperId"
              type="text"
              autoComplete="off"
              maxLength={64}
              value={paperId}
              disabled={done || noPaper}
              onChange={(e) => {
                setPaperId(e.target.value);
                if (fetched) setFetched(null);
                fetchSeq.current++;
              }}
            />
            <label>
              <input
                type="checkbox"
                name="noPaper"
                checked={noPaper}
                disabled={done}
                onChange={(e) => {
                  setNoPaper(e.target.checked);
                  if (fetched) setFetched(null);
                  fetchSeq.current++;
                }}
              />{' '}
              I did not submit a paper
            </label>
          </fieldset>
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={busy !== null || done} aria-busy={busy === 'fetch' || undefined}>
            {busy === 'fetch' ? words.fetching : words.fetch}
          </button>
        </div>
      </form>

      <MessageBanner banner={banner} id={ids} messageRef={bannerMessage} />

      {s && (
        <SummaryCard
          id={`${ids}-summary`}
          heading={k.summaryHeading}
          headingRef={summaryHeading}
          rows={[
            ['Registration ID', fetched.registrationNumber],
            ['Name', s.name],
            ['Organisation', s.organization],
            ['Current tier', s.fromLabel],
            ['New tier', s.toLabel],
          ]}
        >
          {stale ? (
            <div className="ss-stale" role="alert">
              <p>
                <strong>{words.staleSummary}</strong>
              </p>
              <ul>
                {stale.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
              <p>{words.fetchAgain}</p>
            </div>
          ) : (
            <AmountsAndPay
              amounts={s}
              caption="Amount due for the change"
              baseLabel="Fee difference"
              money={money}
              paying={busy === 'pay'}
              disabled={busy !== null || done}
              onPay={() => void pay()}
              buttonRef={payButton}
            />
          )}
        </SummaryCard>
      )}
    </>
  );

  return (
    <PaidChangePage heading={k.heading} onSale={onSale} />
  );
}
