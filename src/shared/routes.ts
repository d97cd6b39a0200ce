/**
 * Every route of the site in one table (spec part 2 section 2), so links, redirects and the
 * router agree. Routes of the information site join here as their pages arrive.
 * A leaf module in src/shared: the router (src/app), the pages (src/features) and the server
 * (links in e-mails) all read it, and it imports nothing.
 */
export const paths = {
  home: '/',
  organizingCommittee: '/about/organizing-committee',
  chairs: '/about/chairs',
  callForPapers: '/authors/call-for-papers',
  callForSpecialSession: '/authors/call-for-special-session',
  submission: '/authors/submission',
  keynoteSpeakers: '/program/keynote-speakers',
  tutorialSpeakers: '/program/tutorial-speakers',
  iesSypKeynotes: '/program/ies-syp-keynotes',
  visaInfo: '/travel/visa-info',
  accommodation: '/travel/accommodation',
  tour: '/travel/tour',
  food: '/travel/food',
  location: '/travel/location',
  studentsYp: '/students-yp',
  industrySponsor: '/industry-sponsor',
  contact: '/contact',
  registrationInfo: '/authors/registration',
  registrationDetails: '/authors/registration/details',
  paymentSuccess: '/authors/registration/payment-success',
  tierUpgrade: '/tier-upgrade',
  ieeeChange: '/ieee-change',
  nameChange: '/name-change',
  cancelRegistration: '/cancel-registration',
  invoices: '/invoices',
  nameTransfer: '/name-transfer',
  adminLogin: '/admin/login',
  admin: '/admin',
  adminTicketVerifier: '/admin/ticket-verifier',
  adminRegistrations: '/admin/registrations',
  adminAccounts: '/admin/accounts',
  error: '/error',
} as const;

/** The payment-success address with its query (spec part 2 section 2), each value URL-encoded. */
export function paymentSuccessUrl(registrationNumber: string, paymentId: string): string {
  return `${paths.paymentSuccess}?reg_no=${encodeURIComponent(registrationNumber)}&payment_id=${encodeURIComponent(paymentId)}`;
}

/** The error page for a code (spec part 2 section 2: /error?msg={code}). */
export function errorUrl(code: string): string {
  return `${paths.error}?msg=${encodeURIComponent(code)}`;
}

/** Every route path of the site (spec part 1 section 2), for link checks in tests. */
export const allPaths: readonly string[] = Object.values(paths);

/**
 * The public pages rendered to static HTML at build time (issue 10, 'Prerendered pages';
 * scripts/prerender.ts writes each to dist/<path>/index.html, '/' to dist/index.html): every
 * information page, the registration information page, payment success, the error page and the
 * self-service page shells. Not the registration wizard nor the admin area: those are served by
 * the SPA fallback shell (dist/spa-fallback.html, netlify.toml).
 */
export const prerenderedPaths: readonly string[] = [
  paths.home,
  paths.organizingCommittee,
  paths.chairs,
  paths.callForPapers,
  paths.callForSpecialSession,
  paths.submission,
  paths.keynoteSpeakers,
  paths.tutorialSpeakers,
  paths.iesSypKeynotes,
  paths.visaInfo,
  paths.accommodation,
  paths.tour,
  paths.food,
  paths.location,
  paths.studentsYp,
  paths.industrySponsor,
  paths.contact,
  paths.registrationInfo,
  paths.paymentSuccess,
  paths.error,
  paths.tierUpgrade,
  paths.ieeeChange,
  paths.nameChange,
  paths.nameTransfer,
  paths.invoices,
  paths.cancelRegistration,
];

/**
 * Prerendered pages that need JavaScript to be of use (forms that call the API); their HTML
 * keeps the 'This site needs JavaScript' note for visitors without it.
 */
export const scriptOnlyPaths: readonly string[] = [
  paths.tierUpgrade,
  paths.ieeeChange,
  paths.nameChange,
  paths.nameTransfer,
  paths.invoices,
  paths.cancelRegistration,
];

/**
 * The public pages (spec part 1 section 2 and part 2 section 2): every route outside the admin
 * area, in the order of `paths`. The bench (scripts/bench-site.ts) measures each of these.
 */
export const publicPaths: readonly string[] = allPaths.filter((p) => p !== paths.admin && !p.startsWith(`${paths.admin}/`));
