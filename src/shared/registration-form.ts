/**
 * The registration form (spec part 2 section 3) and its validation rules with the exact
 * messages of section 5. One field set, composed three ways:
 *   - stepSchemas[n]: what the wizard checks before leaving step n;
 *   - registrationFormSchema: the whole form as the server accepts it in create-order,
 *     including the cross-step rules (IEEE number for IEEE tiers, paper rules by tier).
 * Written with zod/mini (the tree-shakable functional API) so the browser ships only the checks used
 * (issue 10 bundle budget); the server runs the very same schemas.
 */
import * as z from 'zod/mini';
import { isIeeeTier, isStudentTier } from './pricing';

export const TITLES = ['Dr', 'Prof', 'Mr', 'Ms', 'Mrs'] as const;
export const DIETARY_OPTIONS = ['NONE', 'LACTOSE FREE', 'GLUTEN FREE', 'VEGETARIAN', 'VEGAN', 'OTHER'] as const;
export const MAX_EXTRA_TICKETS = 3;
export const TOTAL_STEPS = 9;

export const messages = {
  required: 'This field is required.',
  emailsDoNotMatch: 'Emails do not match.',
  invalidEmail: 'Please enter a valid email address.',
  tierRequired: 'Please select a registration category.',
  ieeeRequired: 'IEEE Member Number is required.',
  membershipNotValid: 'Membership not valid.',
  membershipCheckFailed: 'Could not validate IEEE membership. Please try again later.',
  paperRequired: 'Paper ID is required unless you did not submit a paper.',
  receptionRequired: 'Please select whether you will attend the Welcome Reception.',
  galaRequired: 'Please select whether you will attend the Gala Dinner.',
  dietaryRequired: 'Please select at least one option.',
  dietaryOtherRequired: 'Please specify your dietary requirement.',
  billingCountryRequired: 'Billing country is required.',
  couponProfessionalOnly: 'Coupons are only valid for Professional tiers (Full Registration).',
  tooLong: 'This value is too long.',
  ticketsRange: `Choose between 0 and ${MAX_EXTRA_TICKETS} additional tickets.`,
} as const;

const required = (max = 200) =>
  z.string({ error: messages.required }).check(z.trim(), z.minLength(1, messages.required), z.maxLength(max, messages.tooLong));
const optional = (max = 200) => z.string({ error: 'Must be text.' }).check(z.trim(), z.maxLength(max, messages.tooLong));
const email = () =>
  z.pipe(
    z.string({ error: messages.required }).check(z.trim(), z.minLength(1, messages.required), z.maxLength(254, messages.tooLong)),
    z.email({ error: messages.invalidEmail }),
  );
const yesNo = (message: string) => z.enum(['yes', 'no'], { error: message });
const tickets = () =>
  z
    .number({ error: messages.ticketsRange })
    .check(z.int(messages.ticketsRange), z.minimum(0, messages.ticketsRange), z.maximum(MAX_EXTRA_TICKETS, messages.ticketsRange));
/** Fee fields the browser fills for display; the server recomputes every amount and ignores them. */
const displayAmount = () => z.optional(z.number({ error: 'Must be a number.' }).check(z.minimum(0), z.maximum(10_000_000)));

export const participantFields = {
  title: z.enum(TITLES, { error: messages.required }),
  firstName: required(100),
  lastName: required(100),
  organization: required(200),
  idNumber: optional(50),
  address: required(500),
  city: required(100),
  state: optional(100),
  country: required(100),
  postcode: required(20),
  mobile: required(30),
  email: email(),
  verifyEmail: z.string({ error: messages.required }).check(z.trim(), z.minLength(1, messages.required), z.maxLength(254, messages.tooLong)),
};

export const tierFields = {
  registrationTier: z.string({ error: messages.tierRequired }).check(z.minLength(1, messages.tierRequired), z.maxLength(64, messages.tierRequired)),
  registrationFee: displayAmount(),
  registrationCurrency: z.enum(['INR', 'USD'], { error: 'Currency must be INR or USD.' }),
};

export const ieeeFields = {
  ieeeMemberNumber: z.string({ error: messages.ieeeRequired }).check(z.trim(), z.maxLength(20, messages.tooLong)),
};

export const paperFields = {
  noPaper: z.boolean({ error: 'Must be true or false.' }),
  paperId: z.string({ error: 'Must be text.' }).check(z.trim(), z.maxLength(50, messages.tooLong)),
};

export const receptionFields = {
  welcomeReception: yesNo(messages.receptionRequired),
  additionalReceptionTickets: tickets(),
  welcomeReceptionExtraFee: displayAmount(),
};

export const galaFields = {
  galaDinner: yesNo(messages.galaRequired),
  additionalGalaDinnerTickets: tickets(),
  galaDinnerExtraFee: displayAmount(),
};

export const dietaryFields = {
  dietaryRequirements: z
    .array(z.enum(DIETARY_OPTIONS, { error: 'Unknown dietary option.' }), { error: messages.dietaryRequired })
    .check(z.minLength(1, messages.dietaryRequired), z.maxLength(DIETARY_OPTIONS.length)),
  dietaryOtherText: z.string({ error: 'Must be text.' }).check(z.trim(), z.maxLength(200, messages.tooLong)),
};

export const billingFields = {
  billingOrganization: required(200),
  billingTaxNumber: optional(50),
  billingAddress: required(500),
  billingCity: required(100),
  billingState: optional(100),
  billingCountry: z
    .string({ error: messages.billingCountryRequired })
    .check(z.trim(), z.minLength(1, messages.billingCountryRequired), z.maxLength(100, messages.tooLong)),
  billingPostcode: required(20),
  billingEmail: email(),
};

type Ctx = z.core.$RefinementCtx;

function checkEmailsMatch(v: { email: string; verifyEmail: string }, ctx: Ctx) {
  if (v.email && v.verifyEmail && v.email.toLowerCase() !== v.verifyEmail.toLowerCase()) {
    ctx.addIssue({ code: 'custom', path: ['verifyEmail'], message: messages.emailsDoNotMatch });
  }
}
function checkIeeeNumber(v: { registrationTier: string; ieeeMemberNumber: string }, ctx: Ctx) {
  if (isIeeeTier(v.registrationTier) && !v.ieeeMemberNumber) {
    ctx.addIssue({ code: 'custom', path: ['ieeeMemberNumber'], message: messages.ieeeRequired });
  }
}
function checkPaper(v: { registrationTier?: string; noPaper: boolean; paperId: string }, ctx: Ctx) {
  if (v.registrationTier && isStudentTier(v.registrationTier)) return;
  if (!v.noPaper && !v.paperId) ctx.addIssue({ code: 'custom', path: ['paperId'], message: messages.paperRequired });
}
function checkDietary(v: { dietaryRequirements: string[]; dietaryOtherText: string }, ctx: Ctx) {
  if (v.dietaryRequirements.includes('OTHER') && !v.dietaryOtherText) {
    ctx.addIssue({ code: 'custom', path: ['dietaryOtherText'], message: messages.dietaryOtherRequired });
  }
}

/** Schemas checked when leaving each wizard step (index 1-9; step 9 has no fields of its own). */
export const stepSchemas = {
  1: z.object(participantFields).check(z.superRefine(checkEmailsMatch)),
  2: z.object(tierFields),
  3: z.object({ ...ieeeFields, ieeeMemberNumber: ieeeFields.ieeeMemberNumber.check(z.minLength(1, messages.ieeeRequired)) }),
  4: z.object({ ...paperFields, registrationTier: z.string() }).check(z.superRefine(checkPaper)),
  5: z.object(receptionFields),
  6: z.object(galaFields),
  7: z.object(dietaryFields).check(z.superRefine(checkDietary)),
  8: z.object(billingFields),
  9: z.object({}),
} as const;

/** The whole form as create-order accepts it. Unknown keys are dropped. */
export const registrationFormSchema = z
  .object({
    ...participantFields,
    ...tierFields,
    ...ieeeFields,
    ...paperFields,
    ...receptionFields,
    ...galaFields,
    ...dietaryFields,
    ...billingFields,
  })
  .check(
    z.superRefine((v, ctx) => {
      checkEmailsMatch(v, ctx);
      checkIeeeNumber(v, ctx);
      checkPaper(v, ctx);
      checkDietary(v, ctx);
    }),
  );

export type RegistrationForm = z.infer<typeof registrationFormSchema>;

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
 * Wizard navigation (spec part 2 section 4): the IEEE step (3) is skipped for non-IEEE tiers
 * and the paper step (4) for student tiers, in both directions.
 */
export function isStepSkipped(step: number, tierId: string): boolean {
  if (step === 3) return !isIeeeTier(tierId);
  if (step === 4) return isStudentTier(tierId);
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
/** A restored step is clamped to 1-9 (spec part 2 section 4); anything not a number becomes 1. */
export function clampStep(step: unknown): number {
  const n = typeof step === 'number' && Number.isFinite(step) ? Math.trunc(step) : 1;
  return Math.min(TOTAL_STEPS, Math.max(1, n));
}
