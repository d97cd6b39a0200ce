import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_STORAGE_KEY,
  clearRegistration,
  restoreRegistration,
  resumableStep,
  sanitizeDraft,
  saveRegistration,
} from '../../src/lib/persisted-form';
import { emptyRegistrationForm, type RegistrationFormDraft } from '../../src/shared/registration-form';

/** An in-memory Storage, optionally failing on every call. */
class FakeStorage implements Storage {
  private items = new Map<string, string>();
  constructor(private readonly broken = false) {}
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    if (this.broken) throw new Error('SecurityError');
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    if (this.broken) throw new Error('SecurityError');
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.broken) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
}

const filled: RegistrationFormDraft = {
  ...emptyRegistrationForm,
  title: 'Dr',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.org',
  verifyEmail: 'asha@example.org',
  registrationTier: 'prof_ieee_indian_std',
  registrationFee: 12500,
  ieeeMemberNumber: '12345678',
  welcomeReception: 'yes',
  additionalReceptionTickets: 2,
  dietaryRequirements: ['VEGAN', 'OTHER'],
  dietaryOtherText: 'No nuts',
};

describe('persisted registration form', () => {
  it('round-trips the step and the data', () => {
    const storage = new FakeStorage();
    saveRegistration(storage, { step: 5, data: filled });
    expect(restoreRegistration(storage)).toEqual({ step: 5, data: filled });
  });

  it('uses the versioned key', () => {
    const storage = new FakeStorage();
    saveRegistration(storage, { step: 2, data: filled });
    expect(storage.getItem(REGISTRATION_STORAGE_KEY)).toContain('"step":2');
    expect(REGISTRATION_STORAGE_KEY).toBe('pesgre.registration.v1');
  });

  it('restores nothing when nothing is saved', () => {
    expect(restoreRegistration(new FakeStorage())).toBeNull();
    expect(restoreRegistration(undefined)).toBeNull();
  });

  it('restores nothing from corrupt JSON or a non-object', () => {
    const storage = new FakeStorage();
    for (const text of ['{not json', '42', '"text"', 'null', '[1,2]']) {
      storage.setItem(REGISTRATION_STORAGE_KEY, text);
      expect(restoreRegistration(storage)).toBeNull();
    }
  });

  it('clamps the restored step to 1-9', () => {
    const storage = new FakeStorage();
    const save = (step: unknown) => storage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ step, data: filled }));
    save(42);
    expect(restoreRegistration(storage)?.step).toBe(9);
    save(-3);
    expect(restoreRegistration(storage)?.step).toBe(1);
    save('7');
    expect(restoreRegistration(storage)?.step).toBe(1);
    save(5.7);
    expect(restoreRegistration(storage)?.step).toBe(5);
  });

  it('never resumes on a step the tier skips, nor past step 2 without a tier', () => {
    // Decision 011: the paper step applies to students too.
    expect(resumableStep(4, 'stud_ieee_indian_std')).toBe(4);
    expect(resumableStep(3, 'stud_non_indian_std')).toBe(2);
    expect(resumableStep(3, 'prof_non_indian_std')).toBe(2);
    expect(resumableStep(3, 'prof_ieee_indian_std')).toBe(3);
    expect(resumableStep(6, '')).toBe(1);
    expect(resumableStep(2, '')).toBe(2);
  });

  it('fills missing fields and drops values of the wrong type', () => {
    const draft = sanitizeDraft({
      firstName: 'Asha',
      lastName: 7,
      title: 'King',
      noPaper: 'yes',
      welcomeReception: 'maybe',
      additionalReceptionTickets: 99,
      additionalGalaDinnerTickets: -2,
      registrationCurrency: 'EUR',
      dietaryRequirements: ['VEGAN', 'PIZZA', 3],
      injected: '<script>',
    });
    expect(draft).toEqual({
      ...emptyRegistrationForm,
      firstName: 'Asha',
      additionalReceptionTickets: 3,
      additionalGalaDinnerTickets: 0,
      dietaryRequirements: ['VEGAN'],
    });
    expect(sanitizeDraft(null)).toEqual(emptyRegistrationForm);
  });

  it('clear deletes the saved data', () => {
    const storage = new FakeStorage();
    saveRegistration(storage, { step: 3, data: filled });
    clearRegistration(storage);
    expect(restoreRegistration(storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('survives a storage that throws', () => {
    const storage = new FakeStorage(true);
    expect(() => saveRegistration(storage, { step: 3, data: filled })).not.toThrow();
    expect(restoreRegistration(storage)).toBeNull();
    expect(() => clearRegistration(storage)).not.toThrow();
  });
});
