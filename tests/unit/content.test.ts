/**
 * The edition's content (src/content) against docs/rules.md#the-information-pages: shapes checked with zod, the Important
 * Dates list exactly as the rules print it, its counts and titles, the content
 * rules of docs/rules.md#what-authors-are-told, every internal link a route of src/shared/routes.ts, every static file a
 * content module names present under public/, the public facts of PESGRE 2025 (host, contact,
 * committee, speakers, hotels, sponsors), and every placeholder marked `sample: true`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paths } from '../../src/shared/routes';
import { allPaths } from '../../src/shared/route-sets';
import { conference } from '../../src/content/conference';
import { assistanceDates, formatDate, importantDates, submissionPageDeadlineText } from '../../src/content/dates';
import { tracks } from '../../src/content/tracks';
import { callForPapers } from '../../src/content/call-for-papers';
import { submission } from '../../src/content/submission';
import { specialSessionCall, specialSessionProposalDeadline } from '../../src/content/special-session';
import { committee } from '../../src/content/committee';
import { iesSypKeynotes, keynoteSpeakers, tutorialSpeakers } from '../../src/content/speakers';
import { accommodation, dharwadHotels, hubballiHotels } from '../../src/content/hotels';
import { organisers, sponsors } from '../../src/content/sponsors';
import { sponsorship } from '../../src/content/sponsorship';
import { studentsYp } from '../../src/content/students-yp';
import { airports, location, railwayStations, visaFaq } from '../../src/content/travel';
import { externalLinks, sampleLinks } from '../../src/content/links';
import { registrationFees } from '../../src/content/registration';
import { readdirSync, readFileSync } from 'node:fs';
import { sampleProgramme } from '../../src/content/programme';
import { collectSampleItems, reportedFiles } from '../../scripts/content-report';
import { is2025Edition } from './spec-edition';

/** Every content module, by file name, for the walks over all values. */
const modules = {
  conference: { conference },
  dates: { importantDates, submissionPageDeadlineText, assistanceDates },
  tracks: { tracks },
  'call-for-papers': { callForPapers },
  submission: { submission },
  'special-session': { specialSessionCall, specialSessionProposalDeadline },
  committee: { committee },
  speakers: { keynoteSpeakers, tutorialSpeakers, iesSypKeynotes },
  hotels: { dharwadHotels, hubballiHotels, accommodation },
  sponsors: { sponsors, organisers },
  sponsorship: { sponsorship },
  'students-yp': { studentsYp },
  travel: { visaFaq, airports, railwayStations, location },
  links: { externalLinks, sampleLinks },
  programme: { sampleProgramme },
};

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));

/** True when an ISO yyyy-mm-dd string names a real calendar day. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const isoDate = z.string().refine(isCalendarDate, 'not a valid ISO calendar date (yyyy-mm-dd)');
const text = z.string().trim().min(1);
/**
 * A date docs/rules.md prints for the 2025 edition: that exact value while the content is the 2025
 * edition, any calendar day (or text) once a next committee has moved the dates.
 */
const specDay = (day: string) => (is2025Edition ? z.literal(day) : isoDate);
const specDayText = (written: string) => (is2025Edition ? z.literal(written) : text);
const texts = z.array(text).min(1);
const httpsUrl = z.url({ protocol: /^https$/ });
const route = z.string().refine((p) => allPaths.includes(p), 'not a route of src/shared/routes.ts');
const staticFile = (dir: 'images' | 'docs' | 'media', ext: RegExp) =>
  z.string().refine((p) => p.startsWith(`/${dir}/`) && ext.test(p), `not a /${dir}/ file of the expected type`);
const image = staticFile('images', /\.(svg|png|jpe?g|webp)$/);

const importantDateSchema = z.strictObject({
  title: text,
  date: isoDate,
  link: z.union([z.literal(''), route]),
  secondary_link: route.optional(),
  secondary_title: text.optional(),
});

const sampleText = z.strictObject({ text, sample: z.literal(true) });
const sampleLink = z.strictObject({ url: httpsUrl, sample: z.literal(true) });
const speakerSchema = z.strictObject({ name: text, image: image.optional(), title: text, bio: sampleText, sample: z.literal(true).optional() });
const hotelSchema = z.strictObject({
  name: text,
  mapLink: httpsUrl,
  phone: z.union([z.literal('N/A'), z.string().regex(/^\+?[\d][\d\s-]{6,}$/)]),
  distanceKm: z.number().positive(),
  rating: z.number().min(0).max(5).refine((r) => Number.isInteger(r * 10), 'one decimal at most'),
  bookingLink: sampleLink.optional(),
});
const member = z.strictObject({ name: text, affiliation: text });
const logo = z.strictObject({ src: image, alt: text, width: z.number().min(1).max(100).optional(), caption: text, sample: z.literal(true).optional() });
const faqEntry = z.strictObject({ question: text.endsWith('?'), answer: texts });

/** The zod schema of every module's exports. */
const schemas: { [K in keyof typeof modules]: z.ZodType } = {
  conference: z.object({
    conference: z.looseObject({
      name: z.literal('PESGRE 2025'),
      edition: z.literal('4th'),
      editionNumber: z.literal(4),
      startDate: specDay('2025-12-18'),
      endDate: specDay('2025-12-21'),
      contactEmail: z.literal('pesgre2025@iitdh.ac.in'),
      tagline: text,
      instituteName: z.literal('Indian Institute of Technology Dharwad'),
      instituteShortName: z.literal('IIT Dharwad'),
      city: z.literal('Dharwad'),
      twinCity: z.literal('Hubballi'),
      state: z.literal('Karnataka'),
      country: z.literal('India'),
      numberOfTracks: z.literal(10),
      pageLimit: z.literal(6),
      minReviewsPerPaper: z.literal(3),
      visaValidityMonths: z.literal(6),
      papersPerComplimentaryRegistration: z.literal(8),
      specialSession: z.strictObject({
        proposalFormats: z.tuple([z.literal('.DOC'), z.literal('.DOCX'), z.literal('.ODT')]),
        maxChairs: z.literal(4),
        descriptionWords: z.literal(100),
        maxPapersPerAuthor: z.literal(2),
        maxOrganiserPaperPercent: z.literal(60),
      }),
    }),
  }),
  dates: z.strictObject({
    importantDates: z.array(importantDateSchema).length(8),
    submissionPageDeadlineText: specDayText('30 June 2025'),
    assistanceDates: z.strictObject({
      applicationDeadline: specDay('2025-10-25'),
      reviewerComments: specDay('2025-10-31'),
      finalVideoDeadline: specDay('2025-11-05'),
      winnersAnnounced: specDay('2025-11-07'),
    }),
  }),
  tracks: z.strictObject({ tracks: z.array(text).length(10) }),
  'call-for-papers': z.strictObject({
    callForPapers: z.strictObject({
      overview: texts,
      submissionRules: texts,
      studentYpActivities: texts,
      digitalLibraryConditions: texts,
      posterImage: z.literal('/images/cfp-poster.svg'),
      pdf: z.literal('/docs/pesgre2025-call-for-papers.pdf'),
    }),
  }),
  submission: z.strictObject({
    submission: z.strictObject({ initialSubmission: texts, guidelines: texts, pdfAdvice: texts, finalPaperRules: texts }),
  }),
  'special-session': z.strictObject({
    specialSessionCall: z.strictObject({
      intro: texts,
      guidelines: texts,
      organisationRules: texts,
      pdf: z.literal('/docs/pesgre2025-call-for-special-sessions.pdf'),
    }),
    specialSessionProposalDeadline: specDay('2025-05-15'),
  }),
  committee: z.strictObject({
    committee: z.array(z.strictObject({ role: text, members: z.array(member).min(1) })),
  }),
  speakers: z.strictObject({
    keynoteSpeakers: z.array(speakerSchema).length(4),
    tutorialSpeakers: z.array(speakerSchema).length(11),
    iesSypKeynotes: z.array(speakerSchema).length(1),
  }),
  hotels: z.strictObject({
    dharwadHotels: z.array(hotelSchema).length(9),
    hubballiHotels: z.array(hotelSchema).length(10),
    accommodation: z.strictObject({
      onCampus: texts,
      requestForm: sampleLink,
      transport: texts,
      extendedListXlsx: z.literal('/docs/pesgre2025-hotels.xlsx'),
    }),
  }),
  sponsors: z.strictObject({
    sponsors: z.array(logo.extend({ width: z.number().min(1).max(100) })).length(17),
    organisers: z.array(logo.omit({ width: true })).length(8),
  }),
  sponsorship: z.strictObject({
    sponsorship: z.strictObject({
      intro: texts,
      packages: z.array(z.strictObject({ name: text, amountINR: z.number().int().positive(), benefits: texts })).min(1),
      brochureImage: z.literal('/images/sponsorship-brochure.svg'),
      brochurePdf: z.literal('/docs/pesgre2025-sponsorship-brochure.pdf'),
      sample: z.literal(true),
    }),
  }),
  'students-yp': z.strictObject({
    studentsYp: z.strictObject({
      overview: texts,
      timeline: z.array(z.strictObject({ title: text, date: isoDate })).length(4),
      chairs: z.array(member).length(3),
      applyLink: httpsUrl,
      eligibility: texts,
      videoRules: texts,
      tips: texts,
    }),
  }),
  travel: z.strictObject({
    visaFaq: z.array(faqEntry).min(2),
    airports: z
      .array(z.strictObject({ name: text, code: text.optional(), distanceKm: z.number().positive().optional(), travelTime: text.optional(), note: text }))
      .length(3),
    railwayStations: z.array(z.strictObject({ name: text, code: text, distanceKm: z.number().positive() })).length(2),
    location: z.strictObject({
      twinCities: texts,
      airportsIntro: text,
      railwaysIntro: text,
      mapEmbedUrl: httpsUrl,
      mapLink: httpsUrl,
    }),
  }),
  links: z.strictObject({
    externalLinks: z.strictObject({
      paperSubmission: z.literal('https://cmt3.research.microsoft.com/PESGRE2025'),
      specialSessionProposalForm: z.literal('https://forms.gle/WDmpw9AJqsFzdwPaA'),
      specialSessionTemplate: httpsUrl,
      finalPaperGuidelines: httpsUrl,
      sponsorshipInterestForm: httpsUrl,
      assistanceApplicationForm: httpsUrl,
      mapEmbedUrl: z.string().startsWith('https://www.google.com/maps?q=15.485566,74.932346'),
      mapLink: z.string().startsWith('https://www.google.com/maps/search/?api=1&query=15.485566,74.932346'),
    }),
    sampleLinks: z.strictObject({ accommodationForm: sampleLink }),
  }),
  programme: z.strictObject({
    sampleProgramme: z.strictObject({
      title: text,
      sample: z.literal(true),
      papers: z.array(z.strictObject({ paperId: text, title: text, track: text, authors: z.array(z.strictObject({ name: text, email: z.email() })).min(1) })).min(1),
      sessions: z
        .array(
          z.strictObject({
            session_id: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/),
            title: text,
            kind: z.enum(['keynote', 'tutorial', 'papers', 'break', 'other']),
            track: z.string(),
            room: z.string(),
            date: z.iso.date(),
            start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
            end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
            chair: z.string(),
            paper_ids: z.array(text),
          }),
        )
        .min(1),
    }),
  }),
};

/** Every string in a value, with the chain of objects/arrays that holds it (outermost first). */
function* strings(value: unknown, ancestors: unknown[] = []): Generator<{ value: string; ancestors: unknown[] }> {
  if (typeof value === 'string') {
    yield { value, ancestors };
  } else if (Array.isArray(value)) {
    for (const item of value) yield* strings(item, [...ancestors, value]);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) yield* strings(item, [...ancestors, value]);
  }
}

const allStrings = Object.entries(modules).flatMap(([name, exports]) => [...strings(exports)].map((s) => ({ ...s, module: name })));

/** Site-relative addresses named anywhere in the content: strings starting with one '/' and holding no space. */
const siteAddresses = [...new Set(allStrings.map((s) => s.value).filter((v) => /^\/(?!\/)\S*$/.test(v)))];
const isStaticFile = (p: string) => /^\/(images|docs|media)\//.test(p);

describe('content modules match their schemas', () => {
  for (const [name, exports] of Object.entries(modules)) {
    it(`src/content/${name}.ts`, () => {
      const result = schemas[name as keyof typeof modules].safeParse(exports);
      expect(result.success ? [] : z.prettifyError(result.error)).toEqual([]);
    });
  }
});

describe('important dates (docs/rules.md#the-information-pages)', () => {
  it.runIf(is2025Edition)('2025 edition: are exactly the 8 rows of the rules, in order', () => {
    expect(importantDates.map((d) => [d.title, d.date])).toEqual([
      ['Submission opens; call for special sessions', '2025-04-15'],
      ['Special session proposal deadline', '2025-05-15'],
      ['Paper submission deadline', '2025-06-15'],
      ['Final extended submission deadline', '2025-07-27'],
      ['Acceptance notification', '2025-09-30'],
      ['Camera-ready', '2025-10-31'],
      ['Early bird registration deadline', '2025-11-01'],
      ['Standard registration deadline', '2025-11-15'],
    ]);
  });
  it('are valid calendar days in non-decreasing order', () => {
    for (const d of importantDates) expect(isCalendarDate(d.date), d.date).toBe(true);
    const sorted = [...importantDates.map((d) => d.date)].sort();
    expect(importantDates.map((d) => d.date)).toEqual(sorted);
  });
  it('link to the pages the brief names', () => {
    expect(importantDates[0]?.link).toBe(paths.submission);
    expect(importantDates[1]?.link).toBe(paths.callForSpecialSession);
    expect(importantDates[2]?.link).toBe(paths.submission);
    expect(importantDates[6]?.link).toBe(paths.registrationInfo);
    expect(importantDates[7]?.link).toBe(paths.registrationInfo);
    for (const d of importantDates) expect(Boolean(d.secondary_link)).toBe(Boolean(d.secondary_title));
  });
  it.runIf(is2025Edition)('2025 edition: keep both readings of the paper deadline (the Submission page says 30 June 2025)', () => {
    expect(importantDates.find((d) => d.title === 'Paper submission deadline')?.date).toBe('2025-06-15');
    expect(submissionPageDeadlineText).toBe('30 June 2025');
    expect(submission.initialSubmission.join(' ')).toContain('30 June 2025');
  });
  it('assistance programme dates are in order and the timeline uses them', () => {
    const days = [assistanceDates.applicationDeadline, assistanceDates.reviewerComments, assistanceDates.finalVideoDeadline, assistanceDates.winnersAnnounced];
    expect([...days].sort()).toEqual(days);
    expect(studentsYp.timeline.map((m) => m.date)).toEqual(days);
  });
  it.runIf(is2025Edition)('2025 edition: the assistance programme dates of the facts', () => {
    expect(Object.values(assistanceDates)).toEqual(['2025-10-25', '2025-10-31', '2025-11-05', '2025-11-07']);
  });
  it('the paper deadline the Submission page writes is the one the content gives', () => {
    expect(submission.initialSubmission.join(' ')).toContain(submissionPageDeadlineText);
  });
  it('formatDate prints a calendar day', () => {
    expect(formatDate('2025-06-30')).toBe('30 June 2025');
    expect(formatDate('2025-12-01')).toBe('1 December 2025');
  });
});

describe('links and static files', () => {
  it('every internal address is a route of src/shared/routes.ts', () => {
    const notRoutes = siteAddresses.filter((p) => !isStaticFile(p) && !allPaths.includes(p.split(/[?#]/)[0] ?? p));
    expect(notRoutes).toEqual([]);
  });
  it('every /images, /docs and /media file the content names exists under public/', () => {
    const files = siteAddresses.filter(isStaticFile);
    expect(files.length).toBeGreaterThan(25);
    const missing = files.filter((p) => !existsSync(`${publicDir}${p}`));
    expect(missing).toEqual([]);
  });
});

describe('counts and titles (docs/rules.md#the-information-pages)', () => {
  it('has the ten tracks, exactly', () => {
    expect(tracks).toEqual([
      'Power Electronic Converters and Control Systems',
      'Electric Machines, Drives and Electric Vehicles',
      'Smart Grid and Microgrid',
      'Renewable Energy Resources, Distributed Generation and Grid Interconnection',
      'Energy Storage and Battery Charging Technologies',
      'FACTS, Custom Power, Power Quality and EMI',
      'Wide Band Gap Devices',
      'Lighting and Illumination',
      'Power Electronic Education',
      'Modern Power Systems, Energy Policies and Standards',
    ]);
    expect(tracks).toHaveLength(conference.numberOfTracks);
  });
  it('lists every committee role of the rules, in order', () => {
    expect(committee.map((r) => r.role)).toEqual([
      'General Co-Chairs',
      'Patron',
      'Honorary Chairs',
      'Technical Program Chairs',
      'Special Session Chairs',
      'Publication Chairs',
      'Publicity Chairs',
      'Finance Chairs',
      'International Advisory Board',
      'Student and Young Professional Chairs',
    ]);
    const byRole = Object.fromEntries(committee.map((r) => [r.role, r.members.map((m) => m.name)]));
    expect(byRole['General Co-Chairs']).toEqual(['Satish Naik Banavath', 'Dmitri Vinnikov', 'Sheldon Williamson']);
    expect(byRole['Patron']).toEqual(['Venkappayya R Desai']);
    expect(byRole['Honorary Chairs']).toHaveLength(6);
    expect(byRole['International Advisory Board']).toHaveLength(28);
    expect(byRole['Student and Young Professional Chairs']).toEqual(['Edivan Laercio Carvalho da Silva', 'Filipe Pinarello Scalcon', 'Sai Ram Boggavarapu']);
    expect(studentsYp.chairs.map((m) => m.name)).toEqual(['Chathurika S. Wickramasinghe', 'Edivan Carvalho', 'João Carvalho Neto']);
  });
  it('names the real host and contact address, nowhere the wrong institute', () => {
    expect(conference.contactEmail).toBe('pesgre2025@iitdh.ac.in');
    expect(allStrings.filter((s) => /IIIT|iiitdwd/.test(s.value)).map((s) => `${s.module}: ${s.value}`)).toEqual([]);
    // The page shell's no-script note (index.html, outside src/content) names the same address.
    const shell = readFileSync(fileURLToPath(new URL('../../index.html', import.meta.url)), 'utf8');
    expect(shell).toContain(`write to ${conference.contactEmail}.`);
    expect(shell).not.toMatch(/IIIT|iiitdwd/);
  });
  it("has 4 keynote, 11 tutorial and 1 SYP speaker cards: the facts' speakers, no copied photos", () => {
    expect(keynoteSpeakers.map((s) => s.name)).toEqual(['Drazen Dujic', 'Mariusz Malinowski', 'Rajendra Singh', 'Baylon G. Fernandes']);
    expect(tutorialSpeakers.filter((s) => !s.sample)).toHaveLength(10);
    expect(tutorialSpeakers.at(-1)?.sample).toBe(true);
    expect(iesSypKeynotes.map((s) => s.name)).toEqual(['Alon Kuperman']);
    expect(keynoteSpeakers[0]?.title).toContain('EPFL');
    for (const s of [...keynoteSpeakers, ...tutorialSpeakers, ...iesSypKeynotes]) expect(s.image).toBeUndefined();
  });
  it('has 9 Dharwad and 10 Hubballi hotels; only the first Dharwad hotel has a booking link', () => {
    expect(dharwadHotels).toHaveLength(9);
    expect(hubballiHotels).toHaveLength(10);
    const withBooking = [...dharwadHotels, ...hubballiHotels].filter((h) => h.bookingLink !== undefined);
    expect(withBooking).toEqual([dharwadHotels[0]]);
    expect([...dharwadHotels, ...hubballiHotels].some((h) => h.phone === 'N/A')).toBe(true);
    expect(dharwadHotels[0]).toMatchObject({ name: 'Mastiff Grand Dharwad', phone: '9035038181', distanceKm: 6.1, rating: 4.3 });
    expect(hubballiHotels.at(-1)).toMatchObject({ name: 'Lemon Tree Hotel Hubli', distanceKm: 29, rating: 4.1 });
    for (const h of [...dharwadHotels, ...hubballiHotels]) expect(h.mapLink).toMatch(/^https:\/\/maps\.app\.goo\.gl\//);
  });
  it('has 17 sponsor cards (13 sponsors of the facts, 4 sample slots), each with a width, and 8 organisers', () => {
    expect(sponsors.map((s) => s.src)).toEqual(
      Array.from({ length: 17 }, (_, i) => `/images/sponsors/sponsor-${String(i + 1).padStart(2, '0')}.svg`),
    );
    for (const s of sponsors) expect(typeof s.width).toBe('number');
    expect(new Set(sponsors.map((s) => s.alt)).size).toBe(17);
    expect(sponsors.filter((s) => !s.sample).map((s) => s.alt)).toEqual([
      'JSC Group', 'Pragna Microdesigns', 'Tektronix', 'Test Better', 'KREDL', 'Hioki', 'Chargehouse',
      'Typhoon HIL', 'Amara Raja', 'Comsol', 'IFB', 'ReliamotiveLab', 'Convergent Technologies',
    ]);
    expect(organisers.map((o) => o.src)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `/images/organisers/organiser-${n}.svg`));
    expect(organisers[0]?.alt).toBe('IIT Dharwad');
  });
  it('names the airports and railway stations of the twin cities', () => {
    expect(airports.map((a) => a.code)).toEqual(['HBX', 'IXG', undefined]);
    expect(airports.map((a) => a.travelTime ?? `${a.distanceKm} km`)).toEqual(['about 30 minutes', 'about 50 minutes', '160 km']);
    expect(railwayStations.map((r) => [r.code, r.distanceKm])).toEqual([['DWR', 15], ['UBL', 35]]);
  });
});

describe('content rules stated to authors (docs/rules.md#what-authors-are-told)', () => {
  const all = (lines: readonly string[]) => lines.join(' ');
  it('call for papers: English, original, unpublished, PDF by the deadline, 6 pages with references, 3 reviews', () => {
    const rules = all(callForPapers.submissionRules);
    for (const phrase of ['English', 'original', 'unpublished', 'PDF', 'by the deadline', 'at most 6 pages, including references', 'at least 3 reviews']) {
      expect(rules).toContain(phrase);
    }
  });
  it('call for papers: digital-library conditions', () => {
    const conditions = all(callForPapers.digitalLibraryConditions);
    for (const phrase of ['final paper', 'copyright transfer', 'At least one full registration is paid', 'presented']) {
      expect(conditions).toContain(phrase);
    }
  });
  it('special sessions: format, chairs, description, authorship, organisers share, complimentary registration, deadline', () => {
    const call = all([...specialSessionCall.intro, ...specialSessionCall.guidelines, ...specialSessionCall.organisationRules]);
    for (const phrase of [
      '.DOC, .DOCX or .ODT',
      'at most 4 chairs',
      'about 100 words',
      'at most 2 papers in one special session',
      'may not exceed 60%',
      'One complimentary full registration is granted for every 8 papers',
      'not (co-)authored by its organisers',
      formatDate(specialSessionProposalDeadline),
    ]) {
      expect(call).toContain(phrase);
    }
  });
  it('submission page: guidelines, PDF and font embedding, final papers', () => {
    expect(all(submission.guidelines)).toContain('at most 6 pages, including references');
    expect(all(submission.pdfAdvice)).toMatch(/embed/i);
    expect(all(submission.finalPaperRules)).toContain('copyright transfer');
  });
  it('assistance eligibility and video rules', () => {
    const eligibility = all(studentsYp.eligibility);
    for (const phrase of ['IEEE member', 'Industrial Electronics Society', 'accepted', 'present it yourself', 'outside the conference city', 'fully registered', 'last 2 years', '15 years']) {
      expect(eligibility).toContain(phrase);
    }
    const video = all(studentsYp.videoRules);
    for (const phrase of ['exactly 3 minutes', 'at most 30%', "paper's information", 'last 5 seconds acknowledge', 'anyone can view']) {
      expect(video).toContain(phrase);
    }
  });
  it('visa: a conference visa is valid for at most 6 months', () => {
    expect(visaFaq.flatMap((f) => f.answer).join(' ')).toContain('at most 6 months');
  });
  it('location: twin cities, airports and railway stations', () => {
    const locationText = all(location.twinCities);
    expect(locationText).toContain('Dharwad');
    expect(locationText).toContain('Hubballi');
  });
});

describe('the sample programme', () => {
  it('is marked sample, on the conference days and tracks, and passes the import rules: each paper in one session, no room holding two sessions at once', () => {
    expect(sampleProgramme.sample).toBe(true);
    const ids = new Set(sampleProgramme.papers.map((p) => p.paperId));
    expect(ids.size).toBe(sampleProgramme.papers.length);
    const placed = sampleProgramme.sessions.flatMap((s) => s.paper_ids);
    expect(new Set(placed).size).toBe(placed.length);
    for (const id of placed) expect(ids.has(id), id).toBe(true);
    for (const p of sampleProgramme.papers) expect(tracks).toContain(p.track);
    expect(new Set(sampleProgramme.sessions.map((s) => s.session_id)).size).toBe(sampleProgramme.sessions.length);
    for (const s of sampleProgramme.sessions) {
      expect(s.date >= conference.startDate && s.date <= conference.endDate, s.session_id).toBe(true);
      expect(s.end > s.start, s.session_id).toBe(true);
      const clash = sampleProgramme.sessions.find((o) => o !== s && o.room && o.room === s.room && o.date === s.date && o.start < s.end && s.start < o.end);
      expect(clash?.session_id, s.session_id).toBeUndefined();
    }
  });
});

describe('sample content is marked', () => {
  it('what the facts do not cover carries sample: true', () => {
    for (const s of [...keynoteSpeakers, ...tutorialSpeakers, ...iesSypKeynotes]) expect(s.bio.sample).toBe(true);
    expect(sponsors.filter((s) => s.sample)).toHaveLength(4);
    expect(dharwadHotels[0]?.bookingLink?.sample).toBe(true);
    expect(accommodation.requestForm.sample).toBe(true);
    expect(sponsorship.sample).toBe(true);
    expect(registrationFees.extraTickets.sample).toBe(true);
    expect(registrationFees.internationalRegistration.sample).toBe(true);
    expect(registrationFees.registrationOpens.sample).toBe(true);
  });
  it('every placeholder address (example.org) sits inside something marked sample', () => {
    const unmarked = allStrings.filter(
      (s) => /example\.(org|com)/.test(s.value) && !s.ancestors.some((a) => a && typeof a === 'object' && (a as { sample?: unknown }).sample === true),
    );
    expect(unmarked.map((s) => `${s.module}: ${s.value}`)).toEqual([]);
  });
  it('the content report walks every content module', () => {
    const files = readdirSync('src/content').filter((f) => f.endsWith('.ts') && f !== 'types.ts').map((f) => `src/content/${f}`);
    expect([...reportedFiles].sort()).toEqual(files.sort());
  });
  it('the content report lists each outermost sample object once, with its file', () => {
    const items = collectSampleItems();
    // 15 biographies of real speakers, the tutorial slot (its biography counts with it),
    // 4 sponsor slots, a booking link, the accommodation form, sponsorship packages, extra tickets,
    // international link, the invoicing supplier (legal name, address, GSTIN), the foreign
    // delegates' tax treatment, the visa letters' signatory and letterhead (decision 016), and the
    // sample programme (decision 037), the first day of online registration (decision 031).
    expect(items.length).toBe(15 + 1 + 4 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 2 + 1 + 1);
    expect(items.find((i) => i.file === 'src/content/programme.ts')?.path).toBe('sampleProgramme');
    expect(items.find((i) => i.file === 'src/content/invoicing.ts')?.path).toBe('invoicing.supplier');
    expect(new Set(items.map((i) => i.path)).size).toBe(items.length);
    for (const i of items) expect(i.file).toMatch(/^src\/content\/[a-z-]+\.ts$/);
    expect(items.find((i) => i.path === 'sponsorship')?.file).toBe('src/content/sponsorship.ts');
  });
});
