/**
 * create-order's region rule (decision 015): which tier set and billing country a
 * delegate's country allows. Apart from regions.ts because it needs the list of every country,
 * which the wizard's first chunk does without (the list comes with its late chunk).
 */
import { COUNTRIES } from './countries';
import type { Tier } from './pricing';
import { internationalInWizard, regionOfCountry } from './regions';

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
