/**
 * The focus ring against every colour the site's style sheets paint (WCAG 1.4.11, decision 010): the
 * ring's tokens in src/app/global.css, checked against each colour literal and token of every CSS
 * file under src/ (alpha colours composited over white and over the darkest colour the site uses),
 * and every rule that draws a focus outline draws the two-tone ring, not a colour of its own.
 * The Chromium side (tests/e2e/keyboard.test.ts) reads the computed styles of focused elements.
 */
import { describe, expect, it } from 'vitest';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { colord } from 'colord';
import { MIN_NON_TEXT_CONTRAST, over, ringContrast } from '../e2e/focus-ring';

const root = path.resolve(import.meta.dirname, '../..');

async function cssFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.css')) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(root, file), await readFile(file, 'utf8'));
    }
  }
  return files;
}

/** The custom properties of global.css's :root block. */
function tokens(globalCss: string): Map<string, string> {
  const rootBlock = /:root\s*{([^}]*)}/.exec(globalCss)![1]!.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map([...rootBlock.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const colourLiteral = /#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)/g;

describe('the focus ring', () => {
  it('meets 3:1 against every colour of the style sheets, its ring against its band too', async () => {
    const files = await cssFiles();
    const vars = tokens(files.get('src/app/global.css')!);
    const ring = vars.get('--focus-ring')!;
    const halo = vars.get('--focus-halo')!;
    expect(colord(ring).isValid() && colord(halo).isValid()).toBe(true);
    expect(vars.get('--focus')).toBe('3px solid var(--focus-ring)');
    expect(vars.get('--focus-shadow')).toBe('0 0 0 7px var(--focus-halo)');

    const literals = new Set<string>();
    for (const css of files.values()) for (const m of css.matchAll(colourLiteral)) literals.add(m[0]);
    const opaque = [...literals].filter((c) => colord(c).alpha() === 1);
    // The darkest opaque colour of the site, under which its translucent overlays (backdrops, shadows) also sit.
    const darkest = opaque.reduce((a, b) => (colord(a).luminance() <= colord(b).luminance() ? a : b));
    const backgrounds = new Map<string, string>();
    for (const c of literals) {
      if (colord(c).alpha() === 1) backgrounds.set(c, colord(c).toHex());
      else {
        backgrounds.set(`${c} over white`, over(c, '#ffffff').toHex());
        backgrounds.set(`${c} over ${darkest}`, over(c, darkest).toHex());
      }
    }
    expect(backgrounds.size).toBeGreaterThan(40);

    const failing = [...backgrounds]
      .map(([name, bg]) => ({ name, ...ringContrast(ring, halo, bg) }))
      .filter((r) => r.best < MIN_NON_TEXT_CONTRAST || r.ringToHalo < MIN_NON_TEXT_CONTRAST);
    expect(failing).toEqual([]);
  });

  it('the old single-colour ring fails on the light backgrounds, as the audit measured', async () => {
    const vars = tokens(await readFile(path.join(root, 'src/app/global.css'), 'utf8'));
    const accent = vars.get('--accent')!;
    for (const bg of ['--surface', '--page', '--brand-tint']) {
      expect(ringContrast(accent, accent, vars.get(bg)!).best, bg).toBeLessThan(MIN_NON_TEXT_CONTRAST);
    }
  });

  it('every rule that draws a focus outline draws the two-tone ring', async () => {
    const offenders: string[] = [];
    let rings = 0;
    for (const [file, css] of await cssFiles()) {
      const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
      for (const rule of text.matchAll(/([^{}]+){([^{}]*)}/g)) {
        const [selector, body] = [rule[1]!.trim(), rule[2]!];
        const outline = /(?:^|;|\s)outline\s*:\s*([^;]+)/.exec(body)?.[1]?.trim();
        if (outline === undefined || outline === 'none') continue;
        rings++;
        if (outline !== 'var(--focus)' || !/box-shadow\s*:\s*var\(--focus-shadow\)/.test(body)) offenders.push(`${file}: ${selector}`);
        // The global rule must win over components' own shadows, whatever their specificity.
        if (selector === ':focus-visible' && !/box-shadow\s*:\s*var\(--focus-shadow\)\s*!important/.test(body)) offenders.push(`${file}: ${selector} without !important`);
      }
      // An outline turned off on focus must only be where focus is programmatic (headings, main).
      for (const rule of text.matchAll(/([^{}]+){([^{}]*outline\s*:\s*none[^{}]*)}/g)) {
        const selector = rule[1]!.trim();
        if (!/:not\(:focus-visible\)|\.site-main:focus/.test(selector)) offenders.push(`${file}: ${selector} turns the outline off`);
      }
    }
    expect(offenders).toEqual([]);
    // global.css, admin.css (three rules) and info.css draw it.
    expect(rings).toBeGreaterThanOrEqual(5);
  });
});
