/** A valid registration form for tests (pure: no I/O). */
import type { RegistrationForm } from '../../src/shared/registration-form';

/** A complete, valid form for a Standard Indian non-member professional (no IEEE check, no extras). */
export function validForm(overrides: Partial<RegistrationForm> = {}): RegistrationForm {
  return {
    title: 'Dr',
    firstName: 'Asha',
    lastName: 'Kulkarni',
    organization: 'Karnataka Power Research Lab',
    idNumber: '',
    address: '12 Station Road',
    city: 'Dharwad',
    state: 'Karnataka',
    country: 'India',
    postcode: '580001',
    mobile: '+91 98450 00000',
    email: 'asha@example.org',
    verifyEmail: 'asha@example.org',
    registrationTier: 'prof_non_indian_std',
    registrationFee: 15000,
    registrationCurrency: 'INR',
    ieeeMemberNumber: '',
    noPaper: false,
    paperId: 'PESGRE-123',
    welcomeReception: 'no',
    additionalReceptionTickets: 0,
    welcomeReceptionExtraFee: 0,
    galaDinner: 'no',
    additionalGalaDinnerTickets: 0,
    galaDinnerExtraFee: 0,
    dietaryRequirements: ['VEGETARIAN'],
    dietaryOtherText: '',
    billingOrganization: 'Karnataka Power Research Lab',
    billingTaxNumber: '',
    billingAddress: '12 Station Road',
    billingCity: 'Dharwad',
    billingState: 'Karnataka',
    billingCountry: 'India',
    billingPostcode: '580001',
    billingEmail: 'accounts@example.org',
    ...overrides,
  };
}

