/**
 * `npm run bench:cold`: how every function starts cold on Netlify's runtime (docs/performance.md,
 * "Cold starts"). On Node 22 from the tools folder (scripts/netlify-tools.ts), it
 *   1. bundles each function as Netlify's build does: @netlify/zip-it-and-ship-it (the version
 *      netlify-cli ships), with netlify.toml's [functions] settings (per-function included_files);
 *   2. prints, per function, the zip's unzipped size and file count and the cold import time of the
 *      function's module from the unzipped bundle in a fresh Node 22 process (median of
 *      BENCH_COLD_RUNS, default 5), beside the budget: the payment and delegate path
 *      (scripts/function-imports.ts PAYMENT_PATH_FUNCTIONS) at most 150 ms and 5 MB unzipped, every
 *      other function at most 400 ms;
 *   3. with BENCH_COLD_DEV=1, starts `netlify dev --offline` against the local stand-ins (as
 *      tests/netlify/dev-server.test.ts does) and prints how long it takes to answer /api/pricing
 *      (budget 90 s).
 * The import time leaves out Netlify's bootstrap (the same for every function) and the handler's
 * first request. Options: BENCH_COLD_FUNCTIONS=a,b (a subset), BENCH_COLD_RUNS, BENCH_COLD_DEV=1,
 * BENCH_STRICT=1 (exit 1 on a MISS). A benchmark, not a test: the figures depend on the machine's
 * load (printed with them).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { parse as parseToml } from 'smol-toml';
import { PAYMENT_PATH_FUNCTIONS } from './function-imports';
import { ensureNetlifyTools, type NetlifyTools } from './netlify-tools';

const root = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;

export const COLD_BUDGETS = {
  paymentPathImportMs: 150,
  paymentPathUnzippedBytes: 5 * MB,
  otherImportMs: 400,
  netlifyDevReadyMs: 90_000,
} as const;

/** netlify.toml's [functions] settings in zip-it-and-ship-it's shape ({glob: {includedFiles, nodeBundler, ...}}). */
export function zisiConfig(tomlText: string): Record<string, Record<string, unknown>> {
  const toml = parseToml(tomlText) as { functions?: Record<string, unknown> };
  const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const top: Record<string, unknown> = {};
  const named: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(toml.functions ?? {})) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      named[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), v]));
    } else if (key !== 'directory') {
      top[camel(key)] = value;
    }
  }
  return { '*': top, ...named };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function run(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** One cold import of `file` (ms) in a fresh Node 22 process, measured inside it. */
async function coldImportMs(tools: NetlifyTools, dir: string, file: string): Promise<number> {
  const code = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log('IMPORT_MS', (performance.now() - t).toFixed(1));`;
  // Only what Netlify gives a function at run time (no project variables), and no tsx loader.
  const env = { PATH: tools.env().PATH, HOME: tmpdir(), URL: 'https://pesgre2025.example', SITE_NAME: 'pesgre-2025', SITE_ID: 'bench' };
  const { code: exit, out } = await run(tools.node, ['--input-type=module', '-e', code], { cwd: dir, env });
  const m = /IMPORT_MS (\d+(?:\.\d+)?)/.exec(out);
  if (exit !== 0 || !m) throw new Error(`import of ${path.relative(dir, file)} failed (${exit}):\n${out.slice(-2000)}`);
  return Number(m[1]);
}

export interface ColdRow {
  name: string;
  zipBytes: number;
  unzippedBytes: number;
  files: number;
  fonts: number;
  importMs: number;
  paymentPath: boolean;
}

/**
 * Bundles the function `name` as Netlify's build does (zip-it-and-ship-it from the tools folder,
 * netlify.toml's [functions] settings) into `dest`; returns the zip's bytes and its files.
 */
export async function bundleFunction(tools: NetlifyTools, name: string, dest: string): Promise<{ zip: Uint8Array; entries: Record<string, Uint8Array> }> {
  const zisi = (await import(pathToFileURL(path.join(tools.dir, 'node_modules', '@netlify', 'zip-it-and-ship-it', 'dist', 'main.js')).href)) as {
    zipFunction(src: string, dest: string, opts: Record<string, unknown>): Promise<{ path: string } | undefined>;
  };
  const config = zisiConfig(await readFile(path.join(root, 'netlify.toml'), 'utf8'));
  const result = await zisi.zipFunction(path.join(root, 'netlify', 'functions', `${name}.ts`), dest, { basePath: root, repositoryRoot: root, archiveFormat: 'zip', config });
  if (!result) throw new Error(`zip-it-and-ship-it made nothing of ${name}`);
  const zip = readFileSync(result.path);
  return { zip, entries: unzipSync(zip) };
}

async function measure(tools: NetlifyTools, names: string[], runs: number): Promise<ColdRow[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'pesgre-bench-cold-'));
  const rows: ColdRow[] = [];
  try {
    for (const name of names) {
      const t = performance.now();
      const { zip, entries } = await bundleFunction(tools, name, path.join(work, 'zips'));
      const dir = path.join(work, 'unzipped', name);
      let unzippedBytes = 0;
      let fonts = 0;
      for (const [file, bytes] of Object.entries(entries)) {
        if (file.endsWith('/')) continue;
        unzippedBytes += bytes.length;
        if (/\.(ttf|otf|woff2?)$/.test(file)) fonts++;
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), bytes);
      }
      const files = Object.keys(entries).filter((f) => !f.endsWith('/')).length;
      const module = path.join(dir, 'netlify', 'functions', `${name}.mjs`);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push(await coldImportMs(tools, dir, module));
      const row: ColdRow = { name, zipBytes: zip.length, unzippedBytes, files, fonts, importMs: median(times), paymentPath: (PAYMENT_PATH_FUNCTIONS as readonly string[]).includes(name) };
      rows.push(row);
      console.log(`  ${name}: bundled and measured in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return rows;
}

function verdict(ok: boolean): string {
  return ok ? 'ok' : 'MISS';
}

export function coldTable(rows: ColdRow[]): { lines: string[]; misses: number } {
  let misses = 0;
  const lines = [
    `${'function'.padEnd(30)} ${'unzipped'.padStart(9)} ${'files'.padStart(6)} ${'zip'.padStart(8)} ${'fonts'.padStart(5)} ${'import'.padStart(9)}  budget`,
  ];
  const sorted = [...rows].sort((a, b) => Number(b.paymentPath) - Number(a.paymentPath) || a.name.localeCompare(b.name));
  for (const r of sorted) {
    const budgetMs = r.paymentPath ? COLD_BUDGETS.paymentPathImportMs : COLD_BUDGETS.otherImportMs;
    const timeOk = r.importMs <= budgetMs;
    const sizeOk = !r.paymentPath || r.unzippedBytes <= COLD_BUDGETS.paymentPathUnzippedBytes;
    if (!timeOk || !sizeOk) misses++;
    const budget = r.paymentPath
      ? `<= ${budgetMs} ms ${verdict(timeOk)}, <= 5 MB ${verdict(sizeOk)} (payment path)`
      : `<= ${budgetMs} ms ${verdict(timeOk)}`;
    lines.push(
      `${r.name.padEnd(30)} ${`${(r.unzippedBytes / MB).toFixed(1)} MB`.padStart(9)} ${String(r.files).padStart(6)} ${`${(r.zipBytes / MB).toFixed(1)} MB`.padStart(8)} ${String(r.fonts).padStart(5)} ${`${r.importMs.toFixed(0)} ms`.padStart(9)}  ${budget}`,
    );
  }
  const total = rows.reduce((s, r) => s + r.zipBytes, 0);
  lines.push(`${rows.length} functions, ${rows.filter((r) => r.fonts > 0).length} with fonts, ${(total / MB).toFixed(0)} MB of zips`);
  return { lines, misses };
}

/**
 * Milliseconds from starting `netlify dev --offline` (netlify.toml's [dev] setup, the stand-ins of
 * tests/netlify/stack.ts) to its first 200 from /api/pricing; budget COLD_BUDGETS.netlifyDevReadyMs.
 * Also run by `npm run bench:dev`.
 */
export async function netlifyDevReadyMs(): Promise<number> {
  // The stand-ins and the CLI runner the netlify test project uses.
  const { freePort, functionEnv, servedSecrets, startNetlify, startStandIns } = await import('../tests/netlify/stack');
  const stand = await startStandIns();
  const [port, vitePort, functionsPort] = [await freePort(), await freePort(), await freePort()];
  const t = performance.now();
  try {
    const dev = await startNetlify(['dev', '--offline', '--port', String(port), '--target-port', String(vitePort), '--functions-port', String(functionsPort)], {
      port,
      readyPath: '/api/pricing',
      timeoutMs: 900_000,
      env: functionEnv({ ...stand.env, PORT: String(vitePort), KEY_PREFIX: 'pesgre:bench-dev:', TICKET_SIGNING_KEY: servedSecrets.ticketSigningKey, SITE_URL: `http://localhost:${port}` }),
    });
    const ms = performance.now() - t;
    await dev.stop();
    return ms;
  } finally {
    await stand.close();
  }
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  const tools = await ensureNetlifyTools({ log: (m) => console.log(`[bench:cold] ${m}`) });
  if (Number(process.versions.node.split('.')[0]) < 22) {
    // Netlify bundles and runs functions on Node 22: run this script again there (tsx's CLI).
    const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const child = spawn(tools.node, [tsx, process.argv[1]!, ...process.argv.slice(2)], { cwd: root, env: tools.env(), stdio: 'inherit' });
    child.once('close', (code) => process.exit(code ?? 1));
  } else {
    const all = readdirSync(path.join(root, 'netlify', 'functions')).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();
    const names = process.env.BENCH_COLD_FUNCTIONS ? process.env.BENCH_COLD_FUNCTIONS.split(',').map((s) => s.trim()).filter(Boolean) : all;
    const unknown = names.filter((n) => !all.includes(n));
    if (unknown.length) throw new Error(`No such function: ${unknown.join(', ')}`);
    const runs = Number(process.env.BENCH_COLD_RUNS ?? 5);
    console.log(`[bench:cold] Node ${process.versions.node}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${names.length} functions, median of ${runs} cold imports`);
    const rows = await measure(tools, names, runs);
    const { lines, misses } = coldTable(rows);
    console.log(['', ...lines].join('\n'));
    let devMiss = 0;
    if (process.env.BENCH_COLD_DEV === '1') {
      const ms = await netlifyDevReadyMs();
      devMiss = ms <= COLD_BUDGETS.netlifyDevReadyMs ? 0 : 1;
      console.log(`\nnetlify dev answers /api/pricing after ${(ms / 1000).toFixed(0)} s (budget <= ${COLD_BUDGETS.netlifyDevReadyMs / 1000} s) ${verdict(!devMiss)}`);
    }
    console.log(`[bench:cold] load at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${misses + devMiss} MISS`);
    process.exit(process.env.BENCH_STRICT === '1' && misses + devMiss > 0 ? 1 : 0);
  }
}
