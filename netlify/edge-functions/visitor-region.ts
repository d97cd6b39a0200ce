/**
 * Netlify Edge Function (Deno; decision 015): the visitor's country as a hint for the
 * registration pages. It lets the prerendered page through unchanged (context.next(), so the CDN
 * keeps caching it) and adds one cookie, `pesgre-country=<ISO code>` from context.geo.country,
 * which the registration information page and the wizard read in the browser
 * (src/lib/visitor-region.ts) to preselect the Indian or the international route. A hint only:
 * the delegate can switch, and create-order decides the tier set from the delegate's country.
 * No cookie when the country is unknown or the visitor already carries the same one.
 * Self-contained on purpose: Deno bundles it apart from the site, and it imports nothing remote
 * (so `netlify dev` runs it offline with a local bootstrap, tests/netlify/stack.ts). Its paths are
 * declared in netlify.toml ([[edge_functions]]), not in an inline `config`: reading an inline
 * config needs a type file from edge.netlify.com, which an offline CLI cannot fetch.
 */

/** The cookie's name; src/lib/visitor-region.ts reads the same name (tests/netlify/edge-hint.test.ts checks both). */
export const COUNTRY_HINT_COOKIE = 'pesgre-country';

/** A day: long enough for a registration, short enough to follow a traveller. */
const MAX_AGE_SECONDS = 86_400;

/** The part of Netlify's edge Context this function uses. */
interface EdgeContext {
  geo?: { country?: { code?: string } };
  next(): Promise<Response>;
}

/** The hint cookie's value in the request, or null. */
function currentHint(request: Request): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COUNTRY_HINT_COOKIE) return value ?? null;
  }
  return null;
}

/** Takes the request and Netlify's context; returns the origin's response with the hint cookie added when needed. */
export default async function visitorRegion(request: Request, context: EdgeContext): Promise<Response> {
  const response = await context.next();
  const code = context.geo?.country?.code?.toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || currentHint(request) === code) return response;
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  // Not HttpOnly: the page's script reads it. SameSite=Lax: it rides along on links into the site.
  const headers = new Headers(response.headers);
  headers.append('Set-Cookie', `${COUNTRY_HINT_COOKIE}=${code}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
