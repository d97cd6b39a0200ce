/**
 * Addresses a visitor types for a page (`/registration` once answered 404): each alias of
 * src/shared/routes.ts is a 301 in netlify.toml, placed before the SPA fallback that would
 * otherwise catch it, to a route of the site; the router redirects the same in the app.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { allPaths } from '../../src/shared/route-sets';
import { pathAliases, paths } from '../../src/shared/routes';

const toml = parse(readFileSync(path.resolve(import.meta.dirname, '../../netlify.toml'), 'utf8')) as { redirects: { from: string; to: string; status: number }[] };

describe('path aliases', () => {
  it('/registration leads to the Registration page', () => {
    expect(pathAliases['/registration']).toBe(paths.registrationInfo);
  });

  it('each is a 301 in netlify.toml before the SPA fallback, to a route, and is no route itself', () => {
    const fallback = toml.redirects.findIndex((r) => r.from === '/*');
    expect(fallback).toBeGreaterThanOrEqual(0);
    for (const [from, to] of Object.entries(pathAliases)) {
      const index = toml.redirects.findIndex((r) => r.from === from);
      expect(index, from).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(fallback);
      expect(toml.redirects[index]).toMatchObject({ to, status: 301 });
      expect(allPaths).toContain(to);
      expect(allPaths).not.toContain(from);
    }
  });
});
