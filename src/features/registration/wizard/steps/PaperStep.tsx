/**
 * Step 4, 'Paper Registration' (docs/rules.md#the-registration-wizard, #the-registration-form-and-its-checks). For student tiers it is optional
 *: a student registration may name its one paper but never covers it for IEEE Xplore.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import type { RegistrationFormDraft } from '../../../../shared/registration-form';
import { TextField } from '../fields';

/** Paper ID, or the 'I did not submit a paper' checkbox which clears and disables it. */
export function PaperStep({ student = false }: { student?: boolean }) {
  const { register, setValue, clearErrors } = useFormContext<RegistrationFormDraft>();
  const noPaper = useWatch<RegistrationFormDraft, 'noPaper'>({ name: 'noPaper' });
  return (
    <div className="form-grid">
      <TextField
        name="paperId"
        label="Paper ID"
        disabled={noPaper}
        hint={
          student
            ? 'Optional. A student registration may name its paper, but it does not cover the paper for IEEE Xplore: one author must register at the full fee.'
            : 'The ID of your accepted paper, as shown in the submission system.'
        }
      />
      <div className="check form-grid__full">
        <input
          type="checkbox"
          id="field-noPaper"
          {...register('noPaper', {
            onChange: (e: { target: { checked: boolean } }) => {
              if (e.target.checked) {
                setValue('paperId', '');
                clearErrors('paperId');
              }
            },
          })}
        />
        <label htmlFor="field-noPaper">I did not submit a paper</label>
      </div>
    </div>
  );
}
