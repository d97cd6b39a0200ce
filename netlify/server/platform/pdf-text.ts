/**
 * Unicode text in the PDFs the server draws (invoices and credit notes today; badges,
 * certificates and visa letters use the same module): delegates' names in Devanagari, Tamil,
 * Kannada or Vietnamese print as written, not as '?'.
 *
 * - Fonts: Noto Sans (Latin, Latin Extended, Vietnamese, Greek, Cyrillic; npm notosans-fontface)
 *   and Noto Sans for nine Indic scripts (npm @expo-google-fonts/noto-sans-*), regular and bold,
 *   embedded with pdf-lib's fontkit (@pdf-lib/fontkit), subset to the glyphs a document uses
 *   (an invoice with a Devanagari name stays about 40 KB). A document embeds only the fonts its
 *   text needs: `createPdfText` scans the document's strings first, since drawing is synchronous.
 * - Shaping: fontkit applies each script's OpenType shaping (conjuncts, reph, pre-base matras).
 * - Extraction: shaped glyphs are stored in visual order (the i-matra before its consonant), so
 *   a text extractor reading glyphs would print 'िक' for 'कि'. Every drawn line is therefore
 *   wrapped in a marked-content span with /ActualText, the logical text (PDF 1.7, 14.9.4), which
 *   copy-paste, screen readers and pdftotext read instead of the glyphs.
 * - A character no font covers (CJK, emoji) prints as '?'; the ActualText still holds it.
 *
 * No library composes script runs and ActualText over pdf-lib, so the run splitting is ours.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Color, PDFDocument, PDFFont, PDFName as PDFNameType, PDFPage } from 'pdf-lib';
import { toPrintable } from '../../../src/shared/printable-text';
import { wrapWords } from '../../../src/shared/wrap';

/** A script with a font of its own; 'latin' covers Latin, Greek, Cyrillic and the common characters. */
type FontScript = 'latin' | 'devanagari' | 'tamil' | 'kannada' | 'telugu' | 'malayalam' | 'bengali' | 'gujarati' | 'gurmukhi' | 'oriya';

const require = createRequire(import.meta.url);

/** Where each script's regular and bold font files are (package-relative, resolved through node_modules). */
const FONT_FILES: Record<FontScript, { regular: string; bold: string }> = {
  latin: { regular: 'notosans-fontface/fonts/NotoSans-Regular.ttf', bold: 'notosans-fontface/fonts/NotoSans-Bold.ttf' },
  ...(Object.fromEntries(
    (
      [
        ['devanagari', 'Devanagari'],
        ['tamil', 'Tamil'],
        ['kannada', 'Kannada'],
        ['telugu', 'Telugu'],
        ['malayalam', 'Malayalam'],
        ['bengali', 'Bengali'],
        ['gujarati', 'Gujarati'],
        ['gurmukhi', 'Gurmukhi'],
        ['oriya', 'Oriya'],
      ] as const
    ).map(([script, name]) => [
      script,
      {
        regular: `@expo-google-fonts/noto-sans-${script}/400Regular/NotoSans${name}_400Regular.ttf`,
        bold: `@expo-google-fonts/noto-sans-${script}/700Bold/NotoSans${name}_700Bold.ttf`,
      },
    ]),
  ) as Record<Exclude<FontScript, 'latin'>, { regular: string; bold: string }>),
};

/** Unicode script of a character -> the font that draws it; anything else is 'latin' (or inherits its run's script). */
const SCRIPT_PATTERNS: Array<[FontScript, RegExp]> = [
  ['devanagari', /\p{Script=Devanagari}/u],
  ['tamil', /\p{Script=Tamil}/u],
  ['kannada', /\p{Script=Kannada}/u],
  ['telugu', /\p{Script=Telugu}/u],
  ['malayalam', /\p{Script=Malayalam}/u],
  ['bengali', /\p{Script=Bengali}/u],
  ['gujarati', /\p{Script=Gujarati}/u],
  ['gurmukhi', /\p{Script=Gurmukhi}/u],
  ['oriya', /\p{Script=Oriya}/u],
];
// Spaces, punctuation, digits, combining marks, ZWJ/ZWNJ and danda belong to the run they stand in.
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

function scriptOf(ch: string): FontScript | null {
  for (const [script, pattern] of SCRIPT_PATTERNS) if (pattern.test(ch)) return script;
  return NEUTRAL.test(ch) ? null : 'latin';
}

/** Splits `text` into runs of one script each; neutral characters join the run before them (or after, at the start). */
export function scriptRuns(text: string): Array<{ script: FontScript; text: string }> {
  const runs: Array<{ script: FontScript; text: string }> = [];
  let pending = '';
  for (const ch of text.normalize('NFC')) {
    const script = scriptOf(ch);
    const last = runs.at(-1);
    if (script === null) {
      if (last) last.text += ch;
      else pending += ch;
    } else if (last && last.script === script) last.text += ch;
    else if (last && script === 'latin' && /^\p{Mn}/u.test(ch)) last.text += ch;
    else {
      runs.push({ script, text: pending + ch });
      pending = '';
    }
  }
  if (pending) runs.push({ script: 'latin', text: pending });
  return runs;
}

const fileCache = new Map<string, Uint8Array>();
function fontBytes(file: string): Uint8Array {
  let bytes = fileCache.get(file);
  if (!bytes) {
    bytes = readFileSync(require.resolve(file));
    fileCache.set(file, bytes);
  }
  return bytes;
}

// Parsing a font file takes most of a document's time (Noto Sans: about 40 ms), so each file is
// parsed once per process: pdf-lib asks its fontkit to create the font from the bytes, and this
// fontkit answers the same bytes (one cached buffer per file) with the same parsed font. Each
// document still makes its own subset from it.
type Fontkit = typeof import('@pdf-lib/fontkit');
let libraries: Promise<{ lib: typeof import('pdf-lib'); fontkit: Fontkit }> | undefined;
/**
 * pdf-lib and the caching fontkit, loaded by the first document, not at import: functions that
 * attach a PDF to some e-mails must start without them (docs/performance.md, "Cold starts").
 */
function pdfLibraries(): Promise<{ lib: typeof import('pdf-lib'); fontkit: Fontkit }> {
  libraries ??= (async () => {
    // fontkit's Indic shaper is compiled with regenerator and expects its runtime as a global.
    // @ts-expect-error -- regenerator-runtime ships no types; it is loaded for its side effect only.
    await import('regenerator-runtime/runtime.js');
    const [lib, fontkitModule] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
    // A CommonJS package: Node's import() gives its exports as the default.
    const fontkit = ((fontkitModule as { default?: Fontkit }).default ?? fontkitModule) as Fontkit;
    const parsedFonts = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
    const cachingFontkit: Fontkit = {
      ...fontkit,
      create(data: Uint8Array, postscriptName?: string) {
        let font = parsedFonts.get(data);
        if (!font) {
          font = fontkit.create(data, postscriptName);
          parsedFonts.set(data, font);
        }
        return font;
      },
    };
    return { lib, fontkit: cachingFontkit };
  })();
  return libraries;
}

// Shaping a string (fontkit's GSUB/GPOS lookups) is most of the remaining time, and a document
// measures each string before drawing it (right alignment, wrapping): widths at 1 pt are kept per
// font file and string, for every document of the process. Bounded: cleared past 20,000 strings.
const widthCache = new Map<string, number>();
/** The code points each font file covers (its cmap, read once per process). */
const charsets = new Map<string, Set<number>>();
function widthAt1pt(fontKey: string, font: PDFFont, text: string): number {
  const key = `${fontKey}\u0000${text}`;
  let w = widthCache.get(key);
  if (w === undefined) {
    if (widthCache.size >= 20_000) widthCache.clear();
    w = font.widthOfTextAtSize(text, 1);
    widthCache.set(key, w);
  }
  return w;
}

/**
 * The printable area of every page the server draws: the page less half an inch (36 pt) on each
 * side, a margin every office printer prints inside. Every word of an invoice, credit note, badge
 * sheet, certificate and visa letter stays inside it (docs/decisions/033-documents-fit-the-printable-area.md);
 * rules, bands and borders may run to the edge.
 */
export const PRINT_MARGIN = 36;

/** Drawing options; `size` in points, `x`/`y` in points from the page's bottom left. */
export interface DrawOptions {
  size: number;
  bold?: boolean;
  color?: Color;
}

/** How a paragraph is fitted and set (PdfText.fit and PdfText.paragraph). */
export interface ParagraphOptions extends DrawOptions {
  /** The smallest size the text may shrink to, in points (default `size`: no shrinking). */
  minSize?: number;
  /**
   * The lines the text should take at most: it shrinks, half a point at a time down to `minSize`,
   * until it fits in as many. At `minSize` it takes more lines rather than being cut. Default: no limit.
   */
  maxLines?: number;
  /** Distance between baselines as a multiple of the size (default 1.3). */
  leading?: number;
  /** Where each line sits in the width (default left). */
  align?: 'left' | 'centre' | 'right';
}

/** A fitted paragraph: its lines, their size and the distance between baselines (points). */
export interface FittedText {
  lines: string[];
  size: number;
  leading: number;
}

/** The text tools of one document: measuring and drawing Unicode lines with the right font per script. */
export interface PdfText {
  /** Width in points of `text` at `size` (shaped, as drawn). */
  width(text: string, size: number, bold?: boolean): number;
  /** Draws one line at (x, y), run by run, inside an ActualText span holding `text`. */
  draw(page: PDFPage, text: string, x: number, y: number, opts: DrawOptions): void;
  /** `text` as lines no wider than `width` points at `size`: whole words where they fit, a longer word broken between grapheme clusters. */
  lines(text: string, width: number, size: number, bold?: boolean): string[];
  /** The largest size (from opts.size down to opts.minSize) at which `text` fits `width` in opts.maxLines lines, and its lines. */
  fit(text: string, width: number, opts: ParagraphOptions): FittedText;
  /**
   * Fits `text` into `width` (fit) and draws it with its first baseline at `y`, each line aligned
   * in [x, x + width]. Returns the baseline below the last line (y less one leading per line).
   */
  paragraph(page: PDFPage, text: string, x: number, y: number, width: number, opts: ParagraphOptions): number;
}

/**
 * Embeds into `pdf` the fonts that `texts` (every string the document will draw) need, and
 * returns the tools that draw with them. Text of a script not met in `texts` prints as '?'.
 * Throws when a font file is missing from node_modules (a broken install or deploy bundle).
 */
export async function createPdfText(pdf: PDFDocument, texts: Iterable<string>): Promise<PdfText> {
  const { lib, fontkit } = await pdfLibraries();
  const { PDFHexString, PDFName, PDFOperator, PDFOperatorNames } = lib;
  pdf.registerFontkit(fontkit);
  const needed = new Set<FontScript>(['latin']);
  for (const t of texts) for (const run of scriptRuns(t)) needed.add(run.script);
  const fonts = new Map<string, { key: string; font: PDFFont; charset: Set<number> }>();
  for (const script of needed) {
    for (const weight of ['regular', 'bold'] as const) {
      const font = await pdf.embedFont(fontBytes(FONT_FILES[script][weight]), { subset: true });
      const key = `${script}:${weight}`;
      let charset = charsets.get(key);
      if (!charset) {
        charset = new Set(font.getCharacterSet());
        charsets.set(key, charset);
      }
      fonts.set(key, { key, font, charset });
    }
  }
  const fontFor = (script: FontScript, bold: boolean) => fonts.get(`${script}:${bold ? 'bold' : 'regular'}`) ?? fonts.get(`latin:${bold ? 'bold' : 'regular'}`)!;

  // Fitting a paragraph measures the same strings at many sizes: each string's runs are kept for the document.
  const layouts = new Map<string, { font: PDFFont; shown: string; width1: number }[]>();
  /** The runs as they will be drawn: each with its font and its characters the font lacks as '?' (a control character as a space). */
  const layout = (text: string, bold: boolean) => {
    const cacheKey = `${bold ? 'b' : 'r'}${text}`;
    let runs = layouts.get(cacheKey);
    if (!runs) {
      if (layouts.size >= 20_000) layouts.clear();
      runs = scriptRuns(toPrintable(text)).map((run) => {
        const { key, font, charset } = fontFor(run.script, bold);
        let shown = '';
        // ZWJ/ZWNJ steer shaping and have no glyph of their own in some fonts; keep them for fontkit.
        for (const ch of run.text) shown += ch === '\u200d' || ch === '\u200c' || charset.has(ch.codePointAt(0)!) ? ch : '?';
        return { font, shown, width1: widthAt1pt(key, font, shown) };
      });
      layouts.set(cacheKey, runs);
    }
    return runs;
  };

  const width = (text: string, size: number, bold = false) => layout(text, bold).reduce((sum, r) => sum + r.width1 * size, 0);
  // Widths grow linearly with the size: the 1 pt width (cached) decides every fit.
  const lines = (text: string, maxWidth: number, size: number, bold = false) => wrapWords(text, (l) => width(l, 1, bold) * size <= maxWidth, { breakWords: true });
  const fit = (text: string, maxWidth: number, opts: ParagraphOptions): FittedText => {
    const leading = opts.leading ?? 1.3;
    const max = opts.size;
    const min = Math.min(opts.minSize ?? max, max);
    const maxLines = opts.maxLines ?? Infinity;
    const at = (size: number): FittedText => ({ lines: lines(text, maxWidth, size, opts.bold), size, leading: size * leading });
    if (maxLines === 1) {
      // One line: the largest half point at which the whole text fits, measured once (widths are
      // linear in the size); its white space collapsed as wrapping would.
      const line = text.split(/\s+/).filter(Boolean).join(' ');
      if (!line) return { lines: [], size: max, leading: max * leading };
      const one = Math.min(max, Math.floor((maxWidth / Math.max(width(line, 1, opts.bold), 1e-6)) * 2) / 2);
      if (one >= min) return { lines: [line], size: one, leading: one * leading };
      return at(min);
    }
    const first = at(max);
    if (first.lines.length <= maxLines || min === max) return first;
    // Half points below `max`, largest first; the line count only grows as the size shrinks, so
    // the largest size that fits is found by bisection.
    const sizes: number[] = [];
    for (let s = Math.ceil(max * 2 - 1) / 2; s >= min; s -= 0.5) sizes.push(s);
    if (!sizes.length) return first;
    let lo = 0;
    let hi = sizes.length - 1;
    let best: FittedText | null = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const candidate = at(sizes[mid]!);
      if (candidate.lines.length <= maxLines) {
        best = candidate;
        hi = mid - 1;
      } else {
        lo = mid + 1;
      }
    }
    return best ?? at(sizes.at(-1)!);
  };

  const draw = (page: PDFPage, text: string, x: number, y: number, opts: DrawOptions) => {
    const props = pdf.context.obj({ ActualText: PDFHexString.fromText(toPrintable(text).normalize('NFC')) });
    // An inline property dictionary is valid PDF (14.6.2); pdf-lib's operand type only omits it.
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), props as unknown as PDFNameType]));
    let at = x;
    for (const r of layout(text, opts.bold ?? false)) {
      page.drawText(r.shown, { x: at, y, size: opts.size, font: r.font, color: opts.color });
      at += r.width1 * opts.size;
    }
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  };

  return {
    width,
    draw,
    lines,
    fit,
    paragraph(page, text, x, y, maxWidth, opts) {
      const fitted = fit(text, maxWidth, opts);
      for (const line of fitted.lines) {
        const w = width(line, fitted.size, opts.bold);
        const at = opts.align === 'right' ? x + maxWidth - w : opts.align === 'centre' ? x + (maxWidth - w) / 2 : x;
        draw(page, line, at, y, { size: fitted.size, bold: opts.bold, color: opts.color });
        y -= fitted.leading;
      }
      return y;
    },
  };
}

/** Every string value in `value` (a document's record), for createPdfText's scan. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}
