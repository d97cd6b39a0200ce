/**
 * `npm run content:report`: lists every item of src/content still marked `sample: true`, with
 * its file, and the count; exits 0 (the count is information for the committee, who bring it to
 * zero before going live: README, "The next edition"). With --summary it prints only the count
 * line.
 *
 * With --build (`npm run build` runs it first, as its prebuild script) it is the production gate
 * (docs/deployment.md): in Netlify's production deploy context (`CONTEXT=production`,
 * which Netlify sets for the build) it prints every sample item and every placeholder address
 * (collectPlaceholderLinks) and exits 1 while any remains, so the deploy is never published;
 * in every other context (deploy previews, branch deploys, a local `npm run build`) it prints
 * the count line and the build goes on.
 *
 * `collectSampleItems()` takes nothing and returns [{ file, path, label }]: one entry per
 * outermost object with `sample: true` (an object inside a sample object is part of it), each
 * object once even when two modules export it.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as links from '../src/content/links';
import * as conference from '../src/content/conference';
import * as dates from '../src/content/dates';
import * as registration from '../src/content/registration';
import * as home from '../src/content/home';
import * as tracks from '../src/content/tracks';
import * as callForPapers from '../src/content/call-for-papers';
import * as submission from '../src/content/submission';
import * as specialSession from '../src/content/special-session';
import * as committee from '../src/content/committee';
import * as speakers from '../src/content/speakers';
import * as hotels from '../src/content/hotels';
import * as sponsors from '../src/content/sponsors';
import * as sponsorship from '../src/content/sponsorship';
import * as studentsYp from '../src/content/students-yp';
import * as travel from '../src/content/travel';
import * as airports from '../src/content/airports';
import * as invoicing from '../src/content/invoicing';
import * as identity from '../src/content/identity';
import * as homeSections from '../src/content/home-sections';
import * as certificates from '../src/content/certificates';
import * as visaLetters from '../src/content/visa-letters';
import * as programme from '../src/content/programme';

/** Every content module by file, in the order the report walks them (links first: the shared sample addresses live there). */
const modules: Record<string, Record<string, unknown>> = {
  'src/content/links.ts': links,
  'src/content/identity.ts': identity,
  'src/content/conference.ts': conference,
  'src/content/dates.ts': dates,
  'src/content/registration.ts': registration,
  'src/content/home.ts': home,
  'src/content/home-sections.ts': homeSections,
  'src/content/tracks.ts': tracks,
  'src/content/call-for-papers.ts': callForPapers,
  'src/content/submission.ts': submission,
  'src/content/special-session.ts': specialSession,
  'src/content/committee.ts': committee,
  'src/content/speakers.ts': speakers,
  'src/content/hotels.ts': hotels,
  'src/content/sponsors.ts': sponsors,
  'src/content/sponsorship.ts': sponsorship,
  'src/content/students-yp.ts': studentsYp,
  'src/content/travel.ts': travel,
  'src/content/airports.ts': airports,
  'src/content/invoicing.ts': invoicing,
  'src/content/certificates.ts': certificates,
  'src/content/visa-letters.ts': visaLetters,
  'src/content/programme.ts': programme,
};

/** The files the report walks (a test checks it covers every content module). */
export const reportedFiles: readonly string[] = Object.keys(modules);

export interface SampleItem {
  /** The content module, relative to the repository root. */
  file: string;
  /** Where in the module's exports, e.g. 'keynoteSpeakers[0].bio'. */
  path: string;
  /** A short human description: the item's name, title, text or address. */
  label: string;
}

function labelOf(value: Record<string, unknown>): string {
  for (const key of ['name', 'alt', 'title', 'text', 'url']) {
    const v = value[key];
    if (typeof v === 'string') return v.length > 70 ? `${v.slice(0, 67)}...` : v;
  }
  return Object.keys(value).filter((k) => k !== 'sample').join(', ');
}

/** Every outermost `sample: true` object of src/content (see the module comment). */
export function collectSampleItems(): SampleItem[] {
  const seen = new Set<object>();
  const items: SampleItem[] = [];
  const walk = (value: unknown, file: string, at: string) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (!Array.isArray(value) && (value as { sample?: unknown }).sample === true) {
      items.push({ file, path: at, label: labelOf(value as Record<string, unknown>) });
      return;
    }
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, file, `${at}[${i}]`));
    else for (const [k, v] of Object.entries(value)) walk(v, file, at ? `${at}.${k}` : k);
  };
  for (const [file, exports] of Object.entries(modules)) walk({ ...exports }, file, '');
  return items;
}

/** The report as text lines: one per item, grouped by file, then the total. */
export function formatReport(items: SampleItem[]): string {
  const lines: string[] = [];
  let file = '';
  for (const item of items) {
    if (item.file !== file) {
      file = item.file;
      lines.push(`${file}`);
    }
    lines.push(`  ${item.path}: ${item.label}`);
  }
  lines.push(`${items.length} sample item(s) remain in src/content. Bring this to 0 before the site goes live.`);
  return lines.join('\n');
}

/** A host that stands for no real site (RFC 2606, RFC 6761): example.com/org/net and the reserved top-level names. */
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|org|net)|example|invalid|test|localhost)$/i;

/** One placeholder address of the content: where it is and the address. */
export interface PlaceholderLink {
  file: string;
  path: string;
  url: string;
}

/**
 * Every address in src/content (http(s) URLs and e-mail addresses, in any string) whose host is
 * a placeholder (PLACEHOLDER_HOST), sample-marked or not: a link a visitor could follow to
 * nowhere. Takes nothing; returns them in the report's order.
 */
export function collectPlaceholderLinks(): PlaceholderLink[] {
  const found: PlaceholderLink[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, file: string, at: string) => {
    if (typeof value === 'string') {
      for (const m of value.matchAll(/https?:\/\/([^/\s'"?#:]+)[^\s'"]*|[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/g)) {
        const host = m[1] ?? m[2] ?? '';
        if (PLACEHOLDER_HOST.test(host)) found.push({ file, path: at, url: m[0] });
      }
      return;
    }
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, file, `${at}[${i}]`));
    else for (const [k, v] of Object.entries(value)) walk(v, file, at ? `${at}.${k}` : k);
  };
  for (const [file, exports] of Object.entries(modules)) walk({ ...exports }, file, '');
  return found;
}

/** What the build gate decided: whether the build must stop, and what to print. */
export interface BuildGate {
  refuse: boolean;
  text: string;
}

/**
 * The production gate of the build (see the module comment). Takes Netlify's deploy context of
 * the build (`CONTEXT`; undefined outside Netlify), the sample items and the placeholder
 * addresses; refuses in the `production` context while either list is not empty, with both
 * lists. Any other context passes with the count line.
 */
export function buildGate(context: string | undefined, items: readonly SampleItem[], placeholders: readonly PlaceholderLink[]): BuildGate {
  const summary = `content: ${items.length} sample item(s) and ${placeholders.length} placeholder address(es) remain in src/content${items.length || placeholders.length ? ' (npm run content:report lists them)' : ''}`;
  if (context !== 'production' || (!items.length && !placeholders.length)) return { refuse: false, text: summary };
  const lines = [
    `Production deploy refused: src/content still holds sample content or placeholder addresses (deploy context: ${context}).`,
    'Replace each item below with the edition\'s real content and delete its `sample: true`; then deploy again.',
    'Deploy previews and branch deploys build with them, so the pages can be checked meanwhile.',
    '',
    formatReport([...items]),
  ];
  if (placeholders.length) {
    lines.push('', `Placeholder addresses (${placeholders.length}): a visitor would follow them to nowhere.`);
    for (const p of placeholders) lines.push(`  ${p.file} ${p.path}: ${p.url}`);
  }
  return { refuse: true, text: lines.join('\n') };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const items = collectSampleItems();
  if (process.argv.includes('--build')) {
    const gate = buildGate(process.env.CONTEXT, items, collectPlaceholderLinks());
    (gate.refuse ? console.error : console.log)(gate.text);
    if (gate.refuse) process.exitCode = 1;
  } else if (process.argv.includes('--summary')) {
    console.log(`content: ${items.length} sample item(s) remain in src/content${items.length ? ' (npm run content:report lists them)' : ''}`);
  } else {
    console.log(formatReport(items));
  }
}
