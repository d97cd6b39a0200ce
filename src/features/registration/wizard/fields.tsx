/**
 * Labelled form controls bound to the wizard's react-hook-form instance. Each shows its
 * validation message (docs/rules.md#the-registration-form-and-its-checks) in an element with role="alert" that the control
 * points to with aria-describedby, and marks itself aria-invalid while the message shows.
 * Label texts are exactly the given `label`: end-to-end tests find controls by them.
 */
import type { ReactNode } from 'react';
import { useFormContext, type FieldErrors, type RegisterOptions } from 'react-hook-form';
import type { RegistrationFormDraft } from '../../../shared/registration-form';

export type FieldName = keyof RegistrationFormDraft & string;

/** The DOM id of a field's control, so other elements can refer to it. */
export const fieldId = (name: string) => `field-${name}`;
/** The DOM id of a field's error message. */
export const errorId = (name: string) => `${fieldId(name)}-error`;
const hintId = (name: string) => `${fieldId(name)}-hint`;

/** The message of `name`'s current error, if any. */
export function errorMessage(errors: FieldErrors<RegistrationFormDraft>, name: FieldName): string | undefined {
  const message = (errors[name] as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * A field's error message element; renders nothing without an error. With `label`, the alert
 * names its field for screen readers ("First Name: This field is required."), since step 1 can
 * raise ten identical messages at once; the visible text stays the form's message.
 */
export function FieldError({ name, label }: { name: FieldName; label?: string }) {
  const {
    formState: { errors },
  } = useFormContext<RegistrationFormDraft>();
  const message = errorMessage(errors, name);
  if (!message) return null;
  return (
    <p id={errorId(name)} className="field__error" role="alert">
      {label && <span className="visually-hidden">{label}: </span>}
      {message}
    </p>
  );
}

/** aria-describedby / aria-invalid for a control given its error and optional hint. */
function describe(name: FieldName, hasError: boolean, hint?: ReactNode) {
  const ids = [hint ? hintId(name) : '', hasError ? errorId(name) : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': hasError ? true : undefined };
}

interface BaseProps {
  name: FieldName;
  label: string;
  /** Shown under the control and linked with aria-describedby (e.g. 'Optional'). */
  hint?: ReactNode;
  required?: boolean;
  options?: RegisterOptions<RegistrationFormDraft, FieldName>;
  className?: string;
}

interface TextFieldProps extends BaseProps {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  disabled?: boolean;
  maxLength?: number;
}

/** Label, optional hint and error message around one control (shared by TextField and SelectField). */
function FieldShell({ name, label, hint, className, children }: Pick<BaseProps, 'name' | 'label' | 'hint' | 'className'> & { children: ReactNode }) {
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={fieldId(name)}>{label}</label>
      {children}
      {/* Under the control, not above it: a hint must not push its input below the one beside it in a two-column row. */}
      {hint && (
        <p id={hintId(name)} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError name={name} label={label} />
    </div>
  );
}

/** The id, ARIA attributes and react-hook-form registration of a field's control (its input or select). */
function useControl({ name, required, hint, options }: Pick<BaseProps, 'name' | 'required' | 'hint' | 'options'>) {
  const {
    register,
    formState: { errors },
  } = useFormContext<RegistrationFormDraft>();
  const hasError = Boolean(errorMessage(errors, name));
  return { id: fieldId(name), 'aria-required': required || undefined, ...describe(name, hasError, hint), ...register(name, options) };
}

/** A labelled text input. */
export function TextField({ name, label, hint, required, options, className, type = 'text', ...input }: TextFieldProps) {
  const control = useControl({ name, required, hint, options });
  return (
    <FieldShell name={name} label={label} hint={hint} className={className}>
      <input type={type} {...input} {...control} />
    </FieldShell>
  );
}

interface SelectFieldProps extends BaseProps {
  children: ReactNode;
  autoComplete?: string;
}

/** A labelled select; `children` are its <option>s. */
export function SelectField({ name, label, hint, required, options, className, children, autoComplete }: SelectFieldProps) {
  const control = useControl({ name, required, hint, options });
  return (
    <FieldShell name={name} label={label} hint={hint} className={className}>
      <select autoComplete={autoComplete} {...control}>
        {children}
      </select>
    </FieldShell>
  );
}

/**
 * Country for a delegate in the Indian flow: fixed to India (docs/rules.md#the-registration-form-and-its-checks), shown as a
 * disabled select so it is still labelled and announced. The form value is set by the wizard.
 */
export function FixedCountryField({ name, label }: { name: FieldName; label: string }) {
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      <p id={hintId(name)} className="field__hint">
        Fixed to India for registrations with an Indian affiliation.
      </p>
      <select id={fieldId(name)} value="India" disabled aria-describedby={hintId(name)}>
        <option value="India">India</option>
      </select>
    </div>
  );
}
