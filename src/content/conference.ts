/**
 * Conference facts for this edition (docs/rules.md#pages-and-routes, #fees-arithmetic-and-timings), from the public
 * facts of PESGRE 2025: host IIT Dharwad (not IIIT Dharwad, which an earlier draft named) and the
 * contact address at iitdh.ac.in. The next edition's committee edits this folder and nothing else.
 * The name, contact address and institute abbreviation are in identity.ts (every page's frame shows them).
 */
import { identity } from './identity';

export const conference = {
  ...identity,
  fullName:
    'IEEE International Conference on Power Electronics, Smart Grid and Renewable Energy (PESGRE 2025)',
  edition: '4th',
  venue: 'Indian Institute of Technology Dharwad, Dharwad, Karnataka, India',
  /** First and last day of the conference, ISO dates in the conference's time zone. */
  startDate: '2025-12-18',
  endDate: '2025-12-21',
  /** IANA zone in which every deadline of this edition is read (a deadline day ends at 23:59:59 there). */
  timeZone: 'Asia/Kolkata',
  /** Prefix of every registration number (docs/payments.md#registration-numbers). */
  registrationNumberPrefix: 'PESGRE25',
  /** A registration number the self-service and invoice forms show as an example (the prefix above, then 8 characters). */
  exampleRegistrationNumber: 'PESGRE25-ABCD2345',
  /** The edition's theme, shown under the conference name. */
  tagline: 'Power Electronics and Renewable Energy for Sustainable Development',
  /** Edition as a number (docs/rules.md#pages-and-routes: the 4th edition of a biennial conference). */
  editionNumber: 4,
  /** The host institute, in full and abbreviated. */
  instituteName: 'Indian Institute of Technology Dharwad',
  /** Where the conference takes place: the twin cities Dharwad-Hubballi in Karnataka. */
  city: 'Dharwad',
  twinCity: 'Hubballi',
  state: 'Karnataka',
  country: 'India',
  /** The technical society the student and young professional activities belong to (docs/rules.md#what-authors-are-told). */
  society: 'IEEE Industrial Electronics Society',
  societyShortName: 'IES',
  /** IEEE bodies behind the conference (shown on the Call For Papers page). */
  ieee: {
    flagshipOf: ['IEEE Kerala Section', 'IEEE IA/IE/PELS Joint Chapter Kerala', 'IEEE Industry Applications Society (IAS)'],
    financialCoSponsors: ['IEEE Industry Applications Society (IAS)', 'IEEE Kerala Section', 'IEEE IA/IE/PELS Joint Chapter Kerala'],
    technicalCoSponsors: ['IEEE Power Electronics Society (PELS)', 'IEEE Industrial Electronics Society (IES)', 'IEEE Power & Energy Society (PES)'],
  },
  /** Number of technical tracks (docs/rules.md#the-information-pages); src/content/tracks.ts lists them. */
  numberOfTracks: 10,
  /** Maximum pages of a paper, references included (docs/rules.md#what-authors-are-told, #the-information-pages). */
  pageLimit: 6,
  /** Minimum number of reviews of every paper (docs/rules.md#what-authors-are-told). */
  minReviewsPerPaper: 3,
  /** Longest validity of a conference visa, in months (docs/rules.md#the-information-pages). */
  visaValidityMonths: 6,
  /** One complimentary full registration per this many non-organiser papers in a special session (docs/rules.md#the-information-pages). */
  papersPerComplimentaryRegistration: 8,
  /** Rules of a special session (docs/rules.md#what-authors-are-told). */
  specialSession: {
    /** Accepted proposal formats. */
    proposalFormats: ['.DOC', '.DOCX', '.ODT'],
    /** At most this many chairs (organisers) per session. */
    maxChairs: 4,
    /** Approximate length of the session description, in words. */
    descriptionWords: 100,
    /** A person may be (co-)author of at most this many papers in one special session. */
    maxPapersPerAuthor: 2,
    /** Organisers' papers may not exceed this share of a session, in percent. */
    maxOrganiserPaperPercent: 60,
  },
} as const;
