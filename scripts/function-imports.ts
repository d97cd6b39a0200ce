/**
 * What a function loads when it starts, found with esbuild's metafile (esbuild is the bundler tsx
 * runs on; a dependency of the project), as Netlify's bundler lays it out: zip-it-and-ship-it
 * bundles a function's own modules into one file with esbuild (packages external), so a module of
 * the project behind a dynamic `import()` is inlined and the packages it imports statically are
 * hoisted to the top of that file and load at start. Only an `import()` of a package is a
 * boundary: what lies behind it loads on the request that needs it.
 *
 * Used by tests/unit/cold-imports.test.ts (the payment and delegate path loads no PDF, e-mail or
 * font code at its top) and by scripts/bench-cold.ts. The rule and the list of functions:
 * docs/performance.md.
 */
import path from 'node:path';
import { build, type Metafile } from 'esbuild';

/**
 * The payment and delegate path (docs/performance.md, "Cold starts"): functions every delegate's
 * registration or the check-in desk calls, which must start fast and ship small. File names
 * under netlify/functions/ without `.ts`.
 */
export const PAYMENT_PATH_FUNCTIONS = [
  'payment-create-order',
  'payment-verify',
  'payment-webhook',
  'payment-release-order',
  'pricing',
  'coupons-verify',
  'ieee-status',
  'registration-by-id',
  'registrations-email-check',
  'cancellation-quote',
  'name-change-get',
  'verify-qr',
  'admin-checkins-sync',
] as const;

/**
 * Modules that only some requests need (PDF drawing, e-mail rendering and sending, amounts in
 * words, the fonts, the Razorpay SDK), matched against metafile input paths. A function on the payment path loads
 * none of them at its top.
 */
export const LAZY_ONLY: readonly { name: string; test: (input: string) => boolean }[] = [
  { name: 'pdf-lib', test: (p) => /node_modules\/(pdf-lib|@pdf-lib\/[^/]+)\//.test(p) },
  // The renderer and the umbrella package (Tailwind, a code highlighter); the one-component packages
  // the templates import are a few kB and may load at start.
  { name: 'react-email', test: (p) => /node_modules\/@react-email\/(render|components|tailwind|code-block|markdown)\//.test(p) },
  { name: 'react-dom', test: (p) => /node_modules\/react-dom\//.test(p) },
  { name: 'nodemailer', test: (p) => /node_modules\/nodemailer\//.test(p) },
  // The package's entry loads every locale (about 90 ms); the two locales the documents use load in 5.
  { name: 'to-words', test: (p) => /node_modules\/to-words\/dist\/(esm|cjs)\/ToWords\.js$/.test(p) },
  { name: 'fonts', test: (p) => /\.(ttf|otf|woff2?)$/.test(p) || /node_modules\/(notosans-fontface|@expo-google-fonts\/[^/]+)\//.test(p) },
  { name: 'qrcode', test: (p) => /node_modules\/qrcode\//.test(p) },
  // The Razorpay SDK with axios and form-data, loaded by the first call to Razorpay (decision 054).
  { name: 'razorpay', test: (p) => /node_modules\/(razorpay|axios|form-data)\//.test(p) },
];

/**
 * The metafile of bundling `entries` (absolute or repository-relative paths) for Node 22, in one
 * build: each entry's output lists what it may load, dynamic imports included (inlined, since
 * nothing is split), and `inputs` holds the import graph of them all.
 */
export async function metafileOf(entries: string | string[], root = process.cwd()): Promise<Metafile> {
  const result = await build({
    entryPoints: [entries].flat().map((e) => path.resolve(root, e)),
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    jsx: 'automatic',
    logLevel: 'silent',
    loader: { '.ttf': 'file', '.png': 'file', '.woff': 'file', '.woff2': 'file' },
    outdir: path.join(root, '.esbuild-metafile'),
  });
  return result.metafile;
}

const isPackage = (input: string): boolean => input.includes('node_modules/');

/**
 * The inputs a function loads at start (metafile input paths, relative to the working directory):
 * reachable from the entry point through static imports and requires, and through dynamic
 * imports from one project module to another (inlined and hoisted by Netlify's bundler), each
 * mapped to the input that first imported it, so a chain can be printed.
 */
export function staticallyReachable(meta: Metafile, entryPoint?: string): Map<string, string | null> {
  const entry = entryPoint ?? Object.values(meta.outputs).map((o) => o.entryPoint).find((e): e is string => Boolean(e));
  if (!entry) throw new Error('The metafile has no entry point.');
  const reached = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const from = queue.shift()!;
    for (const imp of meta.inputs[from]?.imports ?? []) {
      if (imp.external || imp.kind === 'require-resolve') continue;
      if (imp.kind === 'dynamic-import' && (isPackage(from) || isPackage(imp.path))) continue;
      if (reached.has(imp.path)) continue;
      reached.set(imp.path, from);
      queue.push(imp.path);
    }
  }
  return reached;
}

/** The chain of imports from the entry to `input`, entry first. */
export function importChain(reached: Map<string, string | null>, input: string): string[] {
  const chain: string[] = [];
  for (let at: string | null | undefined = input; at; at = reached.get(at)) chain.unshift(at);
  return chain;
}

export interface LazyViolation {
  module: string;
  /** entry -> ... -> the first input of that module reached statically. */
  chain: string[];
}

/** For `entry`, each LAZY_ONLY module reachable by static imports, with one chain that reaches it. */
export async function lazyViolations(entry: string, root = process.cwd()): Promise<LazyViolation[]> {
  return violationsIn(await metafileOf(entry, root));
}

/** violations of one entry of `meta` (its metafile input path; the first entry when left out). */
export function violationsIn(meta: Metafile, entryPoint?: string): LazyViolation[] {
  const reached = staticallyReachable(meta, entryPoint);
  const found: LazyViolation[] = [];
  for (const rule of LAZY_ONLY) {
    const input = [...reached.keys()].find((p) => rule.test(p));
    if (input) found.push({ module: rule.name, chain: importChain(reached, input) });
  }
  return found;
}

/**
 * The functions that hand their e-mails to mail-send instead of composing them (decision 053):
 * the payment and delegate path and the self-service verify calls. They carry no e-mail, PDF or
 * font code at all, not even behind import() (Netlify's bundler would ship it: the packages in
 * the zip, the fonts by netlify.toml).
 */
export const HANDS_OFF_MAIL: readonly string[] = [...PAYMENT_PATH_FUNCTIONS, 'tier-upgrade-verify', 'ieee-change-verify', 'name-transfer-verify'];

/** The project's modules that compose or send e-mail or draw PDFs (metafile input paths). */
const MAIL_AND_PDF_MODULE = /netlify\/server\/(mail|mail-delivery|mail-handoff-send|notices|invoice-pdf|pdf-text|badges-pdf|certificates|visa-letters|team-mail|programme-notices)\.tsx?$|netlify\/server\/emails\//;

/**
 * Everything of the e-mail, PDF and font code (LAZY_ONLY's packages and fonts, and the project's
 * modules that compose messages or draw PDFs) that the output of `entryPoint` (the first entry
 * when left out) contains, statically or behind import(): metafile input paths, sorted.
 */
export function mailAndPdfCodeIn(meta: Metafile, entryPoint?: string): string[] {
  const output = Object.values(meta.outputs).find((o) => o.entryPoint && (!entryPoint || o.entryPoint === entryPoint));
  if (!output) throw new Error('The metafile has no entry point.');
  return Object.keys(output.inputs)
    .filter((p) => MAIL_AND_PDF_MODULE.test(p) || LAZY_ONLY.some((rule) => rule.name !== 'razorpay' && rule.test(p)))
    .sort();
}

/** The metafile input path of the function `name` (netlify/functions/{name}.ts). */
export const functionInput = (name: string): string => `netlify/functions/${name}.ts`;

/**
 * The functions (names) that can draw a PDF on some request: the font reader (pdf-text.ts) is
 * among what they may load, statically or behind import(). They, and only they, ship the fonts
 * (netlify.toml).
 */
export function functionsDrawingPdfs(meta: Metafile): string[] {
  return Object.values(meta.outputs)
    .filter((o) => o.entryPoint && Object.keys(o.inputs).some((p) => p.endsWith('netlify/server/platform/pdf-text.ts')))
    .map((o) => path.basename(o.entryPoint!, '.ts'))
    .sort();
}

// CLI: `npx tsx scripts/function-imports.ts [name...]` prints the violations of the payment path.
if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : [...PAYMENT_PATH_FUNCTIONS];
  for (const name of names) {
    const v = await lazyViolations(`netlify/functions/${name}.ts`);
    console.log(`${name}: ${v.length ? '' : 'clean'}`);
    for (const { module, chain } of v) console.log(`  ${module}: ${chain.join(' -> ')}`);
  }
}
