/**
 * The route tree. Every page is a route-level `lazy` import, so the information pages never
 * download the registration wizard (react-hook-form, zod, the step schemas) and vice versa.
 * The root route's ErrorBoundary (RouteError) shows the spec's 'Unexpected Application Error!'
 * heading and the status for an unknown address, inside the site's header and footer.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout, PageLoading } from './Layout';
import { RouteError } from './RouteError';
import { paths } from '../shared/routes';

/**
 * A lazy page route. HydrateFallback keeps the header and footer on screen while the first
 * page's chunk loads (React Router renders the nearest HydrateFallback during the initial load).
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  return {
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** The route objects, exported separately so tests or a memory router can reuse them. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: Layout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, ...page(() => import('../features/home/HomePage')) },
      // Information pages (spec part 1 section 2).
      { path: paths.organizingCommittee, ...page(() => import('../features/info/OrganizingCommitteePage')) },
      { path: paths.chairs, ...page(() => import('../features/info/ChairsPage')) },
      { path: paths.callForPapers, ...page(() => import('../features/info/CallForPapersPage')) },
      { path: paths.callForSpecialSession, ...page(() => import('../features/info/CallForSpecialSessionPage')) },
      { path: paths.submission, ...page(() => import('../features/info/SubmissionPage')) },
      { path: paths.keynoteSpeakers, ...page(() => import('../features/info/KeynoteSpeakersPage')) },
      { path: paths.tutorialSpeakers, ...page(() => import('../features/info/TutorialSpeakersPage')) },
      { path: paths.iesSypKeynotes, ...page(() => import('../features/info/IesSypKeynotesPage')) },
      { path: paths.visaInfo, ...page(() => import('../features/info/VisaInfoPage')) },
      { path: paths.accommodation, ...page(() => import('../features/info/AccommodationPage')) },
      { path: paths.tour, ...page(() => import('../features/info/TourPage')) },
      { path: paths.food, ...page(() => import('../features/info/FoodPage')) },
      { path: paths.location, ...page(() => import('../features/info/LocationPage')) },
      { path: paths.studentsYp, ...page(() => import('../features/info/StudentsYpPage')) },
      { path: paths.industrySponsor, ...page(() => import('../features/info/IndustrySponsorPage')) },
      { path: paths.contact, ...page(() => import('../features/info/ContactPage')) },
      // Registration (spec part 2).
      { path: paths.registrationInfo, ...page(() => import('../features/registration/InfoPage')) },
      { path: paths.registrationDetails, ...page(() => import('../features/registration/wizard/RegistrationWizard')) },
      { path: paths.paymentSuccess, ...page(() => import('../features/registration/PaymentSuccessPage')) },
      { path: paths.cancelRegistration, ...page(() => import('../features/accounts/CancelRegistrationPage')) },
      { path: paths.invoices, ...page(() => import('../features/accounts/InvoicesPage')) },
      { path: paths.error, ...page(() => import('../features/error/ErrorPage')) },
      // Self-service (spec part 2 sections 2 and 4): public, lazy like every page.
      { path: paths.tierUpgrade, ...page(() => import('../features/self-service/TierUpgradePage')) },
      { path: paths.ieeeChange, ...page(() => import('../features/self-service/IeeeChangePage')) },
      { path: paths.nameChange, ...page(() => import('../features/self-service/NameChangePage')) },
      { path: paths.nameTransfer, ...page(() => import('../features/self-service/NameTransferPage')) },
      // Admin (spec part 2 section 2), every page lazy so public pages load none of it.
      // /admin/login is open; the pathless AdminGuard route verifies the token for the rest.
      { path: paths.adminLogin, ...page(() => import('../features/admin/AdminLoginPage')) },
      {
        ...page(() => import('../features/admin/AdminGuard')),
        children: [
          { path: paths.admin, ...page(() => import('../features/admin/AdminDashboard')) },
          { path: paths.adminTicketVerifier, ...page(() => import('../features/admin/TicketVerifierPage')) },
          { path: paths.adminRegistrations, ...page(() => import('../features/admin/RegistrationsPage')) },
          { path: paths.adminAccounts, ...page(() => import('../features/admin/AccountsPage')) },
        ],
      },
    ],
  },
];

/** Creates the browser router for main.tsx. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
