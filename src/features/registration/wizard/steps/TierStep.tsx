/** Step 2, 'Select Your Registration Tier' (spec part 2 sections 3, 4 and 9). */
import { useFormContext } from 'react-hook-form';
import type { Tier } from '../../../../shared/pricing';
import type { RegistrationFormDraft } from '../../../../shared/registration-form';
import { formatWholeFee } from '../../format';
import { errorId, errorMessage, FieldError } from '../fields';

interface TierStepProps {
  tiers: Tier[];
  gst: number;
  /** Applies the side effects of choosing a tier (fee, currency, IEEE number, paper fields, coupon). */
  onTierChange: (tierId: string) => void;
}

/** One radio per tier on offer, labelled by the tier label, with its fee beside it. */
export function TierStep({ tiers, gst, onTierChange }: TierStepProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<RegistrationFormDraft>();
  const hasError = Boolean(errorMessage(errors, 'registrationTier'));
  const field = register('registrationTier', { onChange: (e: { target: { value: string } }) => onTierChange(e.target.value) });
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
    </fieldset>
  );
}
