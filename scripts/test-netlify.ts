/**
 * `npm run test:netlify`:
 *   1. installs Node 22, netlify-cli and Deno into their cache folder unless they are there
 *      (scripts/netlify-tools.ts);
 *   2. runs the `netlify` test project on Node 22 (tests/netlify: the production build served by
 *      `netlify serve`, and `netlify dev`, checked over HTTP against the local stand-ins);
 * then prints how long each part took and the total. The exit code is 1 when the install or the
 * run failed, 0 otherwise.
 *
 * The function tests are not run here: `npm test` runs them, on Node 22 already
 * (`npm run test:functions`, scripts/vitest-node22.ts), so they run once per CI run
 * (docs/testing.md).
 *
 * Node 22's folder is first on PATH for everything started here, so whatever spawns `node` (npm
 * in the CLI's build, Vite, tsx) gets Node 22 too. Extra arguments are passed to vitest
 * (e.g. `npm run test:netlify -- --reporter=verbose`).
 */
import { ensureNetlifyTools, type NetlifyTools } from './netlify-tools';
import { vitestOnNode22 } from './vitest-node22';

const log = (line: string) => console.log(`[test:netlify] ${line}`);

/** Whole seconds since `start` (a Date.now() value), e.g. "73 s". */
const since = (start: number) => `${Math.round((Date.now() - start) / 1000)} s`;

const extra = process.argv.slice(2);
const started = Date.now();
const timings: string[] = [];

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

log('== netlify serve / netlify dev tests');
const t = Date.now();
const code = await vitestOnNode22(tools, ['run', '--project', 'netlify', ...extra]);
timings.push(`netlify serve / netlify dev tests ${since(t)}${code === 0 ? '' : ` (FAILED, exit ${code})`}`);

log(`took: ${timings.join('; ')}; total ${since(started)}`);
process.exit(code === 0 ? 0 : 1);
