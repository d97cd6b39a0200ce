import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * How many e2e files run at once: E2E_WORKERS when set (1 runs them one after the other), else 2.
 * Not more by default: every file runs a Vite dev server, its functions and a Chromium, and on a
 * 2-core machine a third would only queue for the CPU.
 */
function e2eWorkers(): number {
  const n = Number(process.env.E2E_WORKERS);
  return Number.isInteger(n) && n > 0 ? n : 2;
}

/**
 * Workers of the unit and functions projects: vitest's default (one fewer than the cores), but at
 * least two, which on a 2-core machine is one more than the default: the unit files read files and
 * the function files wait on Redis, the bridge and the double, so two at once keep both cores busy.
 */
const atLeastTwoWorkers = Math.max(2, availableParallelism() - 1);

/**
 * Three test projects (npm test runs them in this order, each named with --project):
 *  - unit: pure logic (pricing arithmetic, schemas, browser helpers), no I/O;
 *  - functions: the Netlify functions called with real Requests against a real Redis through the
 *    Upstash bridge and the real razorpay SDK against the test double, plus the stand-ins' own
 *    tests (`npm run test:functions` runs them on Node 22: scripts/vitest-node22.ts);
 *  - e2e: the whole site (npm start's stack on its own ports) driven in Chromium.
 * A fourth, netlify, is run only by `npm run test:netlify` (scripts/test-netlify.ts, on Node 22): the
 * production build served by Netlify's own CLI (`netlify serve`, `netlify dev`), over plain HTTP.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: atLeastTwoWorkers },
      },
      {
        test: {
          name: 'functions',
          include: ['tests/functions/**/*.test.ts', 'tests/infra/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/local-stack.ts'],
          setupFiles: ['tests/setup/function-env.ts'],
          // Files keep to their own key prefix and scope the double's faults to a payment, so they
          // run side by side.
          maxWorkers: atLeastTwoWorkers,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One Redis and one production build for the whole run (tests/setup/e2e-run.ts).
          globalSetup: ['tests/setup/e2e-run.ts'],
          // Files run side by side: each starts its own stack (ports, key prefix, outbox) and browser,
          // and a file spends about half its time waiting on the browser and the stack, so two
          // workers keep a 2-core machine busy. The rules a file must follow: docs/testing.md.
          fileParallelism: true,
          maxWorkers: e2eWorkers(),
          testTimeout: 120_000,
          // Starting a stack builds its first function; on a loaded 2-core machine that has taken minutes.
          hookTimeout: 300_000,
          // A function is loaded on its first call (Vite evaluates its module graph), which can take seconds on a busy machine.
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
      {
        test: {
          name: 'netlify',
          include: ['tests/netlify/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own CLI (a build, or Vite): one at a time on a 2-core machine.
          fileParallelism: false,
          testTimeout: 60_000,
          // netlify serve builds the site and bundles every function before it answers: minutes on
          // a loaded 2-core machine. (netlify dev no longer traces every function's imports before it
          // serves any, which took 520 s there: decision 059.)
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
