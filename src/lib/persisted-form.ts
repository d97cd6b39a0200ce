/**
 * Saves and restores the registration wizard's progress in localStorage
 * (docs/rules.md#the-registration-wizard: "The step and form data are saved in the browser's local storage
 * after each forward move and restored on load; the restored step is clamped to 1-9.
 * Clear Form deletes the saved data").
 * Every function takes the Storage to use, so tests pass an in-memory fake.
 */
import { DIETARY_OPTIONS, MAX_EXTRA_TICKETS, TITLES } from '../shared/form-options';
import {
  clampStep,
  emptyRegistrationForm,
  isStepSkipped,
  previousStep,
  type RegistrationFormDraft,
} from '../shared/registration-form';

/** The versioned key: a change to the saved shape gets a new key instead of a migration. */
export const REGISTRATION_STORAGE_KEY = 'pesgre.registration.v1';

export interface PersistedRegistration {
  step: number;
  data: RegistrationFormDraft;
}

/** Writes `{ step, data }`. Storage errors (quota, private mode) are swallowed: saving is a convenience. */
export function saveRegistration(storage: Storage | undefined, state: PersistedRegistration): void {
  try {
    storage?.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ step: state.step, data: state.data }));
  } catch {
    // The wizard still works without persistence.
  }
}

/**
 * Reads the saved progress: the step is clamped with clampStep and moved back off any step the
 * saved tier skips, and the data is merged onto emptyRegistrationForm keeping only values of the
 * right type. Returns null when nothing is saved or the saved text is not a JSON object.
 */
export function restoreRegistration(storage: Storage | undefined): PersistedRegistration | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(REGISTRATION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const data = sanitizeDraft(parsed.data);
  return { step: resumableStep(clampStep(parsed.step), data.registrationTier), data };
}

/** Deletes the saved progress (Clear Form, a finished payment, an expired Early Bird tier). */
export function clearRegistration(storage: Storage | undefined): void {
  try {
    storage?.removeItem(REGISTRATION_STORAGE_KEY);
  } catch {
    // Nothing saved that could be read back either.
  }
}

/**
 * The step to resume on: steps after 2 need a tier, so without one the wizard starts over;
 * a step the tier skips (docs/rules.md#the-registration-wizard) falls back to the step before it.
 */
export function resumableStep(step: number, tierId: string): number {
  let s = clampStep(step);
  if (s > 2 && !tierId) return 1;
  while (s > 1 && isStepSkipped(s, tierId)) s = previousStep(s, tierId);
  return s;
}

const yesNoValues = ['yes', 'no', ''] as const;

/**
 * Any value to a complete draft: each field of emptyRegistrationForm takes the stored value when
 * it has the right type and allowed value, else the empty default. Stored text is never trusted
 * further than that; the step schemas and the server validate it again.
 */
export function sanitizeDraft(value: unknown): RegistrationFormDraft {
  const draft: RegistrationFormDraft = { ...emptyRegistrationForm, dietaryRequirements: [] };
  if (!isRecord(value)) return draft;
  const d = draft as unknown as Record<string, unknown>;
  for (const [key, empty] of Object.entries(emptyRegistrationForm)) {
    const v = value[key];
    if (typeof empty === 'string' && typeof v === 'string') d[key] = v;
    else if (typeof empty === 'number' && typeof v === 'number' && Number.isFinite(v)) d[key] = v;
    else if (typeof empty === 'boolean' && typeof v === 'boolean') d[key] = v;
  }
  if (Array.isArray(value.dietaryRequirements)) {
    draft.dietaryRequirements = DIETARY_OPTIONS.filter((o) => (value.dietaryRequirements as unknown[]).includes(o));
  }
  if (!(TITLES as readonly string[]).includes(draft.title)) draft.title = '';
  if (!(yesNoValues as readonly string[]).includes(draft.welcomeReception)) draft.welcomeReception = '';
  if (!(yesNoValues as readonly string[]).includes(draft.galaDinner)) draft.galaDinner = '';
  if (draft.registrationCurrency !== 'INR' && draft.registrationCurrency !== 'USD') draft.registrationCurrency = 'INR';
  draft.additionalReceptionTickets = clampTickets(draft.additionalReceptionTickets);
  draft.additionalGalaDinnerTickets = clampTickets(draft.additionalGalaDinnerTickets);
  return draft;
}

function clampTickets(n: number): number {
  return Math.min(MAX_EXTRA_TICKETS, Math.max(0, Math.trunc(n)));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
