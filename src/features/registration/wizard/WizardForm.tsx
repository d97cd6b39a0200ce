/**
 * The nine-step registration form (docs/rules.md#the-registration-wizard, #the-registration-form-and-its-checks): one react-hook-form instance whose
 * resolver validates only the current step's schema (stepSchemas from src/shared, loaded on the
 * form's first touch: step-resolvers.ts), step skipping by tier, persistence after each forward
 * move, Clear Form, and the payment action on step 9.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { safeLocalStorage } from '../../../lib/admin-token';
import { VALIDATION_LOAD_FAILED, lazyResolver, loadOnce, prefetchOnInteraction } from '../../../lib/lazy-resolver';
import { loadPay } from '../../../lib/load-once';
import { clearRegistration, restoreRegistration, saveRegistration } from '../../../lib/persisted-form';
import { computeCharges, findTier, isStudentTier, type Pricing, type Tier } from '../../../shared/pricing';
import { tierDependentFields } from '../../../shared/tier-rules';
import { MEMBERSHIP_TO_VERIFY_MESSAGE, messages } from '../../../shared/messages';
import type { RegistrationRoute } from '../../../shared/regions';
import { TOTAL_STEPS, nextStep, previousStep, type RegistrationFormDraft } from '../../../shared/registration-form';
import { EARLY_BIRD_CLEARED_NOTICE, STEP_TITLES, earlyBirdExpired, extraFees, freshForm, noCoupon, startState, stepProgress, type CouponState } from './model';
import { STEP_LOAD_FAILED, loadLateParts, useLateParts } from './lazy-parts';
import { usePayment } from './usePayment';
import { ParticipantStep } from './steps/ParticipantStep';

/** The question Clear Form asks before deleting the saved form. */
const CLEAR_FORM_QUESTION = 'Clear the form? Everything you have entered, including what is saved in this browser, will be deleted.';

/** The step resolvers (zod and the shared step schemas), fetched once when the form is first touched or validated. */
const loadStepResolvers = loadOnce(() => import('./step-resolvers').then((m) => m.stepResolvers));

/** What the form's first focus or press starts fetching: its validation and its later steps. */
const prefetchForm = () => Promise.all([loadStepResolvers(), loadLateParts()]);

/** One resolver per step, each handing over to its loaded counterpart in step-resolvers.ts. */
const stepResolvers = Object.fromEntries(
  Array.from({ length: TOTAL_STEPS }, (_, i) => [i + 1, lazyResolver(() => loadStepResolvers().then((resolvers) => resolvers[i + 1]!))]),
) as Record<number, Resolver<RegistrationFormDraft>>;

interface WizardFormProps {
  pricing: Pricing;
  /** Verified admin override (docs/rules.md#the-admin-area): any country, Foreign tiers too. */
  admin: boolean;
  /** The delegate's route: 'international' lists the USD tiers and every country but India. */
  route: RegistrationRoute;
  /** The tiers on offer, fixed when pricing arrived. */
  tiers: Tier[];
}

/** The wizard once pricing and access mode are known. */
export function WizardForm({ pricing, admin, route, tiers }: WizardFormProps) {
  const international = !admin && route === 'international';
  const [storage] = useState(safeLocalStorage);
  const [start] = useState(() => startState(restoreRegistration(storage), pricing, admin, new Date(), route));
  const [step, setStep] = useState(start.step);
  const [notice, setNotice] = useState<string | null>(start.notice);
  const [coupon, setCoupon] = useState<CouponState>(noCoupon);
  const previousTier = useRef(start.data.registrationTier);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const payButtonRef = useRef<HTMLButtonElement>(null);
  const shownStep = useRef(step);

  const form = useForm<RegistrationFormDraft>({
    defaultValues: start.data,
    resolver: stepResolvers[step],
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { getValues, setValue, setError, reset, handleSubmit } = form;
  const { isSubmitting } = form.formState;
  const tierId = useWatch({ control: form.control, name: 'registrationTier' });

  useEffect(() => {
    if (start.clearSaved) clearRegistration(storage);
  }, [start, storage]);

  // Steps 2 to 9 and the payment flow: the late chunk (lazy-parts.tsx), here once the form was touched.
  const late = useLateParts(step > 1);
  const parts = late.parts;

  // Checkout's code is needed only on step 9: fetch it when the delegate gets there.
  useEffect(() => {
    if (step === TOTAL_STEPS) void loadPay().catch(() => undefined);
  }, [step]);

  // Focus follows the step so screen-reader and keyboard users land on the new step's heading.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const syncExtraFees = () => {
    const fees = extraFees(pricing, getValues());
    setValue('welcomeReceptionExtraFee', fees.welcomeReceptionExtraFee);
    setValue('galaDinnerExtraFee', fees.galaDinnerExtraFee);
  };

  const clearForm = (message: string | null = null) => {
    clearRegistration(storage);
    reset(freshForm());
    previousTier.current = '';
    setCoupon(noCoupon);
    setStep(1);
    setNotice(message);
  };

  const payment = usePayment({
    pricing,
    admin,
    international,
    coupon,
    getValues,
    onEarlyBirdExpired: () => clearForm(),
    onRegistered: () => clearRegistration(storage),
    payButton: payButtonRef,
  });

  /** Choosing a tier fixes the fee and currency and the fields the tier decides (docs/rules.md#the-registration-wizard). */
  const onTierChange = (tierId: string) => {
    const tier = findTier(pricing, tierId);
    if (!tier) return;
    setValue('registrationFee', tier.fee);
    setValue('registrationCurrency', tier.currency);
    const forced = tierDependentFields(tierId, previousTier.current);
    if (forced.ieeeMemberNumber !== undefined) setValue('ieeeMemberNumber', forced.ieeeMemberNumber);
    if (forced.noPaper !== undefined) setValue('noPaper', forced.noPaper);
    if (forced.paperId !== undefined) setValue('paperId', forced.paperId);
    previousTier.current = tierId;
    setCoupon(noCoupon);
    syncExtraFees();
  };

  // The non-member tier offered after a refused membership, or null.
  const [nonMemberOffer, setNonMemberOffer] = useState<Tier | null>(null);

  /** Moves to the non-member tier of the same type, region and period, and on past the IEEE step. */
  const takeNonMemberTier = () => {
    if (!nonMemberOffer) return;
    setValue('registrationTier', nonMemberOffer.id);
    onTierChange(nonMemberOffer.id);
    form.clearErrors('ieeeMemberNumber');
    const next = nextStep(3, nonMemberOffer.id);
    saveRegistration(storage, { step: next, data: getValues() });
    setNotice(`Your registration tier is now ${nonMemberOffer.label}.`);
    setNonMemberOffer(null);
    setStep(next);
  };

  /** Step 3's server check (step-checks.ts): true, 'to-verify' or false with the field's error set. */
  const verifyIeee = async (memberId: string): Promise<boolean | 'to-verify'> => {
    setNonMemberOffer(null);
    const check = await parts!.checkMembership(memberId, getValues('registrationTier'), pricing);
    if (check.result === 'to-verify') setNotice(MEMBERSHIP_TO_VERIFY_MESSAGE);
    if (check.result !== 'refused') return check.result === 'active' || 'to-verify';
    // Says why, and offers the non-member tier.
    setError('ieeeMemberNumber', { type: 'server', message: check.message }, { shouldFocus: true });
    setNonMemberOffer(check.nonMemberTier);
    return false;
  };

  /** Step 4's server check (step-checks.ts): false with the field's error set when the paper is not accepted. */
  const verifyPaper = async (values: RegistrationFormDraft): Promise<boolean> => {
    const refusal = await parts!.checkPaper(values.paperId, values.noPaper);
    if (refusal) setError('paperId', { type: 'server', message: refusal }, { shouldFocus: true });
    return refusal === null;
  };

  const onValidStep = async (values: RegistrationFormDraft) => {
    if (earlyBirdExpired(pricing, values.registrationTier, new Date())) {
      clearForm(EARLY_BIRD_CLEARED_NOTICE);
      return;
    }
    const membership = step === 3 ? await verifyIeee(values.ieeeMemberNumber) : true;
    if (!membership) return;
    if (step === 4 && !(await verifyPaper(values))) return;
    const next = nextStep(step, values.registrationTier);
    syncExtraFees();
    saveRegistration(storage, { step: next, data: getValues() });
    if (membership !== 'to-verify') setNotice(null);
    setStep(next);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step >= TOTAL_STEPS || isSubmitting) return;
    if (step === 4) {
      const { noPaper, paperId, registrationTier } = getValues();
      // Optional for student tiers.
      if (!noPaper && !paperId.trim() && !isStudentTier(registrationTier)) {
        // The form's words (docs/rules.md#the-registration-form-and-its-checks), inline under the field it concerns (role=alert, aria-invalid), not a pop-up.
        setError('paperId', { type: 'required', message: messages.paperRequired }, { shouldFocus: true });
        return;
      }
    }
    // The only way handleSubmit rejects here is a failed fetch of the step resolvers.
    handleSubmit(onValidStep)(e).catch(() => setNotice(VALIDATION_LOAD_FAILED));
  };

  const goBack = () => {
    form.clearErrors();
    setStep(previousStep(step, tierId));
  };

  const tierCurrency = findTier(pricing, tierId)?.currency ?? 'INR';
  // A coupon that covers everything: nothing is paid, so the button confirms instead of paying.
  const nothingToPay = step === TOTAL_STEPS && coupon.applied?.type === 'full' && computeCharges(pricing, getValues(), 'full').total === 0;
  // Counts only the steps this delegate's tier keeps, so a skipped step never shows as a jump.
  const progress = stepProgress(step, tierId);

  /** Clear Form deletes the saved form, so it asks first. */
  const confirmClear = () => {
    if (window.confirm(CLEAR_FORM_QUESTION)) clearForm();
  };
  const busy = isSubmitting || payment.paying;

  return (
    <FormProvider {...form}>
      <form className="wizard card" noValidate onSubmit={onSubmit} aria-labelledby="wizard-step-heading" {...prefetchOnInteraction(prefetchForm)}>
        <div className="wizard__progress">
          {/* Read inside the heading instead, which is where focus lands after Next. */}
          <p className="wizard__count" aria-hidden="true">
            Step {progress.position} of {progress.total}
          </p>
          <div className="wizard__bar" aria-hidden="true">
            <span style={{ width: `${(progress.position / progress.total) * 100}%` }} />
          </div>
        </div>
        <h2 id="wizard-step-heading" ref={headingRef} tabIndex={-1}>
          <span className="visually-hidden">
            Step {progress.position} of {progress.total}:{' '}
          </span>
          {STEP_TITLES[step]}
        </h2>
        {/* In the DOM before its text, so screen readers announce the text. */}
        <div role="status">{notice && <p className="notice">{notice}</p>}</div>

        {step === 1 && <ParticipantStep admin={admin} international={international} />}
        {step > 1 && !parts && (late.failed ? (
          <div className="notice notice--error" role="alert">
            <p>{STEP_LOAD_FAILED}</p>
            <button type="button" className="button button--secondary" onClick={late.retry}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading...</p>
        ))}
        {parts && step === 2 && <parts.TierStep tiers={tiers} gst={pricing.gst} onTierChange={onTierChange} />}
        {parts && step === 3 && <parts.IeeeStep verifying={isSubmitting} nonMemberTier={nonMemberOffer} onTakeNonMemberTier={takeNonMemberTier} />}
        {parts && step === 4 && <parts.PaperStep student={isStudentTier(tierId)} />}
        {parts && step === 5 && (
          <parts.EventStep event="reception" ticketPrice={pricing.welcomeReception[tierCurrency]} currency={tierCurrency} onChange={syncExtraFees} />
        )}
        {parts && step === 6 && <parts.EventStep event="gala" ticketPrice={pricing.galaDinner[tierCurrency]} currency={tierCurrency} onChange={syncExtraFees} />}
        {parts && step === 7 && <parts.DietaryStep />}
        {parts && step === 8 && <parts.BillingStep admin={admin} international={international} />}
        {parts && step === 9 && <parts.SummaryStep pricing={pricing} coupon={coupon} setCoupon={setCoupon} paying={payment.paying} />}

        {step === TOTAL_STEPS && payment.message && (
          <p className="notice notice--error" role="alert">
            {payment.message}
          </p>
        )}

        <div className="wizard__actions">
          <button type="button" className="button button--secondary" onClick={goBack} disabled={step === 1 || busy}>
            Back
          </button>
          <button type="button" className="button button--danger" onClick={confirmClear} disabled={busy}>
            Clear Form
          </button>
          {step < TOTAL_STEPS ? (
            <button type="submit" className="button wizard__primary" disabled={isSubmitting || (step > 1 && !parts)}>
              Next
            </button>
          ) : (
            <button ref={payButtonRef} type="button" className="button wizard__primary" onClick={() => void payment.pay()} disabled={payment.paying || coupon.checking}>
              {payment.paying ? 'Processing...' : nothingToPay ? 'Confirm registration' : 'Pay Now'}
            </button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
