/**
 * The wizard's validation: one react-hook-form resolver per step over the shared step schemas
 * (stepSchemas in src/shared/registration-schema.ts, the rules and messages the server also
 * runs). WizardForm imports this module dynamically (src/lib/lazy-resolver.ts), so zod and
 * @hookform/resolvers load when the form is first touched, not with the page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { RegistrationFormDraft } from '../../../shared/registration-form';
import { stepSchemas } from '../../../shared/registration-schema';

/**
 * Step number (1-9) to its resolver. `raw: true` hands react-hook-form the values as typed rather
 * than the step schema's parsed output, which would hold only that step's fields.
 */
export const stepResolvers = Object.fromEntries(
  Object.entries(stepSchemas).map(([step, schema]) => [
    step,
    zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<RegistrationFormDraft>,
  ]),
) as Record<number, Resolver<RegistrationFormDraft>>;
