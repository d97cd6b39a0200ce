/**
 * The edition's identity: the facts every page's frame (header, footer, page titles) shows.
 * Part of `conference` (conference.ts spreads it in); kept in this small module of its own so
 * that the entry chunk every page loads carries these three strings and not every fact of the
 * edition (docs/performance.md#budgets). Public facts of PESGRE 2025 (host IIT Dharwad, contact at iitdh.ac.in).
 */
export const identity = {
  /** The conference's short name, as in page titles and the footer. */
  name: 'PESGRE 2025',
  /** The organisers' contact address (docs/rules.md#pages-and-routes: the footer's contact link). */
  contactEmail: 'pesgre2025@iitdh.ac.in',
  /** The host institute, abbreviated (the footer's credit line). */
  instituteShortName: 'IIT Dharwad',
} as const;
