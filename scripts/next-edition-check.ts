/**
 * `npm run test:next-edition`: follows the README's next-edition
 * steps as written, in a temporary copy of the repository, and fails when the tests do not pass
 * there. In the copy it
 *
 * 1. edits `src/content/` as a next committee would: every date in it one year later (ISO days
 *    '2025-11-01', also as the day of an instant '2025-12-21T18:00:00+05:30', and written days
 *    '30 June 2025'), and one fee changed (the Standard
 *    professional non-member fee in INR, +500);
 * 2. runs `npm run assets` (README step 3), which regenerates the PDFs, the hotel sheet and the
 *    SVGs from the content;
 * 3. runs the tests of the `unit` and `functions` projects that the edit can change
 *    (`relatedTests`): those that import a content module the edit changed, directly or through
 *    other modules (vitest's `related`, which follows the import graph), and those whose source
 *    names a file under src/content or public/, which they may read from disk. The function tests
 *    run on Node 22, as in `npm test` (scripts/vitest-node22.ts). The end-to-end tests are not run:
 *    they pin some 2025 instants (decision 018).
 *
 * The copy shares this checkout's node_modules (a symlink) and the machine's Redis (the tests use
 * their own key prefixes). A few minutes: CI runs it (`.ci/run`), `npm test` does not. Which
 * tests it picks, and why: docs/testing.md. `--keep` leaves the copy on disk and prints where it is.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';

/** Every date of a content module one year later: ISO days and written days ('30 June 2025'). */
export function shiftDates(source: string, years = 1): string {
  return source
    .replace(/\b(20\d\d)-(\d\d)-(\d\d)(?!\d)/g, (_, y: string, m: string, d: string) => {
      const year = Number(y) + years;
      // 29 February moves to 28 February in a year that has none.
      const day = m === '02' && d === '29' && new Date(Date.UTC(year, 1, 29)).getUTCMonth() !== 1 ? '28' : d;
      return `${year}-${m}-${day}`;
    })
    .replace(new RegExp(`\\b(\\d{1,2}) (${MONTHS}) (20\\d\\d)\\b`, 'g'), (_, d: string, month: string, y: string) => `${d} ${month} ${Number(y) + years}`);
}

/** The one fee the check changes: professional, non-member, Standard, INR. */
export function changeOneFee(source: string): string {
  const re = /(non: \{ early: \{ INR: \d+, USD: \d+ \}, std: \{ INR: )(\d+)/;
  if (!re.test(source)) throw new Error('the professional non-member Standard INR fee was not found in src/content/registration.ts');
  return source.replace(re, (_, head: string, fee: string) => `${head}${Number(fee) + 500}`);
}

function copyRepository(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pesgre-next-edition-'));
  // What git tracks plus new files not ignored: the checkout as a committee member would have it.
  // node_modules is left out even when it is a symlink (a git worktree's, which `node_modules/` in
  // .gitignore does not match): the copy gets its own link below.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && f !== 'node_modules');
  for (const file of files) {
    const from = path.join(root, file);
    const to = path.join(dir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      cpSync(from, to);
    } catch {
      // A file deleted in the working tree but still in the index.
    }
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function run(dir: string, label: string, command: string, args: string[]): boolean {
  console.log(`\n== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: dir, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  console.log(`== ${label}: exit ${result.status} after ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status === 0;
}

/** Every file under `dir` (relative to `root`, '/'-separated) with a hash of its bytes. */
function fileHashes(root: string, dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    hashes.set(file, createHash('sha256').update(readFileSync(path.join(root, file))).digest('hex'));
  }
  return hashes;
}

/** The test files of `dirs` (relative to `root`) whose source names src/content/ or public/: they may read those files from disk, where an import graph does not see it. */
export function testsNamingContentFiles(root: string, dirs: string[]): string[] {
  const tests: string[] = [];
  for (const dir of dirs) {
    for (const name of readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
      if (!name.endsWith('.test.ts')) continue;
      const file = `${dir}/${name.split(path.sep).join('/')}`;
      if (/src\/content\/|\bpublic\//.test(readFileSync(path.join(root, file), 'utf8'))) tests.push(file);
    }
  }
  return tests;
}

/**
 * The arguments of `vitest related` for the tests the edit can change: the changed files (content
 * modules and regenerated assets) and the test files that name content or asset files in their
 * source. vitest runs a test file that is among them or that imports one of them, at any depth.
 */
export function relatedTests(changed: string[], namingTests: string[]): string[] {
  return [...new Set([...changed, ...namingTests])].sort();
}

function main(): number {
  const dir = copyRepository();
  console.log(`next edition: a copy of the repository in ${dir}`);
  try {
    const content = path.join(dir, 'src/content');
    const changed: string[] = [];
    for (const name of readdirSync(content).filter((f) => f.endsWith('.ts'))) {
      const file = path.join(content, name);
      const before = readFileSync(file, 'utf8');
      let after = shiftDates(before);
      if (name === 'registration.ts') after = changeOneFee(after);
      if (after !== before) {
        writeFileSync(file, after);
        changed.push(`src/content/${name}`);
      }
    }
    console.log(`next edition: ${changed.length} content modules edited (dates one year later, one fee changed)`);
    const assetsBefore = fileHashes(dir, 'public');
    if (!run(dir, 'README step 3', 'npm', ['run', 'assets'])) return 1;
    for (const [file, hash] of fileHashes(dir, 'public')) if (assetsBefore.get(file) !== hash) changed.push(file);
    const related = relatedTests(changed, testsNamingContentFiles(dir, ['tests/unit', 'tests/functions', 'tests/infra']));
    console.log(`next edition: the tests that import or name these files run:\n  ${related.join('\n  ')}`);
    const ok = [
      run(dir, 'unit tests', 'npx', ['vitest', 'related', '--run', '--passWithNoTests', '--project', 'unit', ...related]),
      run(dir, 'function tests (Node 22)', 'npx', ['tsx', 'scripts/vitest-node22.ts', 'related', '--run', '--passWithNoTests', '--project', 'functions', ...related]),
    ].every(Boolean);
    console.log(ok ? '\nnext edition: the tests pass with the shifted content' : '\nnext edition: FAILED (above)');
    return ok ? 0 : 1;
  } finally {
    if (keep) console.log(`next edition: copy kept at ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) process.exitCode = main();
