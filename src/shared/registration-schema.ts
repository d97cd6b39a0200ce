/**
 * The registration form (docs/rules.md#the-registration-form-and-its-checks) and its validation rules with the exact
 * messages (src/shared/messages.ts). One field set, composed three ways:
 *   - stepSchemas[n]: what the wizard checks before leaving step n;
 *   - registrationFormSchema: the whole form as the server accepts it in create-order,
 *     including the cross-step rules (IEEE number for IEEE tiers, paper rules by tier).
 * Written with zod/mini (the tree-shakable functional API) so the browser ships only the checks used
 * (docs/performance.md#budgets); the server runs the very same schemas. The browser imports this module
 * only dynamically, when a form first validates (src/lib/lazy-resolver.ts).
 */
import * as z from 'zod/mini';
import { isIeeeTier, isStudentTier } from './pricing';
import { messages } from './messages';
import { printable } from './printable-text';
import { DIETARY_OPTIONS, MAX_EXTRA_TICKETS, TITLES } from './form-options';

// Every text field may end up on a signed document (invoice, badge, certificate): no control
// character, line break or bidi override (src/shared/printable-text.ts).
const required = (max = 200) =>
  z.string({ error: messages.required }).check(z.trim(), z.minLength(1, messages.required), z.maxLength(max, messages.tooLong), printable());
const optional = (max = 200) => z.string({ error: 'Must be text.' }).check(z.trim(), z.maxLength(max, messages.tooLong), printable());
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
  verifyEmail: z.string({ error: messages.required }).check(z.trim(), z.minLength(1, messages.required), z.maxLength(254, messages.tooLong), printable()),
};

export const tierFields = {
  registrationTier: z.string({ error: messages.tierRequired }).check(z.minLength(1, messages.tierRequired), z.maxLength(64, messages.tierRequired)),
  registrationFee: displayAmount(),
  registrationCurrency: z.enum(['INR', 'USD'], { error: 'Currency must be INR or USD.' }),
};

export const ieeeFields = {
  ieeeMemberNumber: z.string({ error: messages.ieeeRequired }).check(z.trim(), z.maxLength(20, messages.tooLong), printable()),
};

export const paperFields = {
  noPaper: z.boolean({ error: 'Must be true or false.' }),
  paperId: z.string({ error: 'Must be text.' }).check(z.trim(), z.maxLength(50, messages.tooLong), printable()),
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
  dietaryOtherText: z.string({ error: 'Must be text.' }).check(z.trim(), z.maxLength(200, messages.tooLong), printable()),
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
