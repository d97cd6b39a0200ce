/**
 * Entry point: mounts the router and pings the API root once (spec part 2 section 7:
 * "GET /api (root), on app start; result only logged").
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { getJson } from './lib/api';

// A literal rather than apiPaths.root: importing src/shared/api.ts here would pull zod
// into the entry chunk that every page loads.
void getJson<unknown>('/api').then((result) => console.log('GET /api', result));

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
