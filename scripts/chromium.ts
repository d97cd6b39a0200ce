/**
 * Which Chromium the tests, `npm run bench` and `npm run screenshots` drive, in this order:
 *  1. CHROMIUM_PATH, when set (an error if it is not an executable file: an explicit choice is never
 *     silently replaced);
 *  2. the system Chromium at /usr/bin/chromium (Debian's `chromium` package);
 *  3. the headless Chromium that the npm package @sparticuz/chromium ships inside its tarball
 *     (brotli-packed, so `npm ci` alone provides a browser; nothing is downloaded).
 *
 * The package's build targets Amazon Linux; on Debian/Ubuntu it needs only glibc plus NSS, NSPR and
 * expat, which the package also ships (bin/al2023.tar.br) but only unpacks on AWS. We unpack them too
 * and point LD_LIBRARY_PATH at them, and point fontconfig at the package's own fonts, so a machine
 * without Chromium's Debian dependencies (libnss3, fonts) still gets a working browser. The package's
 * `args` (--single-process, --no-zygote, --disable-web-security ...) are for Lambda and are not used:
 * the flags below are enough here and keep the browser as close to the system one as possible.
 */
import { accessSync, constants, createReadStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import * as tar from 'tar';

/** The flags every launch passes (the machine runs as root without a GPU; no background traffic). */
export const chromiumFlags: readonly string[] = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Debian's Chromium wrapper script. */
export const systemChromiumPath = '/usr/bin/chromium';

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'package';

/** A browser to launch: its binary, and the environment variables it needs on top of process.env. */
export interface ResolvedChromium {
  source: ChromiumSource;
  executablePath: string;
  env: Record<string, string>;
}

/** True when `file` exists and is executable by this process (what the default check uses). */
export function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The order above as a pure decision. Takes the environment and an executable-file check (injectable
 * for tests); returns the source and, for the first two, the binary. Throws when CHROMIUM_PATH names
 * something that is not an executable file.
 */
export function chooseChromium(
  env: NodeJS.ProcessEnv = process.env,
  isExecutable: (file: string) => boolean = isExecutableFile,
): { source: 'CHROMIUM_PATH' | 'system'; executablePath: string } | { source: 'package' } {
  const explicit = env.CHROMIUM_PATH?.trim();
  if (explicit) {
    if (!isExecutable(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} is not an executable file`);
    return { source: 'CHROMIUM_PATH', executablePath: explicit };
  }
  if (isExecutable(systemChromiumPath)) return { source: 'system', executablePath: systemChromiumPath };
  return { source: 'package' };
}

/** Holds a lock directory while `fn` runs, so two processes never unpack into the same files at once. */
async function withExtractLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), 'sparticuz-chromium-unpack.lock');
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A holder that died mid-unpack leaves the lock behind; unpacking takes seconds, so minutes means stale.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // removed meanwhile by its holder
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Unpacks @sparticuz/chromium (its executablePath() writes the binary to $TMPDIR/chromium and its fonts
 * to $TMPDIR/fonts, and reuses them on later calls) plus its NSS/NSPR/expat libraries into
 * $TMPDIR/al2023/lib, where the package itself puts them on Amazon Linux. Returns the launch description.
 */
export async function packageChromium(): Promise<ResolvedChromium> {
  const { default: Chromium } = await import('@sparticuz/chromium');
  return withExtractLock(async () => {
    const executablePath = await Chromium.executablePath();
    const libParent = path.join(tmpdir(), 'al2023');
    const libDir = path.join(libParent, 'lib');
    if (!existsSync(path.join(libDir, 'libnss3.so'))) {
      // The package's entry is build/cjs/index.cjs; its packed files are in bin/ (it exports no subpaths).
      const packed = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', '..', 'bin', 'al2023.tar.br');
      // Unpacked aside and renamed into place, so an interrupted unpack never leaves half a library behind.
      const staging = `${libParent}.${process.pid}`;
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      await pipeline(createReadStream(packed), createBrotliDecompress(), tar.x({ cwd: staging }));
      rmSync(libParent, { recursive: true, force: true });
      renameSync(staging, libParent);
    }
    const ldPath = [libDir, ...(process.env.LD_LIBRARY_PATH ? [process.env.LD_LIBRARY_PATH] : [])].join(':');
    return { source: 'package', executablePath, env: { LD_LIBRARY_PATH: ldPath, FONTCONFIG_PATH: path.join(tmpdir(), 'fonts') } };
  });
}

let resolved: Promise<ResolvedChromium> | undefined;

/**
 * The browser to launch (see the module comment for the order), unpacking the package's Chromium on
 * first use (a few seconds, once per machine). Memoised per process.
 */
export function resolveChromium(): Promise<ResolvedChromium> {
  resolved ??= (async () => {
    const choice = chooseChromium();
    return choice.source === 'package' ? packageChromium() : { ...choice, env: {} };
  })();
  return resolved;
}
