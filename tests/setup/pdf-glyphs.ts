/**
 * What a PDF actually draws, read with MuPDF (npm mupdf, WebAssembly), for the tests of the
 * server's documents (docs/decisions/033-documents-fit-the-printable-area.md):
 *
 * - `drawnWords`: every word's box, from MuPDF's structured text with `/ActualText` ignored (the
 *   glyphs as placed, not the text the writer claims) and no clipping to the page, so a word
 *   running past the edge is reported where it is drawn. Boxes are in points from the page's
 *   bottom left; their height is the font's ascender and descender, as a reader's selection shows.
 * - `drawnGlyphs`: every glyph shown, with its glyph id in the embedded font (0 is .notdef: a
 *   character the font lacks) and the characters the font's ToUnicode map gives it. A
 *   multi-character glyph (a conjunct) comes with its further characters as entries of glyph -1.
 * - `drawnLines`: the glyphs grouped into the lines they were drawn on.
 *
 * pdftotext (tests/setup/pdftotext.ts) reads the `/ActualText` the server writes from its input,
 * so it cannot tell a glyph that was never drawn; these helpers read what is on the page.
 */
import * as mupdf from 'mupdf';

/** A rectangle in points from the page's bottom left. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface DrawnWord {
  /** 0-based page index. */
  page: number;
  /** The word as its glyphs read (visual order for Indic scripts). */
  text: string;
  box: Box;
}

export interface DrawnGlyph {
  page: number;
  /** Glyph id in the embedded font: 0 is .notdef, -1 a further character of the glyph before. */
  gid: number;
  /** The character(s) ToUnicode gives the glyph ('' when none). */
  text: string;
  font: string;
  /** Baseline origin, points from the page's bottom left. */
  x: number;
  y: number;
  size: number;
  /** Advance width in points. */
  advance: number;
}

export interface DrawnLine {
  page: number;
  glyphs: DrawnGlyph[];
  /** The glyphs' characters in drawing order. */
  text: string;
}

function open(bytes: Uint8Array): mupdf.Document {
  return mupdf.Document.openDocument(bytes, 'application/pdf');
}

/** Every page's size in points. */
export function pageSizes(bytes: Uint8Array): { width: number; height: number }[] {
  const doc = open(bytes);
  return Array.from({ length: doc.countPages() }, (_, i) => {
    const [x0, y0, x1, y1] = doc.loadPage(i).getBounds();
    return { width: x1 - x0, height: y1 - y0 };
  });
}

/** Every word of every page as drawn (see the module comment). */
export function drawnWords(bytes: Uint8Array): DrawnWord[] {
  const doc = open(bytes);
  const words: DrawnWord[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    const height = page.getBounds()[3];
    let word: DrawnWord | null = null;
    const flush = () => {
      if (word && word.text.trim()) words.push(word);
      word = null;
    };
    page.toStructuredText('preserve-whitespace,ignore-actualtext,clip=no').walk({
      beginLine: flush,
      endLine: flush,
      onChar(c, _origin, _font, _size, quad) {
        if (/^\s$/u.test(c)) return flush();
        const xs = [quad[0], quad[2], quad[4], quad[6]];
        // Structured text is y-down from the top left; boxes here are y-up like the PDF's own space.
        const ys = [quad[1], quad[3], quad[5], quad[7]].map((y) => height - y);
        const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
        if (!word) word = { page: i, text: c, box };
        else {
          word.text += c;
          word.box = { x0: Math.min(word.box.x0, box.x0), y0: Math.min(word.box.y0, box.y0), x1: Math.max(word.box.x1, box.x1), y1: Math.max(word.box.y1, box.y1) };
        }
      },
    });
    flush();
  }
  return words;
}

/** Every glyph of every page as drawn, in drawing order (see the module comment). */
export function drawnGlyphs(bytes: Uint8Array): DrawnGlyph[] {
  const doc = open(bytes);
  const glyphs: DrawnGlyph[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const device = new mupdf.Device({
      fillText(text) {
        text.walk({
          showGlyph(font, trm, gid, unicode) {
            const size = Math.hypot(trm[0], trm[1]);
            glyphs.push({ page: i, gid, text: unicode >= 0 ? String.fromCodePoint(unicode) : '', font: font.getName(), x: trm[4], y: trm[5], size, advance: gid >= 0 ? font.advanceGlyph(gid, 0) * size : 0 });
          },
        });
      },
    });
    doc.loadPage(i).run(device, mupdf.Matrix.identity);
    device.close();
  }
  return glyphs;
}

/** The glyphs grouped into lines: one baseline, each glyph starting near where the one before ended. */
export function drawnLines(bytes: Uint8Array): DrawnLine[] {
  const lines: DrawnLine[] = [];
  let line: DrawnLine | null = null;
  let end = 0;
  for (const g of drawnGlyphs(bytes)) {
    const continues = line && g.page === line.page && Math.abs(g.y - line.glyphs[0]!.y) < 0.01 && (g.gid === -1 || (g.x > end - g.size && g.x < end + g.size * 0.6));
    if (!continues) {
      line = { page: g.page, glyphs: [], text: '' };
      lines.push(line);
    }
    line!.glyphs.push(g);
    line!.text += g.text;
    if (g.gid !== -1) end = g.x + g.advance;
  }
  return lines;
}

/**
 * The characters of `text` as a sorted key, for comparing what a line's glyphs carry with what
 * was meant whatever their visual order: canonical decomposition (a font may draw 'ೀ' as 'ಿ' +
 * 'ೕ'), without white space and the joiners ZWJ/ZWNJ.
 */
export function charKey(text: string): string[] {
  return [...text.normalize('NFD').replace(/[\s\u200c\u200d]/gu, '')].sort();
}

/** True when every character of `expected` (with multiplicity) is among the glyphs of `line`. */
export function lineCarries(line: DrawnLine, expected: string): boolean {
  const have = charKey(line.text);
  for (const ch of charKey(expected)) {
    const at = have.indexOf(ch);
    if (at < 0) return false;
    have.splice(at, 1);
  }
  return true;
}

/** The words not wholly inside any of `areas` (a small tolerance for rounding). */
export function wordsOutside(words: readonly DrawnWord[], areas: (page: number) => readonly Box[]): DrawnWord[] {
  const e = 0.01;
  return words.filter((w) => !areas(w.page).some((a) => w.box.x0 >= a.x0 - e && w.box.x1 <= a.x1 + e && w.box.y0 >= a.y0 - e && w.box.y1 <= a.y1 + e));
}

/** The page less `margin` points on every side. */
export function inset(size: { width: number; height: number }, margin: number): Box {
  return { x0: margin, y0: margin, x1: size.width - margin, y1: size.height - margin };
}

/**
 * The first phrase of two or more words that `text` says twice in a row ('(PESGRE 2025) (PESGRE
 * 2025)'), or null. Words are compared as written, white space collapsed. A single repeated word
 * is not reported: 'Dharwad, Dharwad' is a campus and its city.
 */
export function repeatedPhrase(text: string): string | null {
  const words = text.split(/\s+/).filter(Boolean);
  for (let len = 2; len <= 12; len++) {
    for (let i = 0; i + 2 * len <= words.length; i++) {
      let same = true;
      for (let k = 0; k < len && same; k++) same = words[i + k] === words[i + len + k];
      if (same) return words.slice(i, i + len).join(' ');
    }
  }
  return null;
}

/**
 * What is wrong with how `bytes` draws `expected` (each string meant to be printed): a .notdef
 * glyph anywhere (a character the embedded font lacks), or a string that no drawn line, nor up
 * to three lines drawn one after another (a name set on two lines), carries: a character drawn
 * as '?', or left out. Empty when every string is drawn with real glyphs.
 */
export function glyphProblems(bytes: Uint8Array, expected: readonly string[]): string[] {
  const problems = drawnGlyphs(bytes)
    .filter((g) => g.gid === 0)
    .map((g) => `page ${g.page + 1}: .notdef glyph (${g.font}) for "${g.text}" at x ${g.x.toFixed(1)}, y ${g.y.toFixed(1)}`);
  const lines = drawnLines(bytes);
  const carried = (text: string) =>
    lines.some((_, i) =>
      [1, 2, 3].some((n) => {
        const run = lines.slice(i, i + n);
        return run.length === n && run.every((l) => l.page === run[0]!.page) && lineCarries({ page: run[0]!.page, glyphs: run.flatMap((l) => l.glyphs), text: run.map((l) => l.text).join('') }, text);
      }),
    );
  for (const text of expected) if (!carried(text)) problems.push(`no line draws the glyphs of "${text}"`);
  return problems;
}
