/**
 * Generates the downloadable documents of the information site from the content modules, so a
 * download never disagrees with the page that links to it:
 *   public/docs/pesgre2025-call-for-papers.pdf          callForPapers, tracks, importantDates, conference
 *   public/docs/pesgre2025-call-for-special-sessions.pdf specialSessionCall
 *   public/docs/pesgre2025-sponsorship-brochure.pdf      sponsorship
 *   public/docs/pesgre2025-hotels.xlsx                   dharwadHotels, hubballiHotels
 *
 * Regenerate after editing src/content (the outputs are committed; tests/unit/assets.test.ts
 * rebuilds them in memory and fails when the committed files are stale):
 *   npx tsx scripts/assets/generate-docs.ts
 *
 * Output is deterministic: fixed PDF metadata dates (the day the call opens, from
 * src/content/dates.ts), fixed producer/creator, no random IDs, and fixed ZIP timestamps in the
 * spreadsheet.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import writeXlsxFile, { type Row, type SheetData } from 'write-excel-file/node';
import { callForPapers } from '../../src/content/call-for-papers';
import { conference } from '../../src/content/conference';
import { formatDate, importantDates } from '../../src/content/dates';
import { dharwadHotels, hubballiHotels } from '../../src/content/hotels';
import { externalLinks } from '../../src/content/links';
import { specialSessionCall, specialSessionProposalDeadline } from '../../src/content/special-session';
import { sponsorship } from '../../src/content/sponsorship';
import { tracks } from '../../src/content/tracks';
import type { Hotel } from '../../src/content/types';
import { PdfWriter, colors, hex, type DocumentInfo } from './pdf-kit';

/** The fixed creation/modification date of every generated document: the day the call opens (00:00 IST). */
export const documentDate = new Date(`${importantDates[0]?.date ?? conference.startDate}T00:00:00+05:30`);

/** '18-21 December 2025' (the conference's days fall in one month). */
const dateRange = `${Number(conference.startDate.slice(8))}-${formatDate(conference.endDate)}`;
const venueLine = `${dateRange}  |  ${conference.instituteShortName}, ${conference.state}, ${conference.country}`;
const fullNameWithoutAcronym = conference.fullName.replace(/ \(PESGRE 2025\)$/, '');

function info(title: string, subject: string, keywords: string[]): DocumentInfo {
  return { title, subject, keywords, author: `${conference.name} Organising Committee`, date: documentDate };
}

/** Indian digit grouping for rupee amounts: 500000 → '5,00,000'. */
export function formatInr(amount: number): string {
  const digits = String(Math.round(amount));
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
}

/** The Call for Papers PDF (A4): overview, tracks, important dates, rules, SYP activities, digital library. */
export async function buildCallForPapersPdf(): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(
    info(`${conference.name} Call for Papers`, conference.fullName, [conference.name, 'call for papers', ...tracks]),
    { kicker: conference.name, title: 'Call for Papers', lines: [fullNameWithoutAcronym], highlight: venueLine },
    `${conference.name}  |  Call for Papers`,
  );
  for (const paragraph of callForPapers.overview) pdf.paragraph(paragraph);
  pdf.heading(`Technical tracks (${tracks.length})`).list(tracks, { numbered: true });
  const dateRows = importantDates.map((d) => [formatDate(d.date), d.title] as [string, string]);
  pdf.heading('Important dates', pdf.tableHeight(dateRows)).table(dateRows);
  pdf.heading('Submission rules').list(callForPapers.submissionRules);
  pdf.link('Submit your paper:', externalLinks.paperSubmission);
  pdf.space(6);
  pdf.heading('Special sessions').paragraph(
    `Proposals for special sessions are welcome until ${formatDate(specialSessionProposalDeadline)}; see the Call for Special Sessions.`,
  );
  pdf.heading('Student and young professional activities').list(callForPapers.studentYpActivities);
  pdf.heading('Inclusion in the digital library').paragraph('A paper is included in the digital library only when all of these hold:').list(callForPapers.digitalLibraryConditions);
  return pdf.finish(conference.contactEmail);
}

/** The Call for Special Sessions PDF (A4): introduction, deadline, proposal guidelines, organisation rules. */
export async function buildSpecialSessionsPdf(): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(
    info(`${conference.name} Call for Special Sessions`, conference.fullName, [conference.name, 'special sessions', 'call for proposals']),
    { kicker: conference.name, title: 'Call for Special Sessions', lines: [fullNameWithoutAcronym], highlight: venueLine },
    `${conference.name}  |  Call for Special Sessions`,
  );
  for (const paragraph of specialSessionCall.intro) pdf.paragraph(paragraph);
  pdf.callout(
    `Proposal deadline: ${formatDate(specialSessionProposalDeadline)}`,
    `Send the proposal (${conference.specialSession.proposalFormats.join(', ')}) through the special-session proposal form.`,
  );
  pdf.link('Proposal form:', externalLinks.specialSessionProposalForm);
  pdf.space(4);
  pdf.heading('Proposal guidelines').list(specialSessionCall.guidelines);
  pdf.heading('Organisation rules').list(specialSessionCall.organisationRules);
  return pdf.finish(conference.contactEmail);
}

const packageAccents = [colors.tealLight, colors.amber, colors.line, hex('#d08a4e')];

/** The sponsorship brochure PDF (A4): why sponsor, the conference at a glance, packages, how to express interest. */
export async function buildSponsorshipBrochurePdf(): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(
    info(`${conference.name} Sponsorship Brochure`, conference.fullName, [conference.name, 'sponsorship', 'exhibition']),
    { kicker: conference.name, title: 'Sponsorship Opportunities', lines: [fullNameWithoutAcronym], highlight: venueLine },
    `${conference.name}  |  Sponsorship Brochure`,
  );
  for (const paragraph of sponsorship.intro) pdf.paragraph(paragraph);
  const glance: [string, string][] = [
    ['Dates', dateRange],
    ['Venue', conference.venue],
    ['Edition', `${conference.edition} edition of a biennial IEEE conference`],
    ['Programme', `${conference.numberOfTracks} technical tracks, special sessions, keynotes and tutorials`],
  ];
  pdf.heading('The conference at a glance', pdf.tableHeight(glance)).table(glance);
  pdf.heading('Sponsorship packages');
  if (sponsorship.sample) {
    pdf.paragraph('Sample packages: the organising committee confirms the final packages and amounts.', { size: 9.5, color: colors.grey });
  }
  sponsorship.packages.forEach((p, index) => {
    pdf.card(p.name, `INR ${formatInr(p.amountINR)}`, p.benefits, packageAccents[index % packageAccents.length] ?? colors.amber);
  });
  pdf.heading('Express your interest');
  pdf.paragraph('Tell us about your interest through the form below and the organising committee will get in touch.');
  pdf.link('Sponsorship interest form:', externalLinks.sponsorshipInterestForm);
  return pdf.finish(conference.contactEmail);
}

/** The hotel spreadsheet's columns, in order. */
export const hotelColumns = ['City', 'Hotel', 'Phone', 'Distance (km)', 'Rating', 'Map', 'Booking'] as const;

/**
 * Overwrites the modification time and date of every entry of a ZIP archive (an .xlsx) with a
 * fixed value, in the central directory and in each local header, so the same rows always give
 * the same bytes (write-excel-file stamps the entries with the current time). CRCs are unaffected.
 */
export function fixZipTimestamps(zip: Uint8Array, date: Date = documentDate): Buffer {
  const out = Buffer.from(zip);
  const dosDate = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  const dosTime = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  let eocd = -1;
  for (let i = out.length - 22; i >= 0; i -= 1) {
    if (out.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('fixZipTimestamps: no end of central directory record');
  const entries = out.readUInt16LE(eocd + 10);
  let p = out.readUInt32LE(eocd + 16);
  for (let k = 0; k < entries; k += 1) {
    if (out.readUInt32LE(p) !== 0x02014b50) throw new Error('fixZipTimestamps: bad central directory entry');
    out.writeUInt16LE(dosTime, p + 12);
    out.writeUInt16LE(dosDate, p + 14);
    const local = out.readUInt32LE(p + 42);
    if (out.readUInt32LE(local) !== 0x04034b50) throw new Error('fixZipTimestamps: bad local header');
    out.writeUInt16LE(dosTime, local + 10);
    out.writeUInt16LE(dosDate, local + 12);
    p += 46 + out.readUInt16LE(p + 28) + out.readUInt16LE(p + 30) + out.readUInt16LE(p + 32);
  }
  return out;
}

/**
 * The extended hotel list (.xlsx): one row per hotel of Dharwad then Hubballi with the columns
 * City, Hotel, Phone, Distance (km), Rating, Map, Booking; bold header row, frozen header.
 */
export async function buildHotelsXlsx(): Promise<Buffer> {
  const header: Row = hotelColumns.map((value) => ({
    value,
    fontWeight: 'bold' as const,
    backgroundColor: '#E8F1FB',
    bottomBorderStyle: 'thin' as const,
  }));
  const row = (city: string, h: Hotel): Row => [
    { value: city, type: String },
    { value: h.name, type: String },
    { value: h.phone, type: String },
    { value: h.distanceKm, type: Number, format: '0.0' },
    { value: h.rating, type: Number, format: '0.0' },
    { value: h.mapLink, type: String },
    h.bookingLink ? { value: h.bookingLink.url, type: String } : null,
  ];
  const data: SheetData = [
    header,
    ...dharwadHotels.map((h) => row(conference.city, h)),
    ...hubballiHotels.map((h) => row(conference.twinCity, h)),
  ];
  const buffer = await writeXlsxFile(data, {
    sheet: 'Hotels',
    stickyRowsCount: 1,
    columns: [{ width: 12 }, { width: 30 }, { width: 18 }, { width: 14 }, { width: 9 }, { width: 60 }, { width: 60 }],
  }).toBuffer();
  return fixZipTimestamps(buffer);
}

/** Every generated document: path under public/ → builder. */
export const generatedDocs: Record<string, () => Promise<Uint8Array>> = {
  'docs/pesgre2025-call-for-papers.pdf': buildCallForPapersPdf,
  'docs/pesgre2025-call-for-special-sessions.pdf': buildSpecialSessionsPdf,
  'docs/pesgre2025-sponsorship-brochure.pdf': buildSponsorshipBrochurePdf,
  'docs/pesgre2025-hotels.xlsx': buildHotelsXlsx,
};

/** Writes every document under public/docs/. */
async function main(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../public');
  for (const [file, build] of Object.entries(generatedDocs)) {
    const bytes = await build();
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    console.log(`${file.padEnd(48)} ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
