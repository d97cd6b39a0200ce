/** Step 1, 'Participant Details' (docs/rules.md#the-registration-form-and-its-checks). */
import { Suspense } from 'react';
import { TITLES } from '../../../../shared/form-options';
import { FixedCountryField, SelectField, TextField } from '../fields';
import { CountrySelectField } from '../lazy-parts';
import { TextOptions } from '../../../../components/TextOptions';

/** Name, organisation, address and contact fields; Country is fixed to India unless `admin` or `international` (then a list; without India for `international`). */
export function ParticipantStep({ admin, international }: { admin: boolean; international: boolean }) {
  return (
    <div className="form-grid">
      <SelectField name="title" label="Title" required autoComplete="honorific-prefix" className="field--narrow">
        <TextOptions empty="Select" options={TITLES} />
      </SelectField>
      <div className="form-grid__break" />
      <TextField name="firstName" label="First Name" required autoComplete="given-name" />
      <TextField name="lastName" label="Last Name" required autoComplete="family-name" />
      <TextField name="organization" label="Organization" required autoComplete="organization" className="field--wide" />
      <TextField name="idNumber" label="ID/Passport Number" hint="Optional" />
      <TextField name="address" label="Address" required autoComplete="street-address" className="field--wide" />
      <TextField name="city" label="City" required autoComplete="address-level2" />
      <TextField name="state" label="State" hint="Optional" autoComplete="address-level1" />
      {admin || international ? (
        // The admin's list of every country comes with the wizard's late chunk (lazy-parts.tsx).
        <Suspense fallback={<p role="status">Loading countries...</p>}>
          <CountrySelectField name="country" label="Country" autoComplete="country-name" withSelect={international} abroad={international} />
        </Suspense>
      ) : (
        <FixedCountryField name="country" label="Country" />
      )}
      <TextField name="postcode" label="Postcode" required autoComplete="postal-code" />
      <TextField name="mobile" label="Mobile" type="tel" required autoComplete="tel" inputMode="tel" />
      <div className="form-grid__break" />
      <TextField name="email" label="Email" type="email" required autoComplete="email" />
      <TextField name="verifyEmail" label="Verify Email" type="email" required autoComplete="email" />
    </div>
  );
}
