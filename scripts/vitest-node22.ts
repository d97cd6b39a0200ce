/**
 * Runs vitest on Node 22, the Node that Netlify runs the functions on
 * (docs/decisions/006-node-22-in-production.md), whatever Node started this script. Node 22 comes
 * from the Netlify tools' cache folder (scripts/netlify-tools.ts), installed from the npm registry
 * first when it is missing (about a minute, once). `npm run test:functions` (which `npm test` runs)
 * and `npm run test:netlify` go through here, so the function tests run once, on production's Node
 * (docs/testing.md).
 *
 * CLI: `tsx scripts/vitest-node22.ts <vitest arguments>`, e.g. `run --project functions`; exits
 * with vitest's exit code (1 when the tools could not be installed or vitest could not start).
 * Node 22's folder is first on PATH for what vitest starts (a child `node`, npm, tsx).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureNetlifyTools, type NetlifyTools } from './netlify-tools';

const root = path.resolve(import.meta.dirname, '..');

/** vitest's command-line entry (its package's bin), run with whichever Node we choose. */
const vitestBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/**
 * Runs vitest with `args` on the tools' Node 22 in the project folder, its output on this
 * process's; resolves with vitest's exit code (1 when it could not start). `env` is added to this
 * process's environment.
 */
export function vitestOnNode22(tools: NetlifyTools, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(tools.node, [vitestBin, ...args], { cwd: root, env: tools.env({ ...process.env, ...env }), stdio: 'inherit' });
    child.once('error', (err) => {
      console.error(`[vitest-node22] could not start vitest: ${err.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  let tools: NetlifyTools;
  try {
    tools = await ensureNetlifyTools({ log: (m) => console.log(`[vitest-node22] ${m}`) });
  } catch (err) {
    console.error(`[vitest-node22] Node 22 could not be installed: ${(err as Error).message}`);
    process.exit(1);
  }
  process.exit(await vitestOnNode22(tools, process.argv.slice(2)));
}
