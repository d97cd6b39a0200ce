/** The form schemas carry the exact messages of docs/rules.md#the-registration-form-and-its-checks; step navigation follows docs/rules.md#the-registration-wizard. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { clampStep, nextStep, previousStep } from '../../src/shared/registration-form';
import { registrationFormSchema, stepSchemas } from '../../src/shared/registration-schema';
import { createOrderRequest, verifyPaymentRequest } from '../../src/shared/api';
import { validForm } from '../functions/helpers-form';

function errorsOf(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, value: unknown) {
  const r = schema.safeParse(value);
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('step messages (docs/rules.md#the-registration-form-and-its-checks)', () => {
  it('step 1: required fields and matching e-mails', () => {
    const e = errorsOf(stepSchemas[1], { ...validForm(), firstName: '', city: '   ', verifyEmail: 'someone@else.org' });
    expect(e.firstName).toBe('This field is required.');
    expect(e.city).toBe('This field is required.');
    const m = errorsOf(stepSchemas[1], { ...validForm(), verifyEmail: 'someone@else.org' });
    expect(m.verifyEmail).toBe('Emails do not match.');
    expect(errorsOf(stepSchemas[1], { ...validForm(), verifyEmail: 'ASHA@example.org' })).toEqual({});
    expect(errorsOf(stepSchemas[1], { ...validForm(), title: '' }).title).toBe('This field is required.');
    expect(errorsOf(stepSchemas[1], { ...validForm(), idNumber: '', state: '' })).toEqual({});
  });
  it('steps 2-8', () => {
    expect(errorsOf(stepSchemas[2], { ...validForm(), registrationTier: '' }).registrationTier).toBe(messages.tierRequired);
    expect(messages.tierRequired).toBe('Please select a registration category.');
    expect(errorsOf(stepSchemas[3], { ieeeMemberNumber: '' }).ieeeMemberNumber).toBe('IEEE Member Number is required.');
    expect(errorsOf(stepSchemas[4], { registrationTier: 'prof_non_indian_std', noPaper: false, paperId: '' }).paperId).toBe('Paper ID is required unless you did not submit a paper.');
    expect(errorsOf(stepSchemas[4], { registrationTier: 'prof_non_indian_std', noPaper: true, paperId: '' })).toEqual({});
    expect(errorsOf(stepSchemas[5], { welcomeReception: '', additionalReceptionTickets: 0 }).welcomeReception).toBe('Please select whether you will attend the Welcome Reception.');
    expect(errorsOf(stepSchemas[6], { galaDinner: undefined, additionalGalaDinnerTickets: 0 }).galaDinner).toBe('Please select whether you will attend the Gala Dinner.');
    expect(errorsOf(stepSchemas[7], { dietaryRequirements: [], dietaryOtherText: '' }).dietaryRequirements).toBe('Please select at least one option.');
    expect(errorsOf(stepSchemas[7], { dietaryRequirements: ['OTHER'], dietaryOtherText: ' ' }).dietaryOtherText).toBe('Please specify your dietary requirement.');
    const billing = errorsOf(stepSchemas[8], { ...validForm(), billingCountry: '', billingEmail: '' });
    expect(billing.billingCountry).toBe('Billing country is required.');
    expect(billing.billingEmail).toBe('This field is required.');
  });
  it('extra tickets are whole numbers from 0 to 3', () => {
    for (const bad of [4, -1, 1.5, '2']) expect(errorsOf(stepSchemas[5], { welcomeReception: 'yes', additionalReceptionTickets: bad }).additionalReceptionTickets).toBeTruthy();
    expect(errorsOf(stepSchemas[5], { welcomeReception: 'yes', additionalReceptionTickets: 3 })).toEqual({});
  });
});

describe('whole form', () => {
  it('accepts a valid form and drops unknown keys', () => {
    const r = registrationFormSchema.safeParse({ ...validForm(), isAdmin: true });
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty('isAdmin');
  });
  it('needs the IEEE number only on IEEE tiers and a paper only on professional tiers', () => {
    expect(errorsOf(registrationFormSchema, { ...validForm(), registrationTier: 'prof_ieee_indian_std' }).ieeeMemberNumber).toBe('IEEE Member Number is required.');
    expect(errorsOf(registrationFormSchema, { ...validForm(), registrationTier: 'stud_non_indian_std', paperId: '' })).toEqual({});
  });
  it('rejects an unknown dietary option and over-long text', () => {
    expect(errorsOf(registrationFormSchema, { ...validForm(), dietaryRequirements: ['PIZZA'] })['dietaryRequirements.0']).toBeTruthy();
    expect(errorsOf(registrationFormSchema, { ...validForm(), firstName: 'x'.repeat(101) }).firstName).toBe('This value is too long.');
  });
});

describe('API request schemas', () => {
  it('upper-cases coupon codes and allows null', () => {
    expect(createOrderRequest.parse({ amount: 1, data: validForm(), code: 'half50' }).code).toBe('HALF50');
    expect(createOrderRequest.parse({ amount: 1, data: validForm(), code: null }).code).toBeNull();
  });
  it('checks the razorpay_* field formats', () => {
    const ok = { razorpay_order_id: 'order_ABCdef123456', razorpay_payment_id: 'pay_ABCdef123456', razorpay_signature: 'a'.repeat(64) };
    expect(verifyPaymentRequest.safeParse(ok).success).toBe(true);
    expect(verifyPaymentRequest.safeParse({ ...ok, razorpay_signature: 'A'.repeat(64) }).success).toBe(false);
    expect(verifyPaymentRequest.safeParse({ ...ok, razorpay_order_id: 'pay_ABCdef123456' }).success).toBe(false);
  });
});

describe('wizard navigation (docs/rules.md#the-registration-wizard)', () => {
  // Decision 011: students see the paper step too (optional for them).
  it('skips the IEEE step for non-member tiers, both ways, and shows the paper step to every tier', () => {
    expect(nextStep(2, 'prof_non_indian_std')).toBe(4);
    expect(previousStep(4, 'prof_non_indian_std')).toBe(2);
    expect(nextStep(2, 'prof_ieee_indian_std')).toBe(3);
    expect(nextStep(3, 'prof_ieee_indian_std')).toBe(4);
    expect(nextStep(2, 'stud_non_indian_std')).toBe(4);
    expect(previousStep(4, 'stud_non_indian_std')).toBe(2);
    expect(nextStep(3, 'stud_ieee_indian_std')).toBe(4);
    expect(previousStep(5, 'stud_ieee_indian_std')).toBe(4);
    expect(nextStep(9, 'x')).toBe(9);
    expect(previousStep(1, 'x')).toBe(1);
  });
  it('clamps a restored step to 1-9', () => {
    expect(clampStep(0)).toBe(1);
    expect(clampStep(12)).toBe(9);
    expect(clampStep(4.7)).toBe(4);
    expect(clampStep('5')).toBe(1);
    expect(clampStep(Number.NaN)).toBe(1);
  });
});
