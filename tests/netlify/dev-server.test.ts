/**
 * `netlify dev --offline` as netlify.toml's [dev] block sets it up: the CLI runs `npm run dev:vite`
 * (Vite, which leaves the functions to the CLI because NETLIFY_DEV is set, and compiles them for
 * it into .netlify/dev-functions: decision 059) and serves the functions itself, on Node 22. Checked over HTTP through the CLI's port: a
 * page from Vite, GET /api/pricing from the CLI's function runtime, and which deploy context the
 * functions get there.
 *
 * Vite's port: [dev] names 5173, where a developer's `npm start` may already be listening on a
 * shared machine, so the test gives Vite a free one through PORT (vite.config.ts reads it) and the
 * CLI the same with --target-port; the command is still the one of netlify.toml.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { conference } from '../../src/content/conference';
import { registrationCsvHeaders } from '../../src/shared/csv';
import { dayIn } from '../../src/shared/dates';
import { pricing } from '../../src/shared/pricing';
import { freePort, functionEnv, root, servedSecrets, startNetlify, startStandIns, type NetlifyProcess, type StandIns } from './stack';

interface NetlifyToml {
  dev: { command: string; targetPort: number; framework: string; functions?: string };
  context?: { dev?: { environment?: Record<string, string>; functions?: Record<string, unknown> } };
}

let stand: StandIns;
let dev: NetlifyProcess;
let toml: NetlifyToml;
/** The key prefix the functions use under `netlify dev`: netlify.toml's dev-context KEY_PREFIX, else the `dev` context's. */
let devPrefix: string;

beforeAll(async () => {
  toml = parseToml(await readFile(path.join(root, 'netlify.toml'), 'utf8')) as unknown as NetlifyToml;
  devPrefix = toml.context?.dev?.environment?.KEY_PREFIX || 'pesgre:dev:';
  stand = await startStandIns();
  const [port, vitePort, functionsPort] = [await freePort(), await freePort(), await freePort()];
  dev = await startNetlify(['dev', '--offline', '--port', String(port), '--target-port', String(vitePort), '--functions-port', String(functionsPort)], {
    port,
    readyPath: '/api/pricing',
    // Vite compiles the functions (about 1 s) and starts; the CLI then loads the compiled modules
    // without tracing them (decision 059): about 20 s to the first answer on a loaded 2-core
    // machine, against 236 to 520 s when it traced every function's packages. The margin is for a
    // machine far busier than that; `npm run bench:dev` prints the time beside its 90 s budget.
    timeoutMs: 300_000,
    env: functionEnv({
      ...stand.env,
      // What netlify.toml gives the dev context, passed as the CLI would take it from there (a
      // process variable wins over netlify.toml and a .env file alike, and functionEnv blanks the rest).
      ...toml.context?.dev?.environment,
      PORT: String(vitePort),
      ADMIN_PASSWORD_HASH: servedSecrets.adminPasswordHash,
      ADMIN_PASSWORD: servedSecrets.plainAdminPassword,
      ADMIN_JWT_SECRET: servedSecrets.adminJwtSecret,
      TICKET_SIGNING_KEY: servedSecrets.ticketSigningKey,
      SITE_URL: `http://localhost:${port}`,
    }),
  });
});

afterAll(async () => {
  await dev?.stop();
  await stand?.close();
});

describe('netlify dev: Vite and the functions behind the CLI', () => {
  it("runs netlify.toml's [dev] command", () => {
    expect(toml.dev).toMatchObject({ command: 'npm run dev:vite', framework: '#custom' });
    expect(dev.output()).toContain('dev:vite');
  });

  it('serves the functions from the modules Vite compiled, without tracing or copying their packages (decision 059)', async () => {
    // netlify.toml: the CLI lists [dev] functions and bundles nothing in the dev context.
    expect(toml.dev.functions).toBe('.netlify/dev-functions');
    expect(toml.context?.dev?.functions).toEqual({ node_bundler: 'none' });
    const compiled = /\[netlify dev\] (\d+) functions compiled into \.netlify\/dev-functions/.exec(dev.output());
    const sources = (await readdir(path.join(root, 'netlify', 'functions'))).filter((f) => f.endsWith('.ts'));
    expect(Number(compiled?.[1])).toBe(sources.length);
    expect(dev.output().match(/Loaded function /g)?.length).toBe(sources.length);
    // What the CLI serves /api/pricing from: its own entry files and the one compiled module, no
    // node_modules copy (the packages resolve from the project's own).
    const served = await readdir(path.join(root, '.netlify', 'functions-serve', 'pricing'), { recursive: true });
    expect(served.filter((f) => f.endsWith('.mjs') && !path.basename(f).startsWith('___netlify-'))).toEqual(['pricing.mjs']);
    expect(served.some((f) => f.split(path.sep).includes('node_modules'))).toBe(false);
  });

  it('serves a page from Vite (the SPA shell with the dev client)', async () => {
    const res = await fetch(`${dev.url}/contact`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('/@vite/client');
    expect(html).toContain('/src/main.tsx');
  });

  it('GET /api/pricing answers the shared pricing from the CLI function runtime', async () => {
    const res = await fetch(`${dev.url}/api/pricing`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(pricing)));
  });

  it('gives the functions the `dev` deploy context: the plain ADMIN_PASSWORD signs in', async () => {
    // The CLI's proxy sets x-nf-deploy-context: dev on every request it passes on, edge functions
    // or not (netlify-cli lib/edge-functions/proxy.js), and the functions' runtime reads the
    // context from that header. Only `dev` accepts the plain password (netlify/server/auth.ts).
    const res = await fetch(`${dev.url}/api/admin-auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: servedSecrets.plainAdminPassword }) });
    expect(res.status, await res.clone().text()).toBe(200);
    const audit = await stand.redis.lrange(`${devPrefix}audit`, 0, -1);
    expect(audit.map((a) => JSON.parse(a).action)).toEqual(['admin.login']);
    expect((await stand.redis.keys('*')).filter((k) => !k.startsWith(devPrefix))).toEqual([]);
  });

  it('routes GET /api/registrations/export to the export, not to /api/registrations/:id (excludedPath)', async () => {
    // `netlify serve` loses registration-by-id's excludedPath (served-site.test.ts says why); the
    // CLI's source runtime keeps it, as Netlify does.
    const anonymous = await fetch(`${dev.url}/api/registrations/export`);
    expect(anonymous.status, await anonymous.clone().text()).toBe(401);
    const login = await fetch(`${dev.url}/api/admin-auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: servedSecrets.plainAdminPassword }) });
    const { token } = (await login.json()) as { token: string };
    const before = dayIn(new Date(), conference.timeZone);
    const csv = await fetch(`${dev.url}/api/registrations/export`, { headers: { authorization: `Bearer ${token}` } });
    const after = dayIn(new Date(), conference.timeZone);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([before, after].map((d) => `attachment; filename="registrations_${d}.csv"`)).toContain(csv.headers.get('content-disposition'));
    const [header, ...rows] = parseCsv(await csv.text(), { bom: true }) as string[][];
    expect(header).toEqual(registrationCsvHeaders);
    expect(rows).toEqual([]);
    for (const sibling of ['/api/registrations/summary']) {
      const res = await fetch(`${dev.url}${sibling}`);
      expect(res.status, `${sibling}: ${await res.clone().text()}`).toBe(401);
    }
  });
});
