/**
 * Every link in README.md and docs/**\/*.md resolves: a relative target
 * must name a file or folder of the repository (its #anchor and ?query ignored), anything else
 * must be an absolute https URL.
 *
 * No Markdown parser is a dependency of the project, so links are found with regular expressions
 * on the text outside code (fenced ``` / ~~~ blocks and `code spans` are blanked first, keeping
 * line numbers): inline links and images `[text](target "title")`, reference definitions
 * `[id]: target`, autolinks `<scheme:...>`, and bare `http(s)://` addresses (which GitHub turns
 * into links). Not handled, because these files do not use them: indented code blocks and raw
 * HTML tags. A path under a folder or file that .gitignore names (dist/, node_modules/, ...)
 * counts as missing: it exists on one machine, not in the repository.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface MarkdownLink {
  target: string;
  /** 1-based line of the link's start. */
  line: number;
}

/** `text` with every character of `[start, end)` but newlines replaced by spaces. */
function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

/**
 * `markdown` with fenced code blocks and inline code spans blanked out (newlines kept). A fence is
 * 3+ backticks or tildes indented at most 3 spaces, closed by a fence of the same character at
 * least as long (or the end of the file). A code span runs from a backtick run to the next run
 * of the same length within one paragraph (CommonMark).
 */
function withoutCode(markdown: string): string {
  let fence: { char: string; length: number } | null = null;
  const lines = markdown.split('\n').map((line) => {
    const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length) fence = null;
      return line.replace(/[^\n]/g, ' ');
    }
    // A backtick fence's info string may not contain a backtick (else it is a code span).
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      fence = { char: open[1]![0]!, length: open[1]!.length };
      return line.replace(/[^\n]/g, ' ');
    }
    return line;
  });
  // Paragraph by paragraph (the separators kept), so a stray backtick never pairs across a blank line.
  return lines
    .join('\n')
    .split(/(\n[ \t]*\n)/)
    .map((part) => part.replace(/(?<![`\\])(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' ')))
    .join('');
}

const INLINE_LINK = /!?\[((?:\\.|[^\\[\]]|\[(?:\\.|[^\\[\]])*\])*)\]\(\s*(<[^<>\n]*>|(?:\\.|[^\s()\\]|\((?:\\.|[^\s()\\])*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[((?:\\.|[^\\\]])+)\]:[ \t]*(<[^<>\n]*>|\S+)/gm;
const AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/g;
const BARE_URL = /\bhttps?:\/\/[^\s<>]*[^\s<>.,;:!?'")\]]/g;

/** Every link target in `markdown`, outside code, in order of appearance. */
function extractLinks(markdown: string): MarkdownLink[] {
  let text = withoutCode(markdown);
  const found: { target: string; index: number }[] = [];
  for (const pattern of [INLINE_LINK, REFERENCE_DEFINITION, AUTOLINK]) {
    for (const m of text.matchAll(pattern)) {
      found.push({ target: pattern === AUTOLINK ? m[1]! : m[2]!, index: m.index });
      // Blank the match so its target is not found again as a bare URL.
      text = blank(text, m.index, m.index + m[0].length);
    }
  }
  for (const m of text.matchAll(BARE_URL)) found.push({ target: m[0], index: m.index });
  const lineOf = (index: number) => markdown.slice(0, index).split('\n').length;
  return found.sort((a, b) => a.index - b.index).map(({ target, index }) => ({ target, line: lineOf(index) }));
}

/** A test for whether a path (relative to `root`, '/'-separated) is ignored by `root`/.gitignore's simple patterns. */
function gitignored(root: string): (relative: string) => boolean {
  const file = path.join(root, '.gitignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'))
    : [];
  const asRegExp = (glob: string) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')}$`);
  const rules = patterns.map((p) => ({ anchored: p.replace(/\/$/, '').includes('/'), test: asRegExp(p.replace(/^\//, '').replace(/\/$/, '')) }));
  return (relative) => {
    const segments = relative.split('/');
    return rules.some((r) => (r.anchored ? segments.some((_, i) => r.test.test(segments.slice(0, i + 1).join('/'))) : segments.some((s) => r.test.test(s))));
  };
}

/**
 * What is wrong with link `target` written in file `fromFile` (absolute) of the repository at
 * `root`, or null when it resolves.
 */
function problemWith(target: string, fromFile: string, root: string, ignored: (relative: string) => boolean): string | null {
  const t = target.startsWith('<') && target.endsWith('>') ? target.slice(1, -1) : target;
  if (t === '') return 'empty link target';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(t);
  if (scheme) {
    if (scheme[1]!.toLowerCase() !== 'https') return `not an https URL (${scheme[1]}:)`;
    return /^https:\/\/[^/\s?#]+/i.test(t) ? null : 'malformed https URL';
  }
  if (t.startsWith('//')) return 'protocol-relative URL: write https://';
  const filePart = t.replace(/[?#].*$/, '');
  if (filePart === '') return null; // #anchor in the same file
  if (filePart.startsWith('/')) return 'absolute path: write it relative to the file';
  let decoded: string;
  try {
    decoded = decodeURIComponent(filePart);
  } catch {
    return 'malformed %-encoding';
  }
  const resolved = path.resolve(path.dirname(fromFile), decoded);
  const relative = path.relative(root, resolved).split(path.sep).join('/');
  if (relative === '' || relative.startsWith('../') || relative === '..' || path.isAbsolute(relative)) return 'points outside the repository';
  if (!existsSync(resolved)) return `no such file or folder: ${relative}`;
  if (ignored(relative)) return `git-ignored, so not in the repository: ${relative}`;
  return null;
}

/** README.md and every .md file under docs/ of `root`, relative, '/'-separated, sorted. */
function markdownFiles(root: string): string[] {
  const docs = path.join(root, 'docs');
  const underDocs = existsSync(docs)
    ? readdirSync(docs, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f.split(path.sep).join('/')}`)
    : [];
  return [...(existsSync(path.join(root, 'README.md')) ? ['README.md'] : []), ...underDocs.sort()];
}

/** Every broken link of README.md and docs/**\/*.md under `root`, as `file:line: target: problem`. */
function linkProblems(root: string): string[] {
  const ignored = gitignored(root);
  const problems: string[] = [];
  for (const file of markdownFiles(root)) {
    const absolute = path.join(root, file);
    for (const link of extractLinks(readFileSync(absolute, 'utf8'))) {
      const problem = problemWith(link.target, absolute, root, ignored);
      if (problem) problems.push(`${file}:${link.line}: ${link.target}: ${problem}`);
    }
  }
  return problems;
}

describe('links in README.md and docs/', () => {
  it('reads README.md and the docs', () => {
    const files = markdownFiles(repoRoot);
    expect(files[0]).toBe('README.md');
    expect(files.filter((f) => f.startsWith('docs/')).length).toBeGreaterThan(0);
  });

  it('every link resolves to a file or folder of the repository, or is an https URL', () => {
    expect(linkProblems(repoRoot)).toEqual([]);
  });
});

describe('the link checker', () => {
  const sample = [
    '# Sample', // 1
    '', // 2
    'See [the setup](docs/setup.md#start), [a folder](src/) and ![a picture](img/logo.svg "Logo").', // 3
    'Same file: [up](#sample). Outside: [Netlify](https://docs.netlify.com/) and <https://example.org/x>.', // 4
    'Code is not a link: `[x](nowhere.md)` nor ``a `[y](nowhere.md)` b``.', // 5
    '', // 6
    '```sh', // 7
    'echo "[z](nowhere.md)"', // 8
    '```', // 9
    '', // 10
    'Broken: [gone](docs/gone.md), [plain](http://example.org/), [rooted](/etc/passwd), [out](../outside.md).', // 11
    'Bare: http://localhost:5173 and https://example.org/y.', // 12
    'Ignored: [built](dist/index.html).', // 13
    '', // 14
    '[ref]: docs/setup.md', // 15
    '[bad ref]: docs/missing.md', // 16
  ].join('\n');

  it('finds inline links, images, reference definitions, autolinks and bare URLs, but nothing in code', () => {
    expect(extractLinks(sample)).toEqual([
      { target: 'docs/setup.md#start', line: 3 },
      { target: 'src/', line: 3 },
      { target: 'img/logo.svg', line: 3 },
      { target: '#sample', line: 4 },
      { target: 'https://docs.netlify.com/', line: 4 },
      { target: 'https://example.org/x', line: 4 },
      { target: 'docs/gone.md', line: 11 },
      { target: 'http://example.org/', line: 11 },
      { target: '/etc/passwd', line: 11 },
      { target: '../outside.md', line: 11 },
      { target: 'http://localhost:5173', line: 12 },
      { target: 'https://example.org/y', line: 12 },
      { target: 'dist/index.html', line: 13 },
      { target: 'docs/setup.md', line: 15 },
      { target: 'docs/missing.md', line: 16 },
    ]);
  });

  const tmp = mkdtempSync(path.join(tmpdir(), 'pesgre-docs-links-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('fails on a broken link and passes the ones that resolve', () => {
    mkdirSync(path.join(tmp, 'docs'), { recursive: true });
    mkdirSync(path.join(tmp, 'src'), { recursive: true });
    mkdirSync(path.join(tmp, 'img'), { recursive: true });
    mkdirSync(path.join(tmp, 'dist'), { recursive: true });
    writeFileSync(path.join(tmp, 'docs', 'setup.md'), '# Setup\n\nBack to [the README](../README.md).\n');
    writeFileSync(path.join(tmp, 'img', 'logo.svg'), '<svg/>');
    writeFileSync(path.join(tmp, 'dist', 'index.html'), '<!doctype html>');
    writeFileSync(path.join(tmp, '.gitignore'), 'node_modules/\ndist/\n*.log\n');
    writeFileSync(path.join(tmp, 'README.md'), sample);

    expect(markdownFiles(tmp)).toEqual(['README.md', 'docs/setup.md']);
    expect(linkProblems(tmp)).toEqual([
      'README.md:11: docs/gone.md: no such file or folder: docs/gone.md',
      'README.md:11: http://example.org/: not an https URL (http:)',
      'README.md:11: /etc/passwd: absolute path: write it relative to the file',
      'README.md:11: ../outside.md: points outside the repository',
      'README.md:12: http://localhost:5173: not an https URL (http:)',
      'README.md:13: dist/index.html: git-ignored, so not in the repository: dist/index.html',
      'README.md:16: docs/missing.md: no such file or folder: docs/missing.md',
    ]);

    // Fixed, the same file passes.
    writeFileSync(path.join(tmp, 'README.md'), sample.split('\n').slice(0, 10).concat('[ref]: docs/setup.md').join('\n'));
    expect(linkProblems(tmp)).toEqual([]);
  });
});
