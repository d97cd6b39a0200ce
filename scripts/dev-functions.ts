/**
 * Dev only (`npm start`, the e2e tests, `npm run bench:dev`): a Vite plugin that serves the Netlify
 * Functions v2 in netlify/functions from the Vite dev server itself, in-process, as Netlify routes them
 * in production (docs/development.md#the-dev-function-runtime; for context.ip and scheduled
 * functions). It replaces @netlify/vite-plugin, which started a new worker thread and re-imported the
 * function's whole bundle on every call (0.3 to 1.6 s per call here; see docs/decisions/002-in-process-dev-function-runtime.md).
 *
 * What it honours, because the functions rely on it:
 *  - `config.path` (a string or an array; `:param` and `*` segments, matched with URLPattern as Netlify
 *    does) and `config.excludedPath`; `config.method` (a string or an array) when a function sets it.
 *    Literal paths win over patterns, so /api/registrations/summary never reaches /api/registrations/:id.
 *  - A function without `config.path` answers at /.netlify/functions/{name}, as on Netlify; a function
 *    with `config.path` only there. A scheduled function (`config.schedule`) has no URL at all: on
 *    Netlify it runs on its schedule and cannot be invoked by URL in production
 *    (https://docs.netlify.com/functions/scheduled-functions/), so here it is not routed either.
 *  - The handler's `context`: `ip` is the TCP peer's address of the request (never X-Forwarded-For or
 *    any other header, which the client sets: docs/security.md#rate-limits-and-the-client-address), `params` from the path pattern, `url`,
 *    `requestId`, `waitUntil`, and `deploy.context` = `dev` (the functions read the deploy
 *    context there, never from the environment; `dev` is the one context with local relaxations).
 *  - netlify.toml's [[headers]] on the site's own responses (not on functions', as on Netlify), minus the
 *    Content-Security-Policy (it forbids the inline React-refresh preamble Vite's dev pages need; the
 *    production build is tested under it). Its one [[redirects]] rule, the 200 rewrite to /spa-fallback.html
 *    (the SPA fallback), is Vite's own history fallback, which likewise applies only where no file matches.
 *
 * Each function module is loaded with Vite's `server.ssrLoadModule`: loaded once, kept in memory, and
 * evaluated again only after one of its own source files changed (Vite's watcher invalidates the module
 * graph); npm dependencies are imported once by Node. Calls run concurrently, each on its own Request.
 * A client that aborts a request mid-body errors that request's body stream only: the handler sees a
 * failed read (its usual 4xx/5xx path), the answer to a closed socket is dropped, and the server keeps
 * serving (tests/e2e/dev-server.test.ts). Configs are read from the loaded modules; Netlify requires
 * them to be static literals in the function file, so the route table is rebuilt only when a file in
 * netlify/functions is added, changed or removed.
 *
 * Not used under `netlify dev` (NETLIFY_DEV is set): there the Netlify CLI serves the functions itself.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import { parse as parseToml } from 'smol-toml';
import { URLPattern } from 'urlpattern-polyfill/urlpattern';
import type { Connect, Plugin, ViteDevServer } from 'vite';

/** The in-source config fields Netlify reads (https://docs.netlify.com/functions/get-started/). */
interface FunctionConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
  schedule?: string;
}

/** The part of Netlify's Context this runtime provides (the functions read `ip`; see http.ts RequestContext). */
export interface DevContext {
  /** The client's address: the TCP peer of the request (IPv4-mapped IPv6 shown as IPv4). */
  ip: string;
  /** Named groups of the matched `config.path` pattern. */
  params: Record<string, string>;
  url: URL;
  requestId: string;
  /** Runs `promise` after the answer; errors are logged, as the platform would. */
  waitUntil(promise: Promise<unknown>): void;
  /** Netlify's deploy context; this runtime is always `dev`. */
  deploy: { context: 'dev' };
}

type FunctionHandler = (req: Request, context: DevContext) => Response | Promise<Response>;

export interface Route {
  name: string;
  file: string;
  patterns: URLPattern[];
  excluded: URLPattern[];
  methods: string[] | null;
  /** True when every path is literal (no `:param` or `*`): such routes are tried first. */
  literal: boolean;
}

const SOURCE = /\.(?:m?ts|m?js|cjs|tsx|jsx)$/;
const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The function files under `dir`: `{name}.ts` (or .mts/.js/.mjs/.cjs/.tsx) and `{name}/index.*` or
 * `{name}/{name}.*`, as Netlify finds them. Returns [name, absolute file] pairs.
 */
export function listFunctionFiles(dir: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && SOURCE.test(entry.name)) {
      found.push([entry.name.replace(SOURCE, ''), path.join(dir, entry.name)]);
    } else if (entry.isDirectory()) {
      const inner = readdirSync(path.join(dir, entry.name)).find((f) => SOURCE.test(f) && ['index', entry.name].includes(f.replace(SOURCE, '')));
      if (inner) found.push([entry.name, path.join(dir, entry.name, inner)]);
    }
  }
  return found.sort(([a], [b]) => a.localeCompare(b));
}

/**
 * The route of one function from its config, or null for a scheduled function (no URL, as in
 * production). Without `config.path` the function answers at /.netlify/functions/{name}.
 */
export function routeOf(name: string, file: string, config: FunctionConfig = {}): Route | null {
  if (config.schedule) return null;
  const paths = asList(config.path);
  const list = paths.length > 0 ? paths : [`/.netlify/functions/${name}`];
  return {
    name,
    file,
    patterns: list.map((pathname) => new URLPattern({ pathname })),
    excluded: asList(config.excludedPath).map((pathname) => new URLPattern({ pathname })),
    methods: config.method ? asList(config.method).map((m) => m.toUpperCase()) : null,
    literal: list.every((p) => !/[:*(]/.test(p)),
  };
}

/** `routes` without the scheduled functions' nulls, literal paths first (Netlify prefers a static route to a pattern). */
export function orderRoutes(routes: Array<Route | null>): Route[] {
  const list = routes.filter((r): r is Route => r !== null);
  return [...list.filter((r) => r.literal), ...list.filter((r) => !r.literal)];
}

/** The route answering `method` `pathname` and its params, or null (the request goes on to Vite). */
export function matchRoute(routes: Route[], method: string, pathname: string): { route: Route; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.methods && !route.methods.includes(method.toUpperCase())) continue;
    if (route.excluded.some((p) => p.test({ pathname }))) continue;
    for (const pattern of route.patterns) {
      const hit = pattern.exec({ pathname });
      if (!hit) continue;
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(hit.pathname.groups)) if (value !== undefined && !/^\d+$/.test(key)) params[key] = value;
      return { route, params };
    }
  }
  return null;
}

/** Node's view of an IPv4 client on a dual-stack socket ('::ffff:127.0.0.1') as Netlify shows it ('127.0.0.1'). */
function peerAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

interface SiteRules {
  headers: Array<{ pattern: URLPattern; values: Record<string, string> }>;
}

/**
 * netlify.toml's [[headers]] (without the CSP, see above); none when the file is absent. Its only
 * [[redirects]] rule is the SPA fallback (/* to the unrendered shell, 200), which Vite's history
 * fallback provides in dev (no page is prerendered in dev); any other rule is reported as not emulated here rather than half-emulated.
 */
function readSiteRules(root: string): SiteRules {
  let toml: { headers?: Array<{ for: string; values?: Record<string, string> }>; redirects?: Array<{ from: string; to: string; status?: number }> };
  try {
    toml = parseToml(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as typeof toml;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { headers: [] };
    throw err;
  }
  for (const r of toml.redirects ?? []) {
    if (!(r.from === '/*' && (r.to === '/index.html' || r.to === '/spa-fallback.html') && r.status === 200)) console.warn(`[functions] netlify.toml redirect ${r.from} -> ${r.to} (${r.status ?? 301}) is not emulated by the dev server`);
  }
  return {
    headers: (toml.headers ?? []).map((h) => ({
      pattern: new URLPattern({ pathname: h.for }),
      values: Object.fromEntries(Object.entries(h.values ?? {}).filter(([k]) => k.toLowerCase() !== 'content-security-policy')),
    })),
  };
}

/** The plugin. `functionsDir` defaults to netlify/functions under Vite's root. */
export function netlifyFunctionsDev(opts: { functionsDir?: string } = {}): Plugin {
  return {
    name: 'pesgre:netlify-functions-dev',
    apply: (_config, env) => env.command === 'serve' && !process.env.NETLIFY_DEV,
    configureServer(server) {
      serveFunctions(server, server.middlewares, opts);
    },
    /**
     * `vite preview` (npm run bench:site, the production-build tests): the same runtime beside the
     * built site, so the app-start `GET /api` and the pages' data calls answer as on Netlify. The
     * function sources load through a private Vite server in middleware mode (no HMR, no file
     * watching); PREVIEW_FUNCTIONS=0 leaves the functions out (a preview that answers /api itself).
     */
    async configurePreviewServer(preview) {
      if (process.env.PREVIEW_FUNCTIONS === '0') return;
      const { createServer } = await import('vite');
      const loader = await createServer({
        root: preview.config.root,
        configFile: false,
        logLevel: 'warn',
        appType: 'custom',
        // No WebSocket server: nothing reloads here, and previews running side by side (the e2e files) would
        // contend for its fixed port.
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      preview.httpServer?.once('close', () => void loader.close());
      serveFunctions(loader, preview.middlewares, opts);
    },
  };
}

/**
 * Mounts the function runtime on `middlewares`, loading modules through `server` (the dev server,
 * or preview's private loader). A request no function claims falls through to Vite.
 */
function serveFunctions(server: ViteDevServer, middlewares: Connect.Server, opts: { functionsDir?: string }): void {
  const root = server.config.root;
  const functionsDir = path.resolve(root, opts.functionsDir ?? 'netlify/functions');
  const site = readSiteRules(root);
  let table: Promise<Route[]> | null = null;

  /**
   * Loads every function module to read its config (once, then after a function file changes).
   * A function that fails to load (a syntax error being typed) is logged and left out until its
   * file changes again, so one broken function does not take the site and the others down.
   */
  const routes = (): Promise<Route[]> =>
    (table ??= (async () => {
      const loaded = await Promise.all(
        listFunctionFiles(functionsDir).map(async ([name, file]) => {
          try {
            return routeOf(name, file, ((await server.ssrLoadModule(file)) as { config?: FunctionConfig }).config);
          } catch (err) {
            server.ssrFixStacktrace(err as Error);
            console.error(`[functions] netlify/functions/${path.basename(file)} did not load; it has no route until it changes:`, err);
            return null;
          }
        }),
      );
      return orderRoutes(loaded);
    })().catch((err: unknown) => {
      table = null;
      throw err;
    }));
  const touched = (file: string) => {
    if (file.startsWith(functionsDir + path.sep)) table = null;
  };
  server.watcher.on('add', touched).on('change', touched).on('unlink', touched);

  middlewares.use((req, res, next) => {
    void serve(server, req, res, next);
  });

  async function serve(server: ViteDevServer, req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let matched;
    try {
      matched = matchRoute(await routes(), req.method ?? 'GET', url.pathname);
    } catch (err) {
      return next(err);
    }
    if (!matched) {
      for (const rule of site.headers) if (rule.pattern.test({ pathname: url.pathname })) for (const [k, v] of Object.entries(rule.values)) res.setHeader(k, v);
      return next();
    }
    // A failed write to a socket the client closed is that request's end, not the server's.
    res.on('error', () => {});
    const request = createRequest(req, res);
    const pending: Array<Promise<unknown>> = [];
    const context: DevContext = {
      ip: peerAddress(req),
      params: matched.params,
      url: new URL(request.url),
      requestId: randomUUID(),
      waitUntil: (promise) => void pending.push(promise),
      deploy: { context: 'dev' },
    };
    try {
      const mod = (await server.ssrLoadModule(matched.route.file)) as { default?: FunctionHandler | { fetch: FunctionHandler } };
      const handler = typeof mod.default === 'function' ? mod.default : mod.default?.fetch.bind(mod.default);
      if (!handler) throw new Error(`netlify/functions/${matched.route.name} has no default export handler`);
      const response = await handler(request, context);
      if (res.destroyed) {
        await response.body?.cancel().catch(() => {});
      } else {
        // A Response built with only a status has no statusText; send the standard reason
        // phrase, as Netlify does ('401 Unauthorized', not '401 ').
        const answer = response.statusText ? response : new Response(response.body, { status: response.status, statusText: STATUS_CODES[response.status] ?? '', headers: response.headers });
        await sendResponse(res, answer);
      }
    } catch (err) {
      if (res.destroyed || req.destroyed) {
        console.warn(`[functions] ${req.method} ${url.pathname}: the client went away (${(err as Error).message})`);
      } else {
        server.ssrFixStacktrace(err as Error);
        console.error(`[functions] ${req.method} ${url.pathname} (${matched.route.name}) failed:`, err);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'The function failed (see the dev server log).' } }));
        else res.destroy();
      }
    }
    for (const result of await Promise.allSettled(pending)) if (result.status === 'rejected') console.error(`[functions] waitUntil task of ${matched.route.name} failed:`, result.reason);
  }
}
