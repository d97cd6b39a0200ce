/**
 * Sets of routes for the build, the bench and the tests: which pages are prerendered,
 * which of those need JavaScript, which are information pages, which are public. Kept apart from
 * routes.ts because that one is in the entry chunk every page loads; only `staticPaths` serves at
 * run time (the bootstrap script, src/boot.ts).
 */
import { paths } from './routes.ts';

/** Every route path of the site (docs/rules.md#pages-and-routes), for link checks in tests. */
export const allPaths: readonly string[] = Object.values(paths);

/**
 * The information pages: prerendered pages that are complete without the app. They
 * load only the bootstrap script (src/boot.ts) before the visitor's first interaction; React
 * and the router follow later. Every prerendered page but the forms, self-service and the error
 * page (its Go Back button needs the app). Payment success is one too: its query (reg_no,
 * payment_id, kind) is rendered by a framework-free island before the app (decision 023). The
 * bootstrap reads this list to tell a link into an interactive page.
 */
export const staticPaths: readonly string[] = [
  paths.home,
  paths.organizingCommittee,
  paths.chairs,
  paths.callForPapers,
  paths.callForSpecialSession,
  paths.submission,
  paths.keynoteSpeakers,
  paths.tutorialSpeakers,
  paths.iesSypKeynotes,
  paths.programme,
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
];

/**
 * Prerendered pages that need JavaScript to be of use (forms that call the API); their HTML
 * keeps the 'This site needs JavaScript' note for visitors without it.
 */
export const scriptOnlyPaths: readonly string[] = [
  paths.registrationDetails,
  paths.tierUpgrade,
  paths.ieeeChange,
  paths.nameChange,
  paths.nameTransfer,
  paths.invoices,
  paths.cancelRegistration,
  paths.certificates,
  paths.certificatesVerify,
  paths.registrationProof,
  paths.visaLetter,
  paths.visaLettersVerify,
];

/**
 * The public pages rendered to static HTML at build time (scripts/prerender.ts writes each to dist/<path>/index.html, '/' to dist/index.html): every
 * information page, the registration information page, payment success, the error page, the
 * self-service page shells and the registration wizard's shell (its heading and 'Loading
 * pricing...': the form itself, and any progress saved in the browser, appear once pricing has
 * arrived, after hydration). Not the admin area: it is served by the SPA fallback shell
 * (dist/spa-fallback.html, netlify.toml).
 */
export const prerenderedPaths: readonly string[] = [...staticPaths, paths.error, ...scriptOnlyPaths];

/**
 * The public pages (docs/rules.md#pages-and-routes): every route outside the admin
 * area, in the order of `paths`. The bench (scripts/bench-site.ts) measures each of these.
 */
export const publicPaths: readonly string[] = allPaths.filter((p) => p !== paths.admin && !p.startsWith(`${paths.admin}/`));
