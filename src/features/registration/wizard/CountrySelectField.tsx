/**
 * The country select a verified admin gets instead of the fixed 'India' (spec part 2 section 6),
 * listing COUNTRIES by name (section 3). Lives in the wizard's late chunk (late-steps.ts): most
 * delegates never see it, so its 200 names are not part of the page's first load (issue 10).
 */
import { COUNTRIES } from './countries';
import { SelectField, type FieldName } from './fields';

interface CountrySelectFieldProps {
  name: FieldName;
  label: string;
  autoComplete: string;
  /** Adds a first 'Select' option with the empty value. */
  withSelect?: boolean;
}

/** A labelled, required select of every country. */
export function CountrySelectField({ name, label, autoComplete, withSelect }: CountrySelectFieldProps) {
  return (
    <SelectField name={name} label={label} required autoComplete={autoComplete}>
      {withSelect && <option value="">Select</option>}
      {COUNTRIES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
}
