/** Step 8, 'Billing Information' (docs/rules.md#the-registration-form-and-its-checks). */
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { RegistrationFormDraft } from '../../../../shared/registration-form';
import { CountrySelectField } from '../CountrySelectField';
import { errorMessage, FixedCountryField, TextField, type FieldName } from '../fields';

/** Billing field <- participant field copied by 'Same as participant details'. */
const copied: [FieldName, FieldName][] = [
  ['billingOrganization', 'organization'],
  ['billingAddress', 'address'],
  ['billingCity', 'city'],
  ['billingState', 'state'],
  ['billingPostcode', 'postcode'],
  ['billingEmail', 'email'],
];

/** The billing fields, with a checkbox that fills them from step 1. Billing Country is fixed to India unless `admin` or `international` (then a list; without India for `international`). */
export function BillingStep({ admin, international }: { admin: boolean; international: boolean }) {
  const {
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<RegistrationFormDraft>();
  const [same, setSame] = useState(false);
  const copy = (checked: boolean) => {
    setSame(checked);
    if (!checked) return;
    const pairs: [FieldName, FieldName][] = admin || international ? [...copied, ['billingCountry', 'country']] : copied;
    for (const [to, from] of pairs) {
      // Revalidate only fields already showing an error, so a copied value clears it.
      setValue(to, getValues(from), { shouldDirty: true, shouldValidate: Boolean(errorMessage(errors, to)) });
    }
  };
  return (
    <div className="form-grid">
      <div className="check form-grid__full">
        <input type="checkbox" id="billing-same" checked={same} onChange={(e) => copy(e.target.checked)} />
        <label htmlFor="billing-same">Same as participant details</label>
      </div>
      <TextField name="billingOrganization" label="Billing Organization" required autoComplete="organization" className="field--wide" />
      <TextField name="billingTaxNumber" label="Billing Tax Number" hint={international ? 'Optional, e.g. your organisation\'s VAT number.' : "Optional, e.g. your organisation's GSTIN."} />
      <TextField name="billingAddress" label="Billing Address" required autoComplete="billing street-address" className="field--wide" />
      <TextField name="billingCity" label="Billing City" required autoComplete="billing address-level2" />
      <TextField name="billingState" label="Billing State" hint="Optional" autoComplete="billing address-level1" />
      {admin || international ? (
        <CountrySelectField name="billingCountry" label="Billing Country" autoComplete="billing country-name" withSelect abroad={international} />
      ) : (
        <FixedCountryField name="billingCountry" label="Billing Country" />
      )}
      <TextField name="billingPostcode" label="Billing Postcode" required autoComplete="billing postal-code" />
      <TextField name="billingEmail" label="Billing Email" type="email" required autoComplete="email" />
    </div>
  );
}
