/**
 * The airports near the venue (docs/rules.md#the-information-pages: Location page and the home's Important
 * Information block), nearest first. A module of its own so the home page does not load the
 * whole travel content (docs/performance.md#budgets); src/content/travel.ts re-exports it.
 */
import type { Airport } from './types';

/** Airports from nearest to farthest. */
export const airports: Airport[] = [
  { name: 'Hubballi (Hubli) Airport', code: 'HBX', travelTime: 'about 30 minutes', note: 'The nearest airport, with domestic flights from several Indian cities.' },
  { name: 'Belagavi (Belgaum) Airport', code: 'IXG', travelTime: 'about 50 minutes', note: 'Domestic flights.' },
  { name: 'Goa Airport', distanceKm: 160, note: 'About 160 km away; continue by road or rail.' },
];
