/**
 * The admin area's routes (spec part 2 section 2), for src/app/router.tsx to mount under the
 * site layout. Every page is a route-level lazy import so the public site never downloads the
 * admin code (jsqr, the table). /admin/login is open; /admin, /admin/ticket-verifier and
 * /admin/registrations sit under AdminGuard, which shows 'Checking authentication...' and
 * then renders the page or redirects to /admin/login.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../../shared/routes';

/** Shown in the page area while an admin page's code loads on a first visit. */
function AdminPageLoading() {
  return (
    <p className="page-loading" role="status">
      Loading...
    </p>
  );
}

function lazyPage(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    HydrateFallback: AdminPageLoading,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** The admin routes: the login page and the three guarded pages under one pathless guard route. */
export const adminRoutes: RouteObject[] = [
  { path: paths.adminLogin, ...lazyPage(() => import('./AdminLoginPage')) },
  {
    ...lazyPage(() => import('./AdminGuard')),
    children: [
      { path: paths.admin, ...lazyPage(() => import('./AdminDashboard')) },
      { path: paths.adminTicketVerifier, ...lazyPage(() => import('./TicketVerifierPage')) },
      { path: paths.adminRegistrations, ...lazyPage(() => import('./RegistrationsPage')) },
    ],
  },
];
