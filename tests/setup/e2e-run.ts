/**
 * Global setup of the e2e project: what the end-to-end files share when several run at once
 * (docs/testing.md, "e2e files in parallel").
 *
 *  - One Redis for every stack of the run: the machine's when one answers at REDIS_URL (default
 *    redis://127.0.0.1:6379), else a redis-server started here with its data under
 *    .data/test-redis. Its URL goes to the workers as REDIS_URL, so no stack (scripts/start.ts)
 *    starts or stops a Redis of its own: one stack stopping "its" Redis would pull it from under
 *    a file still running beside it. Each stack keeps its own key prefix (tests/e2e/stack.ts).
 *  - Vite's pre-bundled dependencies (node_modules/.vite/deps) for the stacks' dev servers, made
 *    here once before any stack starts, so that each stack's Vite finds them and uses them. Two
 *    stacks that found none would each bundle them, and the second to finish would replace the
 *    folder that the first one's pages are loading from. They are made with the NODE_ENV the
 *    stacks get (vitest's workers: 'test' unless set), which is part of Vite's cache key.
 *  - A folder for the run (PESGRE_E2E_RUN_DIR), under node_modules/.cache so that a server-side
 *    bundle kept there resolves React from node_modules: the production build the files share is
 *    made there once (tests/e2e/production-preview.ts). It is removed when the run ends.
 *
 * Workers get this process's environment as it is after this setup (vitest's forks pool), which
 * is how REDIS_URL and PESGRE_E2E_RUN_DIR reach them and the stacks they start.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { createLogger, optimizeDeps, resolveConfig } from 'vite';
import { ensureRedis } from '../../scripts/redis-local';

const root = path.resolve(import.meta.dirname, '../..');

/** Makes (or finds up to date) the dev server's pre-bundled dependencies, as a stack's Vite would under NODE_ENV `nodeEnv`. */
async function prebundleDependencies(nodeEnv: string): Promise<void> {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    // Vite warns that calling optimizeDeps by hand is deprecated: it is what a dev server does at
    // its start, done here once for all of them; the warning is left out.
    const logger = createLogger('error');
    const config = await resolveConfig({ root, customLogger: logger, logLevel: 'error' }, 'serve');
    await optimizeDeps(config);
  } finally {
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  }
}

export default async function setup() {
  await prebundleDependencies(process.env.NODE_ENV || 'test');
  const redis = await ensureRedis({ dataDir: path.join(root, '.data/test-redis') });
  process.env.REDIS_URL = redis.url;
  const cache = path.join(root, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const runDir = await mkdtemp(path.join(cache, 'pesgre-e2e-run-'));
  process.env.PESGRE_E2E_RUN_DIR = runDir;
  return async () => {
    await rm(runDir, { recursive: true, force: true });
    await redis.stop();
  };
}
