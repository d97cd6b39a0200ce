/** Step 2, 'Select Your Registration Tier' (docs/rules.md#the-registration-form-and-its-checks, #the-registration-wizard, #fees-arithmetic-and-timings). */
import { useFormContext, useWatch } from 'react-hook-form';
import { isStudentTier, type Tier } from '../../../../shared/pricing';
import type { RegistrationFormDraft } from '../../../../shared/registration-form';
import { formatWholeFee } from '../../format';
import { errorId, errorMessage, FieldError } from '../fields';

interface TierStepProps {
  tiers: Tier[];
  gst: number;
  /** Applies the side effects of choosing a tier (fee, currency, IEEE number, paper fields, coupon). */
  onTierChange: (tierId: string) => void;
}

/** What a student is told on choosing a student tier, and again on the summary. */
export const STUDENT_PROOF_NOTE =
  'Student registrations need a proof of student status. After paying, you upload it (PDF, JPEG or PNG) on the proof of student status page; your registration is confirmed, and your ticket e-mailed, once the organisers have approved it.';

/** One radio per tier on offer, labelled by the tier label, with its fee beside it; a note on the proof once a student tier is chosen. */
export function TierStep({ tiers, gst, onTierChange }: TierStepProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<RegistrationFormDraft>();
  const hasError = Boolean(errorMessage(errors, 'registrationTier'));
  const field = register('registrationTier', { onChange: (e: { target: { value: string } }) => onTierChange(e.target.value) });
  const chosen = useWatch<RegistrationFormDraft, 'registrationTier'>({ name: 'registrationTier' });
  return (
    <fieldset className="choice-group">
      <legend>Registration category</legend>
      <p className="field__hint">Fees are per delegate and exclude {gst}% GST and the payment convenience fee.</p>
      {tiers.length === 0 && <p className="notice notice--error">No registration tier is open at the moment.</p>}
      <ul className="tier-list">
        {tiers.map((tier) => {
          const id = `tier-${tier.id}`;
          return (
            <li key={tier.id} className="tier-option">
              <input
                type="radio"
                id={id}
                value={tier.id}
                aria-describedby={[`${id}-fee`, hasError ? errorId('registrationTier') : ''].filter(Boolean).join(' ')}
                aria-invalid={hasError || undefined}
                {...field}
              />
              <label htmlFor={id}>{tier.label}</label>
              <span id={`${id}-fee`} className="tier-option__fee">
                {formatWholeFee(tier.fee, tier.currency)}
              </span>
            </li>
          );
        })}
      </ul>
      <FieldError name="registrationTier" />
      {/* Said when a student tier is chosen, before anything is paid: the proof comes after the payment. */}
      <div role="status">
        {chosen && isStudentTier(chosen) ? (
          <p className="notice" data-testid="student-proof-note">
            {STUDENT_PROOF_NOTE}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
