/**
 * The visitor's region at the edge (decision 015): netlify/edge-functions/visitor-region.ts
 * run by Netlify's CLI on Deno, offline (the local bootstrap of tests/netlify/stack.ts), with the
 * country mocked by `--country`. A visitor from India gets `pesgre-country=IN`, one from Germany
 * `pesgre-country=DE`, on the two registration pages only; the page itself comes through
 * unchanged and keeps its cache headers; a visitor who already carries the hint gets no new cookie.
 *
 * `netlify dev --dir` serves a small folder of static pages and no functions, so the edge function
 * is all this file starts (the production build and the functions are served-site.test.ts's and
 * dev-server.test.ts's); the long-running `--command` only keeps the CLI up (it stops when its
 * command exits).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_HINT_COOKIE as edgeCookie } from '../../netlify/edge-functions/visitor-region';
import { COUNTRY_HINT_COOKIE, readCountryHint } from '../../src/lib/visitor-region';
import { routeOfCountryCode } from '../../src/shared/regions';
import { freePort, startNetlify, type NetlifyProcess } from './stack';

let site: string;
let noFunctions: string;

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'edge-hint-site-'));
  noFunctions = await mkdtemp(path.join(tmpdir(), 'edge-hint-functions-'));
  for (const [dir, text] of [['authors/registration', 'Registration information'], ['authors/registration/details', 'Conference Registration'], ['contact', 'Contact']] as const) {
    await mkdir(path.join(site, dir), { recursive: true });
    await writeFile(path.join(site, dir, 'index.html'), `<!doctype html><title>${text}</title><h1>${text}</h1>`);
  }
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
  await rm(noFunctions, { recursive: true, force: true });
});

/** `netlify dev` on the static folder with the country mocked as `country`. */
async function serveFrom(country: string): Promise<NetlifyProcess> {
  const [port, staticPort] = [await freePort(), await freePort()];
  return startNetlify(
    ['dev', '--offline', '--dir', site, '--functions', noFunctions, '--command', 'sleep 100000', '--country', country, '--port', String(port), '--staticServerPort', String(staticPort)],
    { port, readyPath: '/contact', timeoutMs: 240_000, env: {} },
  );
}

const hintOf = (res: Response) => (res.headers.get('set-cookie') ?? '').match(new RegExp(`${COUNTRY_HINT_COOKIE}=([A-Z]{2})`))?.[1] ?? null;

describe('the edge hint of the visitor region', { timeout: 600_000 }, () => {
  it('one cookie name on both sides', () => {
    expect(edgeCookie).toBe(COUNTRY_HINT_COOKIE);
    expect(readCountryHint(`a=1; ${COUNTRY_HINT_COOKIE}=de`)).toBe('DE');
    expect(routeOfCountryCode('IN')).toBe('indian');
    expect(routeOfCountryCode('DE')).toBe('international');
  });

  for (const [country, route] of [['IN', 'indian'], ['DE', 'international']] as const) {
    it(`--country ${country}: the registration pages carry ${COUNTRY_HINT_COOKIE}=${country} (the ${route} route), other pages nothing`, async () => {
      const dev = await serveFrom(country);
      try {
        for (const page of ['/authors/registration', '/authors/registration/details']) {
          const res = await fetch(`${dev.url}${page}`);
          expect(res.status, dev.output().slice(-3000)).toBe(200);
          expect(hintOf(res), `${page}\n${dev.output().slice(-3000)}`).toBe(country);
          expect(res.headers.get('set-cookie')).toMatch(/Path=\/; Max-Age=86400; SameSite=Lax/);
          expect(routeOfCountryCode(hintOf(res))).toBe(route);
          // The page is the static file, unchanged, with the cache headers the static server gives.
          expect(await res.text()).toContain('<h1>');
        }
        const contact = await fetch(`${dev.url}/contact`);
        expect(contact.headers.get('set-cookie')).toBeNull();
        // Already hinted with the same country: nothing new to set.
        const again = await fetch(`${dev.url}/authors/registration`, { headers: { cookie: `${COUNTRY_HINT_COOKIE}=${country}` } });
        expect(again.status).toBe(200);
        expect(again.headers.get('set-cookie')).toBeNull();
      } finally {
        await dev.stop();
      }
    });
  }
});
