/**
 * `npm run test:netlify` (issue 17, "The production build, served by Netlify's CLI, in CI"):
 *   1. installs Node 22, netlify-cli and Deno into their cache folder unless they are there
 *      (scripts/netlify-tools.ts);
 *   2. runs the function tests (`vitest run --project functions`) on Node 22, the Node the
 *      functions run on at Netlify (npm test runs them on the project's Node 20);
 *   3. runs the `netlify` test project on Node 22 (tests/netlify: the production build served by
 *      `netlify serve`, and `netlify dev`, checked over HTTP against the local stand-ins);
 * then prints how long each part took and the total. Both test runs always run; the exit code is
 * 1 when the install or either run failed, 0 otherwise.
 *
 * Node 22's folder is first on PATH for everything started here, so whatever spawns `node` (npm
 * in the CLI's build, Vite, tsx) gets Node 22 too. Extra arguments are passed to both vitest runs
 * (e.g. `npm run test:netlify -- --reporter=verbose`).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureNetlifyTools, type NetlifyTools } from './netlify-tools';

const root = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(`[test:netlify] ${line}`);

/** vitest's command-line entry (its package's bin), run with whichever Node we choose. */
const vitestBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/** Runs vitest on the tools' Node 22 with `args`; resolves with its exit code (1 when it could not start). */
function vitestOnNode22(tools: NetlifyTools, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(tools.node, [vitestBin, ...args], { cwd: root, env: tools.env(), stdio: 'inherit' });
    child.once('error', (err) => {
      console.error(`[test:netlify] could not start vitest: ${err.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Whole seconds since `start` (a Date.now() value), e.g. "73 s". */
const since = (start: number) => `${Math.round((Date.now() - start) / 1000)} s`;

const extra = process.argv.slice(2);
const started = Date.now();
const timings: string[] = [];
let failed = false;

let tools: NetlifyTools;
try {
  const t = Date.now();
  tools = await ensureNetlifyTools({ log });
  timings.push(`tools ${since(t)} (${tools.dir})`);
} catch (err) {
  console.error(`[test:netlify] ${(err as Error).message}`);
  log(`failed after ${since(started)}: the Netlify tools could not be installed`);
  process.exit(1);
}

const parts: { name: string; args: string[] }[] = [
  { name: 'function tests on Node 22', args: ['run', '--project', 'functions', ...extra] },
  { name: 'netlify serve / netlify dev tests', args: ['run', '--project', 'netlify', ...extra] },
];
for (const part of parts) {
  log(`== ${part.name}`);
  const t = Date.now();
  const code = await vitestOnNode22(tools, part.args);
  timings.push(`${part.name} ${since(t)}${code === 0 ? '' : ` (FAILED, exit ${code})`}`);
  if (code !== 0) failed = true;
}

log(`took: ${timings.join('; ')}; total ${since(started)}`);
process.exit(failed ? 1 : 0);
