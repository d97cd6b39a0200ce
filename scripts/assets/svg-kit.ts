/**
 * Small helpers for writing the site's SVG images by hand in code (used by generate-svgs.ts):
 * the conference palette, XML escaping, a document wrapper with <title> and explicit
 * width/height/viewBox, the corner "SAMPLE" tag, text fitting and a seeded random generator
 * (so regenerating gives byte-identical files).
 */

/** The conference palette: deep blue with teal and amber accents. */
export const palette = {
  blue: '#0b3d91',
  navy: '#072a66',
  deep: '#051d47',
  teal: '#0e9f9a',
  tealLight: '#5fd3c6',
  amber: '#f5a524',
  amberLight: '#ffd27a',
  sky: '#e8f1fb',
  ink: '#13233f',
  grey: '#5b6b82',
  line: '#d5deea',
  white: '#ffffff',
} as const;

/** Font stack for all SVG text; rasterisers without these fall back to their sans-serif. */
export const FONT = "'Inter','Segoe UI',Roboto,Helvetica,Arial,sans-serif";

import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { wrapWords } from '../../src/shared/wrap';

/** Escapes text for XML character data and attribute values. */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Rounds a coordinate to one decimal so files stay small and stable. */
export function n(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Wraps drawing elements in a complete SVG document with a <title>, width, height and viewBox. */
export function svgDoc(
  width: number,
  height: number,
  title: string,
  body: string,
  options: { defs?: string; viewBox?: string } = {},
): string {
  const viewBox = options.viewBox ?? `0 0 ${width} ${height}`;
  const defs = options.defs ? `<defs>${options.defs}</defs>\n` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" role="img">\n` +
    `<title>${esc(title)}</title>\n${defs}${body}\n</svg>\n`
  );
}

/**
 * A small "SAMPLE" tag anchored to a corner (or the bottom centre, 'bc') of a width x height image. `scale` grows it for
 * large images; `dark` picks a light-on-dark or dark-on-light tag.
 */
export function sampleTag(
  width: number,
  height: number,
  options: { corner?: 'tl' | 'tr' | 'bl' | 'br' | 'bc'; scale?: number; dark?: boolean } = {},
): string {
  const corner = options.corner ?? 'br';
  const s = options.scale ?? 1;
  const w = 64 * s;
  const h = 20 * s;
  const m = 8 * s;
  const x = corner === 'bc' ? (width - w) / 2 : corner.endsWith('l') ? m : width - w - m;
  const y = corner.startsWith('t') ? m : height - h - m;
  const fill = options.dark ? 'rgba(255,255,255,0.16)' : 'rgba(11,61,145,0.08)';
  const stroke = options.dark ? 'rgba(255,255,255,0.55)' : 'rgba(11,61,145,0.45)';
  const ink = options.dark ? '#ffffff' : palette.blue;
  return (
    `<g aria-hidden="true"><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(4 * s)}" fill="${fill}" stroke="${stroke}"/>` +
    `<text x="${n(x + w / 2)}" y="${n(y + h * 0.7)}" font-family="${FONT}" font-size="${n(11 * s)}" font-weight="700" letter-spacing="${n(1.5 * s)}" fill="${ink}" text-anchor="middle">SAMPLE</text></g>`
  );
}

// pdf-lib's StandardFonts and the embedder's FontNames are two enums with the same string values.
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
const helvetica = StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as FontName);
const helveticaBold = StandardFontEmbedder.for(StandardFonts.HelveticaBold as unknown as FontName);

/**
 * Width of `text` at `size` px, measured with the Helvetica metrics (the same as Arial and
 * Liberation Sans) plus 6% headroom for wider faces of the font stack (Inter, Segoe UI).
 */
export function estimateWidth(text: string, size: number, bold = false): number {
  const font = bold ? helveticaBold : helvetica;
  let width: number;
  try {
    width = font.widthOfTextAtSize(text, size);
  } catch {
    width = text.length * size * 0.6;
  }
  return width * 1.06;
}

/** The largest font size up to `size` at which `text` fits in `maxWidth`. */
export function fitSize(text: string, size: number, maxWidth: number, bold = false): number {
  const width = estimateWidth(text, size, bold);
  return width > maxWidth ? Math.floor((size * maxWidth * 10) / width) / 10 : size;
}

/** Greedy word wrap of `text` into lines no wider than `maxWidth` at `size` px. */
export function wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
  return wrapWords(text, (candidate) => estimateWidth(candidate, size, bold) <= maxWidth);
}

/** A text element; `attrs` is appended verbatim (fill, anchor, weight...). */
export function text(x: number, y: number, size: number, content: string, attrs = ''): string {
  return `<text x="${n(x)}" y="${n(y)}" font-family="${FONT}" font-size="${n(size)}"${attrs ? ` ${attrs}` : ''}>${esc(content)}</text>`;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The element at `index` (modulo the length) of a non-empty list. */
export function at<T>(list: readonly T[], index: number): T {
  const item = list[((index % list.length) + list.length) % list.length];
  if (item === undefined) throw new Error('at(): empty list');
  return item;
}

/** '2025-06-15' → '15 June 2025'. */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${d} ${at(months, (m ?? 1) - 1)} ${y}`;
}

/** The mark of the conference (bolt over a leaf in a disc) drawn in a 64 x 64 box at (x, y) scaled by s. */
export function conferenceMark(x: number, y: number, s = 1, disc: string = palette.blue): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${+s.toFixed(3)})">` +
    `<circle cx="32" cy="32" r="30" fill="${disc}"/>` +
    `<path d="M15 46C15 28 27 16 48 15C48 35 37 46 15 46Z" fill="${palette.teal}"/>` +
    `<path d="M15 46L33 29" stroke="${palette.tealLight}" stroke-width="2" stroke-linecap="round"/>` +
    `<path d="M36 9L23 33H31L27 55L43 27H35L40 9Z" fill="${palette.amber}" stroke="${disc}" stroke-width="2" stroke-linejoin="round"/>` +
    `</g>`
  );
}
