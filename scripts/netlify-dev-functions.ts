/**
 * `netlify dev` only (NETLIFY_DEV is set): a Vite plugin that compiles every function in
 * netlify/functions into one ES module each, in the folder netlify.toml's `[dev] functions` names
 * (.netlify/dev-functions), before Vite starts listening, and again whenever a source changes. The
 * CLI serves the functions from that folder without tracing them (netlify.toml's
 * `[context.dev.functions] node_bundler = "none"`), so it answers within seconds of Vite instead of
 * after minutes; why, with the figures: docs/decisions/059-netlify-dev-serves-prebuilt-modules.md.
 *
 * Each module is what Netlify's own build makes of the function's file (zip-it-and-ship-it's
 * transformer for v2 functions, @netlify/zip-it-and-ship-it dist/runtimes/node/bundlers/nft/transformer.js):
 * esbuild with the project's own sources bundled in, every npm package left as an import
 * (`packages: 'external'`), ESM for Node 22, and the same CommonJS shim on top. The packages resolve
 * from the project's node_modules at run time (Node looks up the folders from the CLI's copy in
 * .netlify/functions-serve), so no copy of them is made. The in-source `config` stays a literal
 * object, which the CLI reads for the routes as Netlify does.
 *
 * The production build is not affected: the deploy contexts never see `[dev]` or `[context.dev]`,
 * and `npm run build`'s functions are bundled from netlify/functions as before. One local build
 * would: `netlify deploy --build` without `--context` builds in the CLI's default context, `dev`,
 * where "none" would ship each function's TypeScript file alone. `refuseDevContextBuild` stops that
 * build before any function is bundled.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { context, type BuildContext } from 'esbuild';
import { parse as parseToml } from 'smol-toml';
import type { Plugin } from 'vite';

/**
 * zip-it-and-ship-it's CJS_SHIM (dist/runtimes/node/utils/esm_cjs_compat.js): a bundled CommonJS
 * package that calls `require`, or reads `__dirname`, works in the ES module as it does on Netlify.
 */
const CJS_SHIM = `
import {createRequire as ___nfyCreateRequire} from "module";
import {fileURLToPath as ___nfyFileURLToPath} from "url";
import {dirname as ___nfyPathDirname} from "path";
let __filename=___nfyFileURLToPath(import.meta.url);
let __dirname=___nfyPathDirname(___nfyFileURLToPath(import.meta.url));
let require=___nfyCreateRequire(import.meta.url);
`;

/** The folder `netlify dev` serves the functions from: netlify.toml's `[dev] functions` (absolute). Throws when it is not set. */
export function devFunctionsDir(root: string): string {
  const toml = parseToml(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as { dev?: { functions?: string } };
  const dir = toml.dev?.functions;
  if (!dir) throw new Error('netlify.toml has no [dev] functions folder for `netlify dev`');
  return path.resolve(root, dir);
}

/**
 * An esbuild context that writes one `<name>.mjs` per netlify/functions/<name>.ts into `outdir`.
 * The caller runs `rebuild()` and/or `watch()`, and `dispose()` at the end.
 */
export async function devFunctionsContext(root: string, outdir: string): Promise<BuildContext> {
  const functionsDir = path.join(root, 'netlify', 'functions');
  const entryPoints = readdirSync(functionsDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(functionsDir, f));
  return context({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    // netlify.toml's NODE_VERSION (22), as zip-it-and-ship-it's target for it.
    target: 'node22',
    banner: { js: CJS_SHIM },
    // Stack traces point into the sources (the CLI's runtime installs source-map-support).
    sourcemap: 'inline',
    logLevel: 'error',
  });
}

/** The plugin: active only for Vite's dev server under `netlify dev`. */
export function netlifyDevFunctions(): Plugin {
  return {
    name: 'pesgre:netlify-dev-functions',
    apply: (_config, env) => env.command === 'serve' && Boolean(process.env.NETLIFY_DEV),
    async configureServer(server) {
      const root = server.config.root;
      const outdir = devFunctionsDir(root);
      // A function deleted since the last run must not be served.
      rmSync(outdir, { recursive: true, force: true });
      const ctx = await devFunctionsContext(root, outdir);
      const started = performance.now();
      // Before Vite listens: the CLI lists the folder once Vite's port answers.
      await ctx.rebuild();
      server.config.logger.info(`[netlify dev] ${readdirSync(outdir).length} functions compiled into ${path.relative(root, outdir)} in ${Math.round(performance.now() - started)} ms`);
      // A changed source rewrites the modules; the CLI reloads each module that changed. A new or
      // deleted function file needs a restart (the entry points are fixed here).
      await ctx.watch();
      server.httpServer?.once('close', () => void ctx.dispose());
    },
  };
}

/**
 * Throws when `env` is that of a Netlify build in the `dev` deploy context (CONTEXT=dev, which
 * @netlify/config gives the build command: a local `netlify deploy --build` or `netlify build
 * --context dev`). netlify.toml's `[context.dev.functions] node_bundler = "none"` is meant for
 * `netlify dev` alone (decision 059); a deploy built under it would ship functions that cannot
 * start. Any other context (production, deploy-preview, branch-deploy) or none passes.
 */
export function refuseDevContextBuild(env: NodeJS.ProcessEnv = process.env): void {
  if (env.CONTEXT === 'dev') {
    throw new Error(
      'This build runs in the `dev` deploy context (CONTEXT=dev; `netlify deploy --build` defaults to it), where netlify.toml bundles no function ' +
        '([context.dev.functions] is for `netlify dev` only: docs/decisions/059-netlify-dev-serves-prebuilt-modules.md). ' +
        'Build with --context production (or deploy-preview).',
    );
  }
}

/** The guard as a plugin for `vite build` (npm run build, the build command Netlify runs). */
export function refuseDevContextBuildPlugin(): Plugin {
  return {
    name: 'pesgre:refuse-dev-context-build',
    apply: 'build',
    configResolved() {
      refuseDevContextBuild();
    },
  };
}
