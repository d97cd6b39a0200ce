/**
 * The country select a verified admin (docs/rules.md#the-admin-area) or an international delegate
 * gets instead of the fixed 'India',
 * listing COUNTRIES by name (docs/rules.md#the-registration-form-and-its-checks). Lives in the wizard's late chunk (late-steps.ts): most
 * delegates never see it, so its 200 names are not part of the page's first load.
 */
import { COUNTRIES } from '../../../shared/countries';
import { SelectField, type FieldName } from './fields';

interface CountrySelectFieldProps {
  name: FieldName;
  label: string;
  autoComplete: string;
  /** Adds a first 'Select' option with the empty value. */
  withSelect?: boolean;
  /** Leaves India out (the international route: Indian delegates take the Indian route). */
  abroad?: boolean;
}

/** A labelled, required select of every country. */
export function CountrySelectField({ name, label, autoComplete, withSelect, abroad }: CountrySelectFieldProps) {
  return (
    <SelectField name={name} label={label} required autoComplete={autoComplete}>
      {withSelect && <option value="">Select</option>}
      {(abroad ? COUNTRIES.filter((c) => c !== 'India') : COUNTRIES).map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
}
