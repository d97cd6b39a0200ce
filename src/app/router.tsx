/**
 * The route tree. Every page is a route-level `lazy` import, so the information pages never
 * download the registration wizard (react-hook-form, zod, the step schemas) and vice versa.
 * The root route's ErrorBoundary (RouteError) shows 'Unexpected Application Error!' (docs/rules.md#pages-and-routes)
 * heading and the status for an unknown address, inside the site's header and footer.
 */
import { Suspense, lazy } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { Layout, PageLoading } from './Layout';
import type { PageModule } from '../lib/hydrate-on-interaction';
import { pathAliases, paths } from '../shared/routes';

/**
 * True in the server build only. A page's module name is written `SERVER && 'info/ChairsPage'`:
 * only the prerender reads it, and the browser build then keeps none of the names (0.2 KB of the
 * entry chunk every app page loads; docs/performance.md#budgets).
 */
const SERVER = import.meta.env.SSR;

/** What a page route carries in `handle`. */
export interface PageHandle {
  /** Its source module, as named in Vite's build manifest (server build only; '' in the browser). */
  module: string;
  /**
   * Set on the static information pages: their lazy import, which main.tsx hands to
   * hydrateOnInteraction when the page arrives prerendered (src/lib/hydrate-on-interaction.tsx).
   */
  hydrateOnInteraction?: () => Promise<PageModule>;
}

/**
 * A lazy page route. HydrateFallback keeps the header and footer on screen while the first
 * page's chunk loads (React Router renders the nearest HydrateFallback during the initial load).
 * `module` is the page's source file under src/features (e.g. 'info/ChairsPage'): the prerender
 * (scripts/prerender.ts) looks it up in the client build manifest to link the page's CSS and
 * preload its JS chunk, and fails the build if it names no chunk there.
 */
function page(module: string | false, load: () => Promise<PageModule>) {
  const handle: PageHandle = { module: module ? `src/features/${module}.tsx` : '' };
  return {
    handle,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/**
 * A static information page: a lazy page route like `page`, rendered inside the Suspense boundary
 * that lets a prerendered first load hydrate its content on the first interaction
 * (src/lib/hydrate-on-interaction.tsx says why). That module comes with the page, not with the
 * app's entry: the pages the app renders at once never need it (docs/performance.md#budgets).
 */
function staticPage(module: string | false, load: () => Promise<PageModule>) {
  const route = page(module, load);
  route.handle.hydrateOnInteraction = load;
  return {
    ...route,
    lazy: async () => {
      const [{ pageWithBoundary }, loaded] = await Promise.all([import('../lib/hydrate-on-interaction'), load()]);
      return { Component: pageWithBoundary(loaded.default) };
    },
  };
}

const RouteErrorScreen = lazy(() => import('./RouteError').then((m) => ({ default: m.RouteError })));

/** The root route's ErrorBoundary: RouteError, whose code is fetched only when a route fails (docs/performance.md#budgets). */
function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorScreen />
    </Suspense>
  );
}

/** The route objects, exported separately so tests or a memory router can reuse them. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: Layout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, ...page(SERVER && 'home/HomePage', () => import('../features/home/HomePage')) },
      // Information pages (docs/rules.md#pages-and-routes).
      { path: paths.organizingCommittee, ...staticPage(SERVER && 'info/OrganizingCommitteePage', () => import('../features/info/OrganizingCommitteePage')) },
      { path: paths.chairs, ...staticPage(SERVER && 'info/ChairsPage', () => import('../features/info/ChairsPage')) },
      { path: paths.callForPapers, ...staticPage(SERVER && 'info/CallForPapersPage', () => import('../features/info/CallForPapersPage')) },
      { path: paths.callForSpecialSession, ...staticPage(SERVER && 'info/CallForSpecialSessionPage', () => import('../features/info/CallForSpecialSessionPage')) },
      { path: paths.submission, ...staticPage(SERVER && 'info/SubmissionPage', () => import('../features/info/SubmissionPage')) },
      { path: paths.keynoteSpeakers, ...staticPage(SERVER && 'info/KeynoteSpeakersPage', () => import('../features/info/KeynoteSpeakersPage')) },
      { path: paths.tutorialSpeakers, ...staticPage(SERVER && 'info/TutorialSpeakersPage', () => import('../features/info/TutorialSpeakersPage')) },
      { path: paths.iesSypKeynotes, ...staticPage(SERVER && 'info/IesSypKeynotesPage', () => import('../features/info/IesSypKeynotesPage')) },
      // The programme (decision 039): a shell whose timetable an island renders; React hydrates it on the first interaction.
      { path: paths.programme, ...staticPage(SERVER && 'programme/ProgrammePage', () => import('../features/programme/ProgrammePage')) },
      { path: paths.visaInfo, ...staticPage(SERVER && 'info/VisaInfoPage', () => import('../features/info/VisaInfoPage')) },
      { path: paths.accommodation, ...staticPage(SERVER && 'info/AccommodationPage', () => import('../features/info/AccommodationPage')) },
      { path: paths.tour, ...staticPage(SERVER && 'info/TourPage', () => import('../features/info/TourPage')) },
      { path: paths.food, ...staticPage(SERVER && 'info/FoodPage', () => import('../features/info/FoodPage')) },
      { path: paths.location, ...staticPage(SERVER && 'info/LocationPage', () => import('../features/info/LocationPage')) },
      { path: paths.studentsYp, ...staticPage(SERVER && 'info/StudentsYpPage', () => import('../features/info/StudentsYpPage')) },
      { path: paths.industrySponsor, ...staticPage(SERVER && 'info/IndustrySponsorPage', () => import('../features/info/IndustrySponsorPage')) },
      { path: paths.contact, ...staticPage(SERVER && 'info/ContactPage', () => import('../features/info/ContactPage')) },
      // Addresses a visitor may type for a page (/registration); netlify.toml redirects them too.
      ...Object.entries(pathAliases).map(([path, to]) => ({ path, loader: () => redirect(to), HydrateFallback: PageLoading })),
      // Registration (docs/rules.md#pages-and-routes).
      { path: paths.registrationInfo, ...staticPage(SERVER && 'registration/InfoPage', () => import('../features/registration/InfoPage')) },
      { path: paths.registrationDetails, ...page(SERVER && 'registration/wizard/RegistrationWizard', () => import('../features/registration/wizard/RegistrationWizard')) },
      { path: paths.paymentSuccess, ...page(SERVER && 'registration/PaymentSuccessPage', () => import('../features/registration/PaymentSuccessPage')) },
      { path: paths.cancelRegistration, ...page(SERVER && 'accounts/CancelRegistrationPage', () => import('../features/accounts/CancelRegistrationPage')) },
      { path: paths.invoices, ...page(SERVER && 'accounts/InvoicesPage', () => import('../features/accounts/InvoicesPage')) },
      { path: paths.certificates, ...page(SERVER && 'accounts/CertificatesPage', () => import('../features/accounts/CertificatesPage')) },
      { path: paths.certificatesVerify, ...page(SERVER && 'accounts/VerifyPages', () => import('../features/accounts/VerifyPages').then((m) => ({ default: m.CertificateVerifyPage }))) },
      { path: paths.registrationProof, ...page(SERVER && 'accounts/ProofPage', () => import('../features/accounts/ProofPage')) },
      { path: paths.visaLetter, ...page(SERVER && 'accounts/VisaLetterPage', () => import('../features/accounts/VisaLetterPage')) },
      { path: paths.visaLettersVerify, ...page(SERVER && 'accounts/VerifyPages', () => import('../features/accounts/VerifyPages').then((m) => ({ default: m.VisaLetterVerifyPage }))) },
      { path: paths.error, ...page(SERVER && 'error/ErrorPage', () => import('../features/error/ErrorPage')) },
      // Self-service (docs/rules.md#pages-and-routes, #the-registration-wizard): public, lazy like every page.
      { path: paths.tierUpgrade, ...page(SERVER && 'self-service/TierUpgradePage', () => import('../features/self-service/TierUpgradePage')) },
      { path: paths.ieeeChange, ...page(SERVER && 'self-service/IeeeChangePage', () => import('../features/self-service/IeeeChangePage')) },
      { path: paths.nameChange, ...page(SERVER && 'self-service/NameChangePage', () => import('../features/self-service/NameChangePage')) },
      { path: paths.nameTransfer, ...page(SERVER && 'self-service/NameTransferPage', () => import('../features/self-service/NameTransferPage')) },
      // Admin (docs/rules.md#pages-and-routes), every page lazy so public pages load none of it.
      // /admin/login is open; the pathless AdminGuard route verifies the token for the rest.
      { path: paths.adminLogin, ...page(SERVER && 'admin/AdminLoginPage', () => import('../features/admin/AdminLoginPage')) },
      // Open too: the one-time set-password link and a desk device's enrolment carry their secret in the fragment (decision 044).
      { path: paths.adminSetPassword, ...page(SERVER && 'admin/SetPasswordPage', () => import('../features/admin/SetPasswordPage')) },
      { path: paths.adminEnrol, ...page(SERVER && 'admin/EnrolPage', () => import('../features/admin/EnrolPage')) },
      {
        ...page(SERVER && 'admin/AdminGuard', () => import('../features/admin/AdminGuard')),
        children: [
          { path: paths.admin, ...page(SERVER && 'admin/AdminDashboard', () => import('../features/admin/AdminDashboard')) },
          { path: paths.adminTicketVerifier, ...page(SERVER && 'admin/TicketVerifierPage', () => import('../features/admin/TicketVerifierPage')) },
          { path: paths.adminRegistrations, ...page(SERVER && 'admin/RegistrationsPage', () => import('../features/admin/RegistrationsPage')) },
          { path: paths.adminAccounts, ...page(SERVER && 'admin/AccountsPage', () => import('../features/admin/AccountsPage')) },
          { path: paths.adminPapers, ...page(SERVER && 'admin/PapersPage', () => import('../features/admin/PapersPage')) },
          { path: paths.adminVerifications, ...page(SERVER && 'admin/VerificationsPage', () => import('../features/admin/VerificationsPage')) },
          { path: paths.adminBadgesCertificates, ...page(SERVER && 'admin/BadgesCertificatesPage', () => import('../features/admin/BadgesCertificatesPage')) },
          { path: paths.adminVisaLetters, ...page(SERVER && 'admin/VisaLettersPage', () => import('../features/admin/VisaLettersPage')) },
          { path: paths.adminProgramme, ...page(SERVER && 'admin/ProgrammeAdminPage', () => import('../features/admin/ProgrammeAdminPage')) },
          { path: paths.adminTeam, ...page(SERVER && 'admin/TeamPage', () => import('../features/admin/TeamPage')) },
          { path: paths.adminDevices, ...page(SERVER && 'admin/DevicesPage', () => import('../features/admin/DevicesPage')) },
          { path: paths.adminAudit, ...page(SERVER && 'admin/AuditPage', () => import('../features/admin/AuditPage')) },
        ],
      },
    ],
  },
];

/** Creates the browser router for main.tsx. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
