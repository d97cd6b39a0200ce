/**
 * netlify.toml's `netlify dev` settings stay confined to `netlify dev` (decision 059): the CLI
 * serves the modules Vite compiles into [dev] functions, bundling nothing in the `dev` context,
 * while every deploy context keeps Netlify's default bundling of netlify/functions; a build in the
 * `dev` context (a local `netlify deploy --build` without --context) is refused.
 * `tests/netlify/dev-server.test.ts` runs the real `netlify dev` on these settings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { devFunctionsDir, refuseDevContextBuild } from '../../scripts/netlify-dev-functions';

const root = path.resolve(import.meta.dirname, '../..');

interface Toml {
  build: { functions: string };
  dev: { functions?: string };
  functions?: Record<string, unknown>;
  context?: Record<string, { functions?: Record<string, unknown> }>;
}
const toml = parseToml(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as unknown as Toml;

describe("netlify.toml's netlify dev functions", () => {
  it('serves netlify dev from the compiled folder, git-ignored under .netlify/, and deploys from netlify/functions', () => {
    expect(devFunctionsDir(root)).toBe(path.join(root, '.netlify', 'dev-functions'));
    expect(toml.build.functions).toBe('netlify/functions');
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8').split('\n')).toContain('.netlify/');
  });

  it('sets a bundler only for the dev context: production keeps the default (nft) bundling', () => {
    const bundlers = Object.entries(toml.functions ?? {}).filter(([key, value]) => key === 'node_bundler' || (typeof value === 'object' && value !== null && 'node_bundler' in value));
    expect(bundlers).toEqual([]);
    const contexts = Object.entries(toml.context ?? {}).filter(([, c]) => c.functions !== undefined).map(([name, c]) => [name, c.functions]);
    expect(contexts).toEqual([['dev', { node_bundler: 'none' }]]);
  });

  it('refuses a build in the dev deploy context, and only there', () => {
    expect(() => refuseDevContextBuild({ CONTEXT: 'dev' })).toThrow(/--context production/);
    for (const CONTEXT of ['production', 'deploy-preview', 'branch-deploy', '', undefined]) {
      expect(() => refuseDevContextBuild({ CONTEXT })).not.toThrow();
    }
  });
});
