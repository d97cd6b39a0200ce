/**
 * The route tree. Every page is a route-level `lazy` import, so the information pages never
 * download the registration wizard (react-hook-form, zod, the step schemas) and vice versa.
 * The root route sets no errorElement on purpose: an unknown address shows React Router's
 * default 'Unexpected Application Error!' screen (spec part 2 section 2).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout, PageLoading } from './Layout';
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
    children: [
      { index: true, ...page(() => import('../features/home/HomePage')) },
      { path: paths.registrationInfo, ...page(() => import('../features/registration/InfoPage')) },
      { path: paths.registrationDetails, ...page(() => import('../features/registration/wizard/RegistrationWizard')) },
      { path: paths.paymentSuccess, ...page(() => import('../features/registration/PaymentSuccessPage')) },
      { path: paths.error, ...page(() => import('../features/error/ErrorPage')) },
    ],
  },
];

/** Creates the browser router for main.tsx. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
