/**
 * Dev only (`npm start`, the e2e tests): builds each Netlify function once and again only when
 * one of its own source files changed, instead of on every call.
 *
 * @netlify/functions-dev (under @netlify/vite-plugin 2.x) bundles a function with esbuild on
 * every invocation, into a directory made for that one request and deleted after it; with
 * pdf-lib, nodemailer and the Razorpay SDK in the bundles that is seconds per API call. It has no
 * switch for this, so this module wraps the function objects' `invoke`: builds go to one lasting
 * directory (.netlify/functions-cache, one sub-folder per function), and when the function was
 * built before and none of its non-dependency source files is newer than that build, the call is
 * made without a build directory, which makes the library reuse the last build (its
 * `buildQueue`). Each invocation runs in a new worker, so a rebuilt bundle is loaded fresh.
 * Production never runs this code. Written here because no maintained package offers it; remove
 * it when the plugin caches builds itself.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { FunctionsHandler } from '@netlify/functions-dev';

interface DevFunction {
  srcFiles: Set<string>;
  buildError: unknown;
  invoke(opts: { buildDirectory?: string; [key: string]: unknown }): Promise<Response>;
}

const builtAt = new WeakMap<object, number>();
const patched = new WeakSet<object>();

/** True when a source file of `func` (outside node_modules) changed after `since` (ms), or is gone. */
function changedSince(func: DevFunction, since: number): boolean {
  for (const file of func.srcFiles) {
    if (file.includes('/node_modules/')) continue;
    try {
      if (statSync(file).mtimeMs > since) return true;
    } catch {
      return true;
    }
  }
  return false;
}

function patchFunctionPrototype(proto: DevFunction): void {
  if (patched.has(proto)) return;
  patched.add(proto);
  const original = proto.invoke;
  proto.invoke = async function (this: DevFunction, opts) {
    const last = builtAt.get(this);
    if (opts.buildDirectory && last !== undefined && !this.buildError && this.srcFiles.size > 0 && !changedSince(this, last)) {
      return original.call(this, { ...opts, buildDirectory: undefined });
    }
    // Stamped before the build starts: a file saved during the build triggers another one next call.
    builtAt.set(this, Date.now());
    return original.call(this, opts.buildDirectory ? { ...opts, buildDirectory: cacheDirectory } : opts);
  };
}

let installed = false;
/** Where builds go for good (git-ignored with the rest of .netlify). */
const cacheDirectory = path.resolve('.netlify', 'functions-cache');

/** Installs the cache (idempotent). Call from the Vite config, dev only. */
export function cacheFunctionBuilds(): void {
  if (installed) return;
  installed = true;
  const handlerProto = FunctionsHandler.prototype as unknown as { invoke: (request: Request, route: unknown, func: DevFunction, buildDirectory?: string) => Promise<Response> };
  const original = handlerProto.invoke;
  handlerProto.invoke = function (this: unknown, request, route, func, buildDirectory) {
    patchFunctionPrototype(Object.getPrototypeOf(func) as DevFunction);
    return original.call(this, request, route, func, buildDirectory);
  };
}
