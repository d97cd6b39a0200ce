/**
 * Steps 5 'Welcome Reception' and 6 'Gala Dinner' (docs/rules.md#the-registration-form-and-its-checks, #fees-arithmetic-and-timings): attendance
 * yes/no and, when attending, 0-3 additional tickets at the per-ticket price from GET /api/pricing.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import type { Currency } from '../../../../shared/money';
import { MAX_EXTRA_TICKETS } from '../../../../shared/form-options';
import type { RegistrationFormDraft } from '../../../../shared/registration-form';
import { formatWholeFee } from '../../format';
import { errorId, errorMessage, FieldError, SelectField } from '../fields';

const events = {
  reception: {
    attendance: 'welcomeReception',
    tickets: 'additionalReceptionTickets',
    legend: 'Will you attend the Welcome Reception?',
    ticketsLabel: 'Additional reception tickets',
  },
  gala: {
    attendance: 'galaDinner',
    tickets: 'additionalGalaDinnerTickets',
    legend: 'Will you attend the Gala Dinner?',
    ticketsLabel: 'Additional gala dinner tickets',
  },
} as const;

interface EventStepProps {
  event: keyof typeof events;
  /** Price of one additional ticket, whole units of `currency`. */
  ticketPrice: number;
  currency: Currency;
  /** Recomputes the extra-fee display fields after a change. */
  onChange: () => void;
}

/** Yes/No radios in a fieldset, then the additional-tickets select while the answer is Yes. */
export function EventStep({ event, ticketPrice, currency, onChange }: EventStepProps) {
  const { attendance, tickets, legend, ticketsLabel } = events[event];
  const {
    register,
    setValue,
    formState: { errors },
  } = useFormContext<RegistrationFormDraft>();
  const answer = useWatch<RegistrationFormDraft, typeof attendance>({ name: attendance });
  const hasError = Boolean(errorMessage(errors, attendance));
  const radio = register(attendance, {
    onChange: (e: { target: { value: string } }) => {
      // Tickets only count for delegates who attend (docs/rules.md#fees-arithmetic-and-timings), so a No resets them.
      if (e.target.value === 'no') setValue(tickets, 0);
      onChange();
    },
  });
  const described = { 'aria-describedby': hasError ? errorId(attendance) : undefined, 'aria-invalid': hasError || undefined };
  return (
    <div className="form-grid">
      <fieldset className="choice-group form-grid__full">
        <legend>{legend}</legend>
        <div className="choice-row">
          <div className="check">
            <input type="radio" id={`${attendance}-yes`} value="yes" {...described} {...radio} />
            <label htmlFor={`${attendance}-yes`}>Yes</label>
          </div>
          <div className="check">
            <input type="radio" id={`${attendance}-no`} value="no" {...described} {...radio} />
            <label htmlFor={`${attendance}-no`}>No</label>
          </div>
        </div>
        <FieldError name={attendance} />
      </fieldset>
      {answer === 'yes' && (
        <SelectField
          name={tickets}
          label={ticketsLabel}
          hint={`For companions: ${formatWholeFee(ticketPrice, currency)} per ticket, plus GST.`}
          options={{ setValueAs: (v: unknown) => Number(v), onChange }}
        >
          {Array.from({ length: MAX_EXTRA_TICKETS + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}
