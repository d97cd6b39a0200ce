/**
 * `npm run test:quick`: the loop to run while working (docs/testing.md, "The loop while
 * working"). In order, stopping at the first failure:
 *   1. typecheck: tsc, incremental (its build info under node_modules/.cache/pesgre-quick/);
 *   2. lint: ESLint with its cache (same folder), so only changed files are linted again;
 *   3. every unit test;
 *   4. the function tests related to the changed files, on Node 22 (scripts/vitest-node22.ts);
 *   5. the end-to-end tests related to the changed files.
 * "Changed" is what git reports as not committed (staged, unstaged and new files), or with
 * `--since <commit>` also what was committed since that commit. "Related" is vitest's `--changed`:
 * a test file that changed, or imports a changed file at any depth; a change to package.json or a
 * Vite or vitest config selects every test. An end-to-end test reaches the pages through the
 * browser, not by import: after changing a page, run its e2e file too
 * (`npx vitest run --project e2e tests/e2e/<file>.test.ts`).
 *
 * Prints each step's time and the total; exits 1 when a step failed. `npm test` remains the full run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cache = 'node_modules/.cache/pesgre-quick';

/** The value of `--since <commit>` (or `--since=<commit>`), else undefined. */
export function sinceArgument(argv: string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--since' || a.startsWith('--since='));
  if (i === -1) return undefined;
  const value = argv[i]!.includes('=') ? argv[i]!.slice('--since='.length) : argv[i + 1];
  if (!value) throw new Error('--since needs a commit, e.g. --since main');
  return value;
}

/** The steps of the loop: a label and the command (run from the project folder). */
export function quickSteps(since: string | undefined): { label: string; command: string[] }[] {
  const changed = since ? `--changed=${since}` : '--changed';
  const bin = (name: string) => path.join('node_modules', '.bin', name);
  return [
    { label: 'typecheck', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', `${cache}/tsconfig.tsbuildinfo`] },
    { label: 'lint', command: [bin('eslint'), '--cache', '--cache-location', `${cache}/eslint/`, '.'] },
    { label: 'unit tests', command: [bin('vitest'), 'run', '--project', 'unit'] },
    { label: 'function tests related to the changes (Node 22)', command: [bin('tsx'), 'scripts/vitest-node22.ts', 'run', changed, '--passWithNoTests', '--project', 'functions'] },
    { label: 'end-to-end tests related to the changes', command: [bin('vitest'), 'run', changed, '--passWithNoTests', '--project', 'e2e'] },
  ];
}

function run(command: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { cwd: root, stdio: 'inherit' });
    child.once('error', (err) => {
      console.error(`[test:quick] could not start ${command[0]}: ${err.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (runDirectly) {
  const started = Date.now();
  const seconds = (from: number) => `${Math.round((Date.now() - from) / 1000)} s`;
  const times: string[] = [];
  let failed: string | undefined;
  for (const step of quickSteps(sinceArgument(process.argv.slice(2)))) {
    console.log(`\n[test:quick] == ${step.label}`);
    const t = Date.now();
    const code = await run(step.command);
    times.push(`${step.label} ${seconds(t)}`);
    if (code !== 0) {
      failed = step.label;
      break;
    }
  }
  console.log(`\n[test:quick] ${failed ? `FAILED at ${failed}` : 'passed'}: ${times.join('; ')}; total ${seconds(started)}`);
  process.exit(failed ? 1 : 0);
}
