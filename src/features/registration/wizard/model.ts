/**
 * Pure rules of the registration wizard that are not already in src/shared: step titles,
 * the shape check of GET /api/pricing, which tiers are offered, and how a saved form is resumed
 * (docs/rules.md#the-registration-wizard). No React, no I/O, no clock: callers pass `now`.
 */
import {
  computeCharges,
  findTier,
  isEarlyBirdOpen,
  isEarlyBirdTier,
  tiersOnOffer,
  type CouponType,
  type Pricing,
  type Tier,
} from '../../../shared/pricing';
import { TOTAL_STEPS, emptyRegistrationForm, isStepSkipped, type RegistrationFormDraft } from '../../../shared/registration-form';
import { fromMinor } from '../../../shared/money';
import { regionOfRoute, type RegistrationRoute } from '../../../shared/regions';

/** Step headings, word for word (docs/rules.md#the-registration-wizard). */
export const STEP_TITLES: Record<number, string> = {
  1: 'Participant Details',
  2: 'Select Your Registration Tier',
  3: 'IEEE Member Verification',
  4: 'Paper Registration',
  5: 'Welcome Reception',
  6: 'Gala Dinner',
  7: 'Dietary Requirements',
  8: 'Billing Information',
  9: 'Summary and payment',
};

/** Shown when a saved or current form holds an Early Bird tier after Early Bird has closed (docs/rules.md#the-registration-wizard). */
export const EARLY_BIRD_CLEARED_NOTICE =
  'The Early Bird registration period has ended, so your form was cleared. Please register again with a Standard tier.';

/** A fresh empty form (a new array each time, so no two forms share one). */
export function freshForm(): RegistrationFormDraft {
  return { ...emptyRegistrationForm, dietaryRequirements: [] };
}

/** True when `v` looks like the pricing object of docs/rules.md#the-registration-form-and-its-checks (enough to compute charges with). */
export function isPricing(v: unknown): v is Pricing {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  const money = (m: unknown) =>
    typeof m === 'object' && m !== null && typeof (m as Record<string, unknown>).INR === 'number' && typeof (m as Record<string, unknown>).USD === 'number';
  return (
    Array.isArray(p.registrationTiers) &&
    p.registrationTiers.every(
      (t: unknown) =>
        typeof t === 'object' &&
        t !== null &&
        typeof (t as Tier).id === 'string' &&
        typeof (t as Tier).label === 'string' &&
        typeof (t as Tier).fee === 'number' &&
        ((t as Tier).currency === 'INR' || (t as Tier).currency === 'USD'),
    ) &&
    typeof p.earlyBirdDate === 'string' &&
    typeof p.gst === 'number' &&
    typeof p.convinienceFee === 'number' &&
    money(p.welcomeReception) &&
    money(p.galaDinner)
  );
}

/**
 * Tiers the wizard lists today: those of the delegate's route (Indian: INR, international: USD), or both for a verified admin (docs/rules.md#the-admin-area).
 */
export function offeredTiers(pricing: Pricing, now: Date, admin: boolean, route: RegistrationRoute = 'indian'): Tier[] {
  const indian = tiersOnOffer(pricing, now, 'Indian');
  if (admin) return [...indian, ...tiersOnOffer(pricing, now, 'Foreign')];
  return route === 'indian' ? indian : tiersOnOffer(pricing, now, 'Foreign');
}

/** True when the form holds an Early Bird tier and Early Bird has closed (docs/rules.md#the-registration-wizard). */
export function earlyBirdExpired(pricing: Pricing, tierId: string, now: Date): boolean {
  return Boolean(tierId) && isEarlyBirdTier(tierId) && !isEarlyBirdOpen(now, pricing);
}

/**
 * The display fields welcomeReceptionExtraFee and galaDinnerExtraFee (whole units) for the
 * current choices, from the shared arithmetic; zero while no known tier is chosen.
 */
export function extraFees(pricing: Pricing, values: RegistrationFormDraft): { welcomeReceptionExtraFee: number; galaDinnerExtraFee: number } {
  if (!findTier(pricing, values.registrationTier)) return { welcomeReceptionExtraFee: 0, galaDinnerExtraFee: 0 };
  const c = computeCharges(pricing, values, null);
  return { welcomeReceptionExtraFee: fromMinor(c.welcomeReceptionExtraFee), galaDinnerExtraFee: fromMinor(c.galaDinnerExtraFee) };
}

/** How the wizard opens: the step, the form values, a notice to show, and whether the saved copy must be deleted. */
export interface WizardStart {
  step: number;
  data: RegistrationFormDraft;
  notice: string | null;
  clearSaved: boolean;
}

/**
 * Resumes a saved form (docs/rules.md#the-registration-wizard). An expired Early Bird tier clears everything;
 * a tier that is unknown, or outside the route's region without admin rights, is dropped and the
 * wizard resumes at the tier step at the latest; on the Indian route without admin rights both
 * countries are India (docs/rules.md#the-registration-form-and-its-checks), on the international route neither is.
 */
export function startState(saved: { step: number; data: RegistrationFormDraft } | null, pricing: Pricing, admin: boolean, now: Date, route: RegistrationRoute = 'indian'): WizardStart {
  const international = !admin && route === 'international';
  // An international delegate picks their country from the list: it starts empty, never India.
  if (!saved) return { step: 1, data: international ? { ...freshForm(), country: '', billingCountry: '' } : freshForm(), notice: null, clearSaved: false };
  if (earlyBirdExpired(pricing, saved.data.registrationTier, now)) {
    return { step: 1, data: freshForm(), notice: EARLY_BIRD_CLEARED_NOTICE, clearSaved: true };
  }
  const data = { ...saved.data, dietaryRequirements: [...saved.data.dietaryRequirements] };
  let step = saved.step;
  if (data.registrationTier) {
    const tier = findTier(pricing, data.registrationTier);
    if (!tier || (!admin && tier.region !== regionOfRoute(route))) {
      data.registrationTier = '';
      data.registrationFee = 0;
      data.registrationCurrency = 'INR';
      data.ieeeMemberNumber = '';
      step = Math.min(step, 2);
    }
  }
  if (international) {
    if (data.country === 'India') data.country = '';
    if (data.billingCountry === 'India') data.billingCountry = '';
  } else if (!admin) {
    data.country = 'India';
    data.billingCountry = 'India';
  }
  Object.assign(data, extraFees(pricing, data));
  return { step, data, notice: null, clearSaved: false };
}

/** The coupon part of step 9 (docs/rules.md#the-registration-wizard: applied or removed). */
export interface CouponState {
  /** The 'I have a coupon code' checkbox. */
  enabled: boolean;
  /** What is typed in 'Coupon code'. */
  code: string;
  applied: { code: string; type: CouponType } | null;
  message: { kind: 'error' | 'success'; text: string } | null;
  checking: boolean;
}

export const noCoupon: CouponState = { enabled: false, code: '', applied: null, message: null, checking: false };

/**
 * Where the delegate is among the steps that apply to them: takes the current step
 * (1-9) and the chosen tier id, returns {position, total} counting only the steps that
 * isStepSkipped keeps for that tier, e.g. step 4 of a non-IEEE tier is {position: 3, total: 8}.
 * The nine steps and their numbering stay those of docs/rules.md#the-registration-wizard.
 */
export function stepProgress(step: number, tierId: string): { position: number; total: number } {
  const applicable = Array.from({ length: TOTAL_STEPS }, (_, i) => i + 1).filter((s) => s === step || !isStepSkipped(s, tierId));
  return { position: applicable.indexOf(step) + 1, total: applicable.length };
}

/**
 * The route the wizard opens on: the one of a saved form (a tier or a country already
 * chosen), else `?route=international|indian`, else the edge's country hint, else Indian. The
 * delegate can switch; the server's rules never depend on this choice.
 */
export function initialRoute(saved: { data: Pick<RegistrationFormDraft, 'registrationTier' | 'country'> } | null, pricing: Pricing, query: string | null, hint: RegistrationRoute | null): RegistrationRoute {
  const tier = saved ? findTier(pricing, saved.data.registrationTier) : undefined;
  if (tier) return tier.region === 'Indian' ? 'indian' : 'international';
  if (saved && saved.data.country && saved.data.country !== 'India') return 'international';
  if (query === 'international' || query === 'indian') return query;
  return hint ?? 'indian';
}
