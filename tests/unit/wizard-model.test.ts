import { describe, expect, it } from 'vitest';
import {
  EARLY_BIRD_CLEARED_NOTICE,
  earlyBirdExpired,
  extraFees,
  isPricing,
  offeredTiers,
  startState,
} from '../../src/features/registration/wizard/model';
import { pricing } from '../../src/shared/pricing';
import { beforeEarlyBird, standardPeriod } from '../setup/edition-clock';
import { emptyRegistrationForm, type RegistrationFormDraft } from '../../src/shared/registration-form';

// From the edition's dates (tests/setup/edition-clock.ts): 2025-10-15 and 2025-11-10 for 2025.
const duringEarlyBird = new Date(beforeEarlyBird('17:30:00'));
const afterEarlyBird = new Date(standardPeriod('17:30:00'));
const draft = (over: Partial<RegistrationFormDraft>): RegistrationFormDraft => ({ ...emptyRegistrationForm, dietaryRequirements: [], ...over });

describe('isPricing', () => {
  it('accepts the shared pricing object and its JSON round trip', () => {
    expect(isPricing(pricing)).toBe(true);
    expect(isPricing(JSON.parse(JSON.stringify(pricing)))).toBe(true);
  });
  it('rejects malformed answers', () => {
    expect(isPricing(null)).toBe(false);
    expect(isPricing({ ...pricing, gst: '18' })).toBe(false);
    expect(isPricing({ ...pricing, registrationTiers: [{ id: 'x' }] })).toBe(false);
    expect(isPricing({ ...pricing, galaDinner: { INR: 1 } })).toBe(false);
  });
});

describe('offeredTiers', () => {
  it('offers the Indian tiers of the current period, plus Foreign ones for an admin', () => {
    expect(offeredTiers(pricing, duringEarlyBird, false).map((t) => t.id)).toEqual([
      'prof_ieee_indian_early',
      'prof_non_indian_early',
      'stud_ieee_indian_early',
      'stud_non_indian_early',
    ]);
    const admin = offeredTiers(pricing, afterEarlyBird, true);
    expect(admin).toHaveLength(8);
    expect(admin.every((t) => t.type === 'Standard')).toBe(true);
    expect(admin.filter((t) => t.currency === 'USD')).toHaveLength(4);
  });
});

describe('earlyBirdExpired', () => {
  it('is true only for an Early Bird tier after the Early Bird day', () => {
    expect(earlyBirdExpired(pricing, 'prof_ieee_indian_early', afterEarlyBird)).toBe(true);
    expect(earlyBirdExpired(pricing, 'prof_ieee_indian_early', duringEarlyBird)).toBe(false);
    expect(earlyBirdExpired(pricing, 'prof_ieee_indian_std', afterEarlyBird)).toBe(false);
    expect(earlyBirdExpired(pricing, '', afterEarlyBird)).toBe(false);
  });
});

describe('extraFees', () => {
  it('prices attended events only, in the tier currency, in whole units', () => {
    const values = draft({
      registrationTier: 'prof_non_indian_std',
      welcomeReception: 'yes',
      additionalReceptionTickets: 2,
      galaDinner: 'no',
      additionalGalaDinnerTickets: 3,
    });
    expect(extraFees(pricing, values)).toEqual({ welcomeReceptionExtraFee: 2 * pricing.welcomeReception.INR, galaDinnerExtraFee: 0 });
    expect(extraFees(pricing, draft({}))).toEqual({ welcomeReceptionExtraFee: 0, galaDinnerExtraFee: 0 });
  });
});

describe('startState', () => {
  it('starts empty on step 1 without saved data', () => {
    expect(startState(null, pricing, false, afterEarlyBird)).toMatchObject({ step: 1, notice: null, clearSaved: false });
  });

  it('clears a saved Early Bird form once Early Bird has closed', () => {
    const saved = { step: 6, data: draft({ firstName: 'Asha', registrationTier: 'prof_ieee_indian_early' }) };
    const s = startState(saved, pricing, false, afterEarlyBird);
    expect(s).toMatchObject({ step: 1, notice: EARLY_BIRD_CLEARED_NOTICE, clearSaved: true });
    expect(s.data.firstName).toBe('');
  });

  it('resumes a valid saved form and pins countries to India without admin rights', () => {
    const saved = { step: 6, data: draft({ firstName: 'Asha', country: 'Nepal', registrationTier: 'prof_non_indian_std' }) };
    const s = startState(saved, pricing, false, afterEarlyBird);
    expect(s).toMatchObject({ step: 6, clearSaved: false });
    expect(s.data).toMatchObject({ firstName: 'Asha', country: 'India', billingCountry: 'India' });
    expect(startState(saved, pricing, true, afterEarlyBird).data.country).toBe('Nepal');
  });

  it('drops a Foreign tier without admin rights and an unknown tier, resuming at the tier step', () => {
    for (const registrationTier of ['prof_non_foreign_std', 'gold_plan']) {
      const s = startState({ step: 8, data: draft({ registrationTier, registrationCurrency: 'USD' }) }, pricing, false, afterEarlyBird);
      expect(s.step).toBe(2);
      expect(s.data).toMatchObject({ registrationTier: '', registrationCurrency: 'INR', registrationFee: 0 });
    }
  });
});
