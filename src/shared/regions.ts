/**
 * Which tier set a delegate registers in (issue 24): decided by the delegate's country, never by
 * the currency or the tier the browser sends, nor by the edge's country hint. One rule for the
 * wizard (what it lists) and create-order (what it accepts).
 */
import { registrationFees } from '../content/registration';
import { COUNTRIES } from './countries';
import type { Region, Tier } from './pricing';

/** The wizard's two routes: Indian delegates (INR tiers) and international delegates (USD tiers). */
export type RegistrationRoute = 'indian' | 'international';

/** 'Indian' for a delegate whose country is India, 'Foreign' for any other country. */
export function regionOfCountry(country: string): Region {
  return country.trim() === 'India' ? 'Indian' : 'Foreign';
}

/** The tier region of a wizard route. */
export function regionOfRoute(route: RegistrationRoute): Region {
  return route === 'indian' ? 'Indian' : 'Foreign';
}

/** True when international delegates register in this site's wizard (src/content/registration.ts), false when on the external site. */
export function internationalInWizard(): boolean {
  return registrationFees.internationalRegistration.mode === 'wizard';
}

/** The route a two-letter ISO country code suggests (the edge hint, issue 24): 'IN' is Indian, any other code international, nothing without a code. */
export function routeOfCountryCode(code: string | null | undefined): RegistrationRoute | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  return code.toUpperCase() === 'IN' ? 'indian' : 'international';
}

/** create-order's answer when international registrations go to the external site. */
export const INTERNATIONAL_REFUSED =
  'International (USD) registrations are not taken here. Please use the international registration link on the registration page.';

/** A refusal of regionRefusal: HTTP status, error code, message and the form field it concerns. */
export interface RegionRefusal {
  status: 400 | 403;
  code: string;
  message: string;
  field?: string;
}

/**
 * Why a delegate (not an admin) may not register with `tier` from `country`, billed to
 * `billingCountry`, or null when they may: 403 INTERNATIONAL_PAYMENTS for a non-Indian country
 * while international registration is external, or a tier (or billing country) outside the
 * delegate's region; 400 UNKNOWN_COUNTRY for a name not in COUNTRIES.
 */
export function regionRefusal(tier: Pick<Tier, 'region'>, country: string, billingCountry: string): RegionRefusal | null {
  const region = regionOfCountry(country);
  const refuse = (message: string, field?: string): RegionRefusal => ({ status: 403, code: 'INTERNATIONAL_PAYMENTS', message, ...(field ? { field } : {}) });
  if (region === 'Foreign' && !internationalInWizard()) return refuse(INTERNATIONAL_REFUSED);
  if (!COUNTRIES.includes(country.trim())) return { status: 400, code: 'UNKNOWN_COUNTRY', message: 'Please choose your country from the list.', field: 'country' };
  if (tier.region !== region) {
    return refuse(region === 'Indian' ? 'Delegates from India register at the Indian (INR) fees.' : 'Delegates from outside India register at the international (USD) fees.', 'registrationTier');
  }
  if (region === 'Indian' && billingCountry.trim() !== 'India') return refuse('Registrations at the Indian fees are billed in India.', 'billingCountry');
  if (region === 'Foreign' && (billingCountry.trim() === 'India' || !COUNTRIES.includes(billingCountry.trim()))) {
    return refuse('International registrations are billed to an address outside India: please choose the billing country from the list.', 'billingCountry');
  }
  return null;
}
