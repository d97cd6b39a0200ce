/**
 * `npm run bench` (site part): builds the SPA, serves the production build with `vite preview`,
 * and prints for each measured route the gzipped JS and CSS it loads (files requested by a real
 * page load in Chromium, gzipped at level 9 as a CDN would) and Lighthouse's four category scores
 * with its default mobile settings. Figures, not assertions.
 */
import { spawn, execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumFlags, resolveChromium } from './chromium';

const root = path.resolve(import.meta.dirname, '..');
// CHROMIUM_PATH, else the system Chromium, else the one @sparticuz/chromium ships (scripts/chromium.ts).
const browser = await resolveChromium();
const chromeFlags = ['--headless=new', ...chromiumFlags];
const routes = (process.env.BENCH_ROUTES ?? '/').split(',');
const port = Number(process.env.BENCH_PORT ?? 4173);

function viteBin(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`preview server not ready at ${url}`);
}

/** Gzipped bytes of the JS and CSS files a page load requests from the build. */
async function assetSizes(base: string, route: string): Promise<{ js: number; css: number; files: string[] }> {
  const pw = await chromium.launch({ executablePath: browser.executablePath, env: { ...process.env, ...browser.env }, headless: true, args: [...chromiumFlags] });
  const page = await pw.newPage({ viewport: { width: 412, height: 823 } });
  const files = new Set<string>();
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (u.origin === base && /\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
  });
  await page.goto(base + route, { waitUntil: 'networkidle' });
  await pw.close();
  let js = 0;
  let css = 0;
  for (const f of files) {
    const size = gzipSync(await readFile(path.join(root, 'dist', f)), { level: 9 }).length;
    if (f.endsWith('.js')) js += size;
    else css += size;
  }
  return { js, css, files: [...files].sort() };
}

async function lighthouseScores(url: string): Promise<Record<string, number>> {
  const chrome = await chromeLauncher.launch({ chromePath: browser.executablePath, chromeFlags, envVars: { ...process.env, ...browser.env } });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const cats = result!.lhr.categories;
    return Object.fromEntries(Object.entries(cats).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]));
  } finally {
    await chrome.kill();
  }
}

execFileSync(process.execPath, [viteBin(), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const preview = spawn(process.execPath, [viteBin(), 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { cwd: root, stdio: 'ignore' });
const base = `http://127.0.0.1:${port}`;
console.log(`Chromium: ${browser.source} (${browser.executablePath})`);
try {
  await waitFor(base);
  for (const route of routes) {
    const sizes = await assetSizes(base, route);
    const scores = await lighthouseScores(base + route);
    console.log(`\n${route}`);
    console.log(`  gzipped JS  ${sizes.js.toLocaleString('en')} bytes`);
    console.log(`  gzipped CSS ${sizes.css.toLocaleString('en')} bytes`);
    console.log(`  files       ${sizes.files.join(', ')}`);
    console.log(`  Lighthouse (mobile): performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo}`);
  }
} finally {
  preview.kill();
}
