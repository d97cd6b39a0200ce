/**
 * Which tier set a delegate registers in: decided by the delegate's country, never by
 * the currency or the tier the browser sends, nor by the edge's country hint. One rule for the
 * wizard (what it lists) and create-order (what it accepts: region-rules.ts).
 */
import { registrationFees } from '../content/registration';
import type { Region } from './pricing';

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

/** The route a two-letter ISO country code suggests (the edge hint): 'IN' is Indian, any other code international, nothing without a code. */
export function routeOfCountryCode(code: string | null | undefined): RegistrationRoute | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  return code.toUpperCase() === 'IN' ? 'indian' : 'international';
}
