/**
 * The visitor's country as the edge saw it: netlify/edge-functions/visitor-region.ts
 * sets the cookie `pesgre-country` (a two-letter ISO code) on the way out. A hint only, to preselect
 * the Indian or international registration route; absent under `npm start` and for visitors who
 * block cookies. The server never reads it.
 */
import { routeOfCountryCode, type RegistrationRoute } from '../shared/regions';

/** The cookie the edge function sets; the name is shared with netlify/edge-functions/visitor-region.ts. */
export const COUNTRY_HINT_COOKIE = 'pesgre-country';

/** The two-letter country code of the hint cookie in `cookieHeader` (document.cookie by default), or null. */
export function readCountryHint(cookieHeader: string | undefined = typeof document === 'undefined' ? undefined : document.cookie): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COUNTRY_HINT_COOKIE && value && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  }
  return null;
}

/** The route the edge hint suggests, or null without a hint. */
export function hintedRoute(): RegistrationRoute | null {
  return routeOfCountryCode(readCountryHint());
}
