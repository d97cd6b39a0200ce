/** Step 7, 'Dietary Requirements' (docs/rules.md#the-registration-form-and-its-checks). */
import { useFormContext, useWatch } from 'react-hook-form';
import { DIETARY_OPTIONS } from '../../../../shared/form-options';
import type { RegistrationFormDraft } from '../../../../shared/registration-form';
import { errorId, errorMessage, FieldError, TextField } from '../fields';

/** Human labels for the stored option values. */
export const dietaryLabels: Record<(typeof DIETARY_OPTIONS)[number], string> = {
  NONE: 'None',
  'LACTOSE FREE': 'Lactose free',
  'GLUTEN FREE': 'Gluten free',
  VEGETARIAN: 'Vegetarian',
  VEGAN: 'Vegan',
  OTHER: 'Other',
};

/** One checkbox per option; 'Other' reveals a text field that is then required. */
export function DietaryStep() {
  const {
    register,
    setValue,
    formState: { errors },
  } = useFormContext<RegistrationFormDraft>();
  const chosen = useWatch<RegistrationFormDraft, 'dietaryRequirements'>({ name: 'dietaryRequirements' });
  const hasOther = Array.isArray(chosen) && chosen.includes('OTHER');
  const hasError = Boolean(errorMessage(errors, 'dietaryRequirements'));
  const checkbox = register('dietaryRequirements', {
    onChange: (e: { target: { value: string; checked: boolean } }) => {
      // The text belongs to OTHER only; keeping it after OTHER is unticked would store a stale requirement.
      if (e.target.value === 'OTHER' && !e.target.checked) setValue('dietaryOtherText', '');
    },
  });
  return (
    <div className="form-grid">
      <fieldset className="choice-group form-grid__full">
        <legend>Select all that apply</legend>
        <div className="choice-columns">
          {DIETARY_OPTIONS.map((option) => {
            const id = `dietary-${option.replace(/\s+/g, '-').toLowerCase()}`;
            return (
              <div className="check" key={option}>
                <input
                  type="checkbox"
                  id={id}
                  value={option}
                  aria-describedby={hasError ? errorId('dietaryRequirements') : undefined}
                  aria-invalid={hasError || undefined}
                  {...checkbox}
                />
                <label htmlFor={id}>{dietaryLabels[option]}</label>
              </div>
            );
          })}
        </div>
        <FieldError name="dietaryRequirements" />
      </fieldset>
      {hasOther && <TextField name="dietaryOtherText" label="Please specify your dietary requirement" required className="field--wide" />}
    </div>
  );
}
