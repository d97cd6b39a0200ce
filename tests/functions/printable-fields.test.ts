/**
 * Fields a signed document prints refuse control characters, line breaks and bidi overrides
 * (src/shared/printable-text.ts; docs/decisions/033-documents-fit-the-printable-area.md): a
 * carriage return in the passport name drew it over the fields below on the visa letter. Each
 * endpoint that takes such a field answers 400 with the field's message and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import createOrder from '../../netlify/functions/payment-create-order';
import nameChange from '../../netlify/functions/name-change-update';
import nameTransfer from '../../netlify/functions/name-transfer-create-order';
import visaRequest from '../../netlify/functions/visa-letters-request';
import { PRINTABLE_TEXT_MESSAGE } from '../../src/shared/printable-text';
import { STANDARD_DAY, call, keysMatching, pinClock, totalFor, validForm } from './helpers';
import { seedRegistration } from './helpers-admin';

/** Every key this file's prefix holds, to show a refused request wrote nothing. */
const allKeys = async () => (await keysMatching('*')).sort();

describe('control characters in printed fields', () => {
  it.each([
    ['a carriage return in the first name', { firstName: 'Asha\rRao' }, 'data.firstName'],
    ['a line feed in the organisation', { organization: 'IIT\nDharwad' }, 'data.organization'],
    ['a tab in the billing address', { billingAddress: '12 Station Road\tDharwad' }, 'data.billingAddress'],
    ['a C1 next-line in the billing organisation', { billingOrganization: 'Karnataka\u0085Lab' }, 'data.billingOrganization'],
    ['a line separator in the city', { city: 'Dharwad\u2028Hubballi' }, 'data.city'],
    ['a right-to-left override in the last name', { lastName: 'Rao\u202Eoa' }, 'data.lastName'],
  ])('create-order refuses %s: 400 with the field message, nothing written', async (_what, override, field) => {
    pinClock(STANDARD_DAY);
    const before = await allKeys();
    const data = validForm(override);
    const r = await call(createOrder, { body: { amount: totalFor(data), data, code: null } });
    expect(r.status, r.text).toBe(400);
    expect(r.body.error.fieldErrors).toEqual({ [field]: PRINTABLE_TEXT_MESSAGE });
    expect(await allKeys()).toEqual(before);
  });

  it('the visa-letter request refuses a carriage return in the passport name and a line feed in the paper title, storing no letter', async () => {
    pinClock(STANDARD_DAY);
    const reg = await seedRegistration({ country: 'Germany', billingCountry: 'Germany', registrationTier: 'prof_non_foreign_std', registrationCurrency: 'USD' });
    const body = { regId: reg.registrationNumber, email: reg.email, passportName: 'LENA HOFFMANN', nationality: 'Germany', passportNumber: 'C01234567', passportIssueDate: '2020-03-01', passportExpiryDate: '2030-02-28', dateOfBirth: '1988-07-14' };
    const before = await allKeys();
    const name = await call(visaRequest, { body: { ...body, passportName: 'LENA\rHOFFMANN' } });
    expect(name.status, name.text).toBe(400);
    expect(name.body.error.fieldErrors).toEqual({ passportName: PRINTABLE_TEXT_MESSAGE });
    const title = await call(visaRequest, { body: { ...body, paperTitle: 'Grid-Forming\nInverters' } });
    expect(title.status).toBe(400);
    expect(title.body.error.fieldErrors).toEqual({ paperTitle: PRINTABLE_TEXT_MESSAGE });
    expect(await allKeys()).toEqual(before);
    // The same request without them is taken.
    expect((await call(visaRequest, { body })).status).toBe(200);
  });

  it('the name change and the name transfer refuse them too, changing nothing', async () => {
    pinClock(STANDARD_DAY);
    const reg = await seedRegistration();
    const before = await allKeys();
    const change = await call(nameChange, { body: { regId: reg.registrationNumber, email: reg.email, title: 'Dr', firstName: 'Asha\u2066', lastName: 'Rao' } });
    expect(change.status).toBe(400);
    expect(change.body.error.fieldErrors).toEqual({ firstName: 'Names may not contain control characters.' });
    const transfer = await call(nameTransfer, { body: { regId: reg.registrationNumber, email: reg.email, to: { title: 'Dr', firstName: 'Neha', lastName: 'Joshi', email: 'neha@example.org', organization: 'IIT\rDharwad', mobile: '+91 98450 00002' } } });
    expect(transfer.status).toBe(400);
    expect(transfer.body.error.fieldErrors).toEqual({ 'to.organization': PRINTABLE_TEXT_MESSAGE });
    expect(await allKeys()).toEqual(before);
  });
});
