/**
 * The committed static files of public/ agree with their generators and with the content:
 * every PDF and the hotel spreadsheet rebuild byte for byte (regenerate with
 * `npx tsx scripts/assets/generate-docs.ts`), every generated SVG equals its committed copy
 * (`npx tsx scripts/assets/generate-svgs.ts`), every SVG is well-formed with a <title>,
 * width, height and viewBox, every public path the content refers to exists, and the campus
 * video is small enough.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { callForPapers } from '../../src/content/call-for-papers';
import { conference } from '../../src/content/conference';
import { importantDates } from '../../src/content/dates';
import { accommodation, dharwadHotels, hubballiHotels } from '../../src/content/hotels';
import { iesSypKeynotes, keynoteSpeakers, tutorialSpeakers } from '../../src/content/speakers';
import { specialSessionCall, specialSessionProposalDeadline } from '../../src/content/special-session';
import { formatDay } from '../../src/shared/dates';
import { organisers, sponsors } from '../../src/content/sponsors';
import { sponsorship } from '../../src/content/sponsorship';
import { tracks } from '../../src/content/tracks';
import {
  buildCallForPapersPdf,
  buildHotelsXlsx,
  buildSpecialSessionsPdf,
  buildSponsorshipBrochurePdf,
  documentDate,
  formatInr,
  generatedDocs,
  hotelColumns,
} from '../../scripts/assets/generate-docs';
import { allSvgs } from '../../scripts/assets/generate-svgs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const publicDir = join(root, 'public');
const read = (path: string): Buffer => readFileSync(join(publicDir, path));

/** All text shown by the Tj/TJ operators of every page, in drawing order, joined by spaces. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const parts: string[] = [];
  const streamRe = /<<([^]*?)>>\s*stream\r?\n([^]*?)\r?\nendstream/g;
  for (let m = streamRe.exec(raw); m; m = streamRe.exec(raw)) {
    const dict = m[1] ?? '';
    let body = Buffer.from(m[2] ?? '', 'latin1');
    if (/\/FlateDecode/.test(dict)) {
      try {
        body = inflateSync(body);
      } catch {
        continue;
      }
    }
    const content = body.toString('latin1');
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      parts.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

const norm = (text: string): string => text.replace(/[\u2013\u2014]/g, '-').replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ');

/** Every file under a folder, recursively. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * A small XML well-formedness check (enough for our SVGs): one root element, every tag closed
 * in order, attributes quoted and unique, only the five predefined entities or character
 * references. Returns the root element's attributes.
 */
function parseXml(xml: string): { root: string; attributes: Record<string, string>; elements: string[] } {
  const stack: string[] = [];
  const elements: string[] = [];
  let rootName = '';
  let rootAttributes: Record<string, string> = {};
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const tokenRe = /<!--[^]*?-->|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g;
  let sawRoot = false;
  for (let m = tokenRe.exec(body); m; m = tokenRe.exec(body)) {
    const token = m[0];
    if (token.startsWith('<!--')) continue;
    if (token === '<') throw new Error(`malformed tag at ${m.index}: ${body.slice(m.index, m.index + 60)}`);
    if (token.startsWith('&')) throw new Error(`bad entity at ${m.index}: ${body.slice(m.index, m.index + 20)}`);
    const [, closing, name = '', attrText = '', selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open ?? 'nothing'}>`);
      continue;
    }
    if (stack.length === 0 && sawRoot) throw new Error('more than one root element');
    const attributes: Record<string, string> = {};
    for (const a of attrText.matchAll(/([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const key = a[1] ?? '';
      if (key in attributes) throw new Error(`duplicate attribute ${key} on <${name}>`);
      attributes[key] = a[2] ?? a[3] ?? '';
    }
    elements.push(name);
    if (!sawRoot) {
      sawRoot = true;
      rootName = name;
      rootAttributes = attributes;
    }
    if (!selfClosing) stack.push(name);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (body.replace(/<[^>]*>/g, '').trim() === body.trim()) throw new Error('no elements');
  return { root: rootName, attributes: rootAttributes, elements };
}

describe('generated PDFs', () => {
  const builders = [
    ['docs/pesgre2025-call-for-papers.pdf', buildCallForPapersPdf],
    ['docs/pesgre2025-call-for-special-sessions.pdf', buildSpecialSessionsPdf],
    ['docs/pesgre2025-sponsorship-brochure.pdf', buildSponsorshipBrochurePdf],
  ] as const;

  it.each(builders)('%s rebuilds byte for byte (else run: npx tsx scripts/assets/generate-docs.ts)', async (path, build) => {
    const rebuilt = Buffer.from(await build());
    expect(rebuilt.equals(read(path))).toBe(true);
  });

  it.each(builders)('%s is A4 with fixed metadata', async (path) => {
    const doc = await PDFDocument.load(read(path), { updateMetadata: false });
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    for (const page of doc.getPages()) {
      expect(Math.round(page.getWidth())).toBe(595);
      expect(Math.round(page.getHeight())).toBe(842);
    }
    expect(doc.getTitle()).toMatch(/^PESGRE 2025 /);
    expect(doc.getProducer()).toBe('pdf-lib');
    expect(doc.getCreationDate()?.toISOString()).toBe(documentDate.toISOString());
    expect(doc.getModificationDate()?.toISOString()).toBe(documentDate.toISOString());
  });

  it('the call for papers shows every track, date and rule of the content', () => {
    const text = pdfText(read('docs/pesgre2025-call-for-papers.pdf'));
    for (const s of [...tracks, ...importantDates.map((d) => d.title), ...callForPapers.submissionRules, ...callForPapers.digitalLibraryConditions]) {
      expect(text).toContain(norm(s));
    }
    expect(text).toContain(`Contact: ${conference.contactEmail}`);
    expect(text).toMatch(/Page 1 of \d/);
  });

  it('the call for special sessions shows every guideline and rule of the content', () => {
    const text = pdfText(read('docs/pesgre2025-call-for-special-sessions.pdf'));
    for (const s of [...specialSessionCall.guidelines, ...specialSessionCall.organisationRules]) expect(text).toContain(norm(s));
    expect(text).toContain(formatDay(specialSessionProposalDeadline));
  });

  it('the sponsorship brochure shows every package, amount and benefit of the content', () => {
    const text = pdfText(read('docs/pesgre2025-sponsorship-brochure.pdf'));
    for (const p of sponsorship.packages) {
      expect(text).toContain(p.name);
      expect(text).toContain(`INR ${formatInr(p.amountINR)}`);
      for (const b of p.benefits) expect(text).toContain(norm(b));
    }
  });

  it('every document the content links to is generated', () => {
    for (const href of [callForPapers.pdf, specialSessionCall.pdf, sponsorship.brochurePdf, accommodation.extendedListXlsx]) {
      expect(Object.keys(generatedDocs)).toContain(href.replace(/^\//, ''));
      expect(existsSync(join(publicDir, href))).toBe(true);
    }
  });
});

describe('hotel spreadsheet', () => {
  it('rebuilds byte for byte (else run: npx tsx scripts/assets/generate-docs.ts)', async () => {
    expect((await buildHotelsXlsx()).equals(read('docs/pesgre2025-hotels.xlsx'))).toBe(true);
  });

  it('has a header row and one row per hotel with the content values', async () => {
    const rows = await readSheet(read('docs/pesgre2025-hotels.xlsx'));
    expect(rows[0]).toEqual([...hotelColumns]);
    const expected = [
      ...dharwadHotels.map((h) => ({ city: conference.city, h })),
      ...hubballiHotels.map((h) => ({ city: conference.twinCity, h })),
    ];
    expect(rows).toHaveLength(1 + expected.length);
    expected.forEach(({ city, h }, index) => {
      const row = rows[index + 1] ?? [];
      expect(row[0]).toBe(city);
      expect(row[1]).toBe(h.name);
      expect(row[2]).toBe(h.phone);
      expect(row[3]).toBe(h.distanceKm);
      expect(row[4]).toBe(h.rating);
      expect(row[5]).toBe(h.mapLink);
      expect(row[6] ?? null).toBe(h.bookingLink?.url ?? null);
    });
  });
});

describe('SVG images', () => {
  const svgFiles = [...walk(join(publicDir, 'images')), join(publicDir, 'favicon.svg')].filter((f) => f.endsWith('.svg'));

  it('the brief\'s images all exist', () => {
    const expected = [
      'images/logo.svg',
      'favicon.svg',
      'images/hero/hero-1.svg',
      'images/hero/hero-2.svg',
      'images/hero/hero-3.svg',
      'images/home/campus.svg',
      'images/posters/announcement-1.svg',
      'images/posters/announcement-2.svg',
      'images/posters/announcement-3.svg',
      'images/cfp-poster.svg',
      'images/sponsorship-brochure.svg',
      ...Array.from({ length: 17 }, (_, i) => `images/sponsors/sponsor-${String(i + 1).padStart(2, '0')}.svg`),
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => `images/organisers/organiser-${i}.svg`),
    ];
    for (const path of expected) expect(existsSync(join(publicDir, path)), path).toBe(true);
    // Real speakers show initials: no invented portrait stands beside a real name.
    expect(existsSync(join(publicDir, 'images/speakers'))).toBe(false);
  });

  it('every image the content refers to exists', () => {
    const refs = [
      ...[...keynoteSpeakers, ...tutorialSpeakers, ...iesSypKeynotes].flatMap((s) => (s.image ? [s.image] : [])),
      ...sponsors.map((s) => s.src),
      ...organisers.map((o) => o.src),
      callForPapers.posterImage,
      sponsorship.brochureImage,
    ];
    for (const ref of refs) expect(existsSync(join(publicDir, ref)), ref).toBe(true);
  });

  it('every committed generated SVG is up to date (else run: npx tsx scripts/assets/generate-svgs.ts)', () => {
    for (const [path, svg] of allSvgs()) expect(read(path).toString('utf8'), path).toBe(svg);
  });

  it.each(svgFiles.map((f) => [relative(publicDir, f), f]))('%s is well-formed with <title>, width, height and viewBox', (_name, file) => {
    const xml = readFileSync(file, 'utf8');
    const { root: rootName, attributes, elements } = parseXml(xml);
    expect(rootName).toBe('svg');
    expect(attributes.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(Number(attributes.width)).toBeGreaterThan(0);
    expect(Number(attributes.height)).toBeGreaterThan(0);
    expect(attributes.viewBox).toMatch(/^0 0 \d+(\.\d+)? \d+(\.\d+)?$/);
    expect(elements).toContain('title');
    expect(xml).toMatch(/<title>[^<]+<\/title>/);
  });

  it('sample images say SAMPLE; the logo, favicon and the lettermarks of real sponsors and organisers do not', () => {
    const real = new Set([...sponsors, ...organisers].filter((c) => !c.sample).map((c) => c.src.slice(1)));
    for (const file of svgFiles) {
      const name = relative(publicDir, file);
      const xml = readFileSync(file, 'utf8');
      // Visible text, not only the <title>.
      const shown = [...xml.matchAll(/<text\b[^>]*>([^<]*)/g)].map((m) => m[1]).join(' ');
      if (name === 'images/logo.svg' || name === 'favicon.svg' || real.has(name)) expect(xml).not.toMatch(/SAMPLE/i);
      else expect(shown, name).toMatch(/SAMPLE/i);
    }
  });

  it('the hero scenes stay under 15 KB and have the brief\'s sizes', () => {
    const sizes: Record<string, [number, number]> = {
      'images/logo.svg': [240, 64],
      'images/hero/hero-1.svg': [1600, 600],
      'images/home/campus.svg': [1200, 800],
      'images/posters/announcement-1.svg': [800, 1100],
      'images/cfp-poster.svg': [800, 1100],
      'images/sponsorship-brochure.svg': [800, 1100],
      'images/sponsors/sponsor-01.svg': [320, 160],
      'images/organisers/organiser-1.svg': [320, 160],
    };
    for (const [path, [w, h]] of Object.entries(sizes)) {
      const { attributes } = parseXml(read(path).toString('utf8'));
      expect([Number(attributes.width), Number(attributes.height)], path).toEqual([w, h]);
    }
    for (const i of [1, 2, 3]) expect(read(`images/hero/hero-${i}.svg`).length).toBeLessThan(15 * 1024);
  });
});

describe('campus video', () => {
  it('exists as an MP4 under 400 KB with its poster frame', () => {
    const mp4 = read('media/campus-tour.mp4');
    expect(mp4.length).toBeGreaterThan(10 * 1024);
    expect(mp4.length).toBeLessThan(400 * 1024);
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // +faststart: the movie header comes before the media data.
    const text = mp4.toString('latin1');
    expect(text.indexOf('moov')).toBeGreaterThan(0);
    expect(text.indexOf('moov')).toBeLessThan(text.indexOf('mdat'));
    const jpg = read('media/campus-tour-poster.jpg');
    expect(jpg.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    // A video's poster loads with the page (it cannot be lazy): it stays small (docs/performance.md#budgets).
    expect(jpg.length).toBeLessThan(40 * 1024);
  });
});
