/**
 * The registration form's plain rules: the empty form and the wizard's step navigation (the
 * option lists are in form-options.ts, the validation messages in messages.ts). No zod: the
 * wizard's first load and the server both read these; the zod schemas that carry the messages
 * are in registration-schema.ts, loaded by the browser only when a form validates (the first
 * load's budget, docs/performance.md).
 */
import { isIeeeTier } from './pricing';
import type { RegistrationForm } from './registration-schema';

export type { RegistrationForm };

export const TOTAL_STEPS = 9;


/** The form as the wizard starts it (and as Clear Form resets it). */
export const emptyRegistrationForm: Omit<RegistrationForm, 'title' | 'welcomeReception' | 'galaDinner' | 'registrationCurrency'> & {
  title: RegistrationForm['title'] | '';
  welcomeReception: RegistrationForm['welcomeReception'] | '';
  galaDinner: RegistrationForm['galaDinner'] | '';
  registrationCurrency: RegistrationForm['registrationCurrency'];
} = {
  title: '',
  firstName: '',
  lastName: '',
  organization: '',
  idNumber: '',
  address: '',
  city: '',
  state: '',
  country: 'India',
  postcode: '',
  mobile: '',
  email: '',
  verifyEmail: '',
  registrationTier: '',
  registrationFee: 0,
  registrationCurrency: 'INR',
  ieeeMemberNumber: '',
  noPaper: false,
  paperId: '',
  welcomeReception: '',
  additionalReceptionTickets: 0,
  welcomeReceptionExtraFee: 0,
  galaDinner: '',
  additionalGalaDinnerTickets: 0,
  galaDinnerExtraFee: 0,
  dietaryRequirements: [],
  dietaryOtherText: '',
  billingOrganization: '',
  billingTaxNumber: '',
  billingAddress: '',
  billingCity: '',
  billingState: '',
  billingCountry: 'India',
  billingPostcode: '',
  billingEmail: '',
};
export type RegistrationFormDraft = typeof emptyRegistrationForm;

/**
 * Wizard navigation (docs/rules.md#the-registration-wizard): the IEEE step (3) is skipped for non-IEEE tiers,
 * in both directions. The paper step (4) is shown to every tier, students included, so a
 * student can name its one paper (optional for student tiers).
 */
export function isStepSkipped(step: number, tierId: string): boolean {
  if (step === 3) return !isIeeeTier(tierId);
  return false;
}
export function nextStep(step: number, tierId: string): number {
  let s = step + 1;
  while (s < TOTAL_STEPS && isStepSkipped(s, tierId)) s++;
  return Math.min(s, TOTAL_STEPS);
}
export function previousStep(step: number, tierId: string): number {
  let s = step - 1;
  while (s > 1 && isStepSkipped(s, tierId)) s--;
  return Math.max(s, 1);
}
/** A restored step is clamped to 1-9 (docs/rules.md#the-registration-wizard); anything not a number becomes 1. */
export function clampStep(step: unknown): number {
  const n = typeof step === 'number' && Number.isFinite(step) ? Math.trunc(step) : 1;
  return Math.min(TOTAL_STEPS, Math.max(1, n));
}
