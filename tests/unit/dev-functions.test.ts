/**
 * The dev server's function routing (scripts/dev-functions.ts) on the project's real function configs:
 * every function is reachable at its config.path and only there, excludedPath and literal-first order
 * keep /api/registrations/{summary,export,...} off /api/registrations/:id, `:param` segments become
 * context.params, config.method narrows a route, and scheduled functions have no route.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFunctionFiles, matchRoute, orderRoutes, routeOf } from '../../scripts/dev-functions';
import { MAIL_SEND_PATH } from '../../src/shared/mail-handoff';

const dir = path.resolve(import.meta.dirname, '../../netlify/functions');

async function projectRoutes() {
  const routes = [];
  for (const [name, file] of listFunctionFiles(dir)) {
    const { config } = (await import(file)) as { config?: Parameters<typeof routeOf>[2] };
    routes.push(routeOf(name, file, config));
  }
  return orderRoutes(routes);
}

describe('dev function routing', () => {
  // Imports every function module (some 70, with their dependencies): past vitest's 5 s on a loaded machine.
  it('routes every non-scheduled function at its own config.path, and no scheduled one', async () => {
    const routes = await projectRoutes();
    const files = listFunctionFiles(dir);
    expect(files.length).toBeGreaterThan(30);
    for (const [name, file] of files) {
      const { config } = (await import(file)) as { config: { path?: string; schedule?: string } };
      if (config.schedule) {
        expect(routes.find((r) => r.name === name)).toBeUndefined();
        expect(matchRoute(routes, 'GET', `/.netlify/functions/${name}`)).toBeNull();
        continue;
      }
      const probe = config.path!.replace(':id', 'PESGRE2025-0001');
      expect(matchRoute(routes, 'POST', probe)?.route.name, probe).toBe(name);
      // A function with config.path is not also at its default URL (as on Netlify).
      expect(matchRoute(routes, 'GET', `/.netlify/functions/${name}`)).toBeNull();
    }
  }, 60_000);

  it('keeps the excluded siblings off /api/registrations/:id and passes the id as a param', async () => {
    const routes = await projectRoutes();
    for (const sibling of ['summary', 'export', 'resend-ticket', 'email-check']) {
      expect(matchRoute(routes, 'GET', `/api/registrations/${sibling}`)?.route.name).toBe(`registrations-${sibling}`);
    }
    expect(matchRoute(routes, 'GET', '/api/registrations/PESGRE2025-0042')).toMatchObject({ route: { name: 'registration-by-id' }, params: { id: 'PESGRE2025-0042' } });
    expect(matchRoute(routes, 'GET', '/api/registrations/a/b')).toBeNull();
    expect(matchRoute(routes, 'GET', '/api/nothing-here')).toBeNull();
    // The payment functions' e-mail hand-off reaches mail-send through this runtime too (decision 053): POST only.
    expect(matchRoute(routes, 'POST', MAIL_SEND_PATH)?.route.name).toBe('mail-send');
    expect(matchRoute(routes, 'GET', MAIL_SEND_PATH)).toBeNull();
  });

  it('honours path arrays, excludedPath lists, wildcards and config.method', () => {
    const route = routeOf('items', '/x/items.ts', { path: ['/api/items/:id', '/api/things/*'], excludedPath: '/api/items/new', method: ['get', 'POST'] })!;
    expect(matchRoute([route], 'GET', '/api/items/7')?.params).toEqual({ id: '7' });
    expect(matchRoute([route], 'POST', '/api/things/a/b')?.route.name).toBe('items');
    expect(matchRoute([route], 'DELETE', '/api/items/7')).toBeNull();
    expect(matchRoute([route], 'GET', '/api/items/new')).toBeNull();
    const plain = routeOf('hello', '/x/hello.ts')!;
    expect(matchRoute([plain], 'GET', '/.netlify/functions/hello')?.route.name).toBe('hello');
    expect(routeOf('nightly', '/x/nightly.ts', { schedule: '@daily' })).toBeNull();
  });
});
