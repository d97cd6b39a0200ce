/**
 * The Call For Papers (docs/rules.md#the-information-pages, #what-authors-are-told): overview, the rules for submitted papers, the
 * student and young professional activities and the conditions for the digital library.
 * The wording is this site's own; the rules and numbers are those of docs/rules.md#what-authors-are-told.
 */
import { formatDayRange } from '../shared/dates';
import { conference } from './conference';

const { pageLimit, minReviewsPerPaper, numberOfTracks, instituteName, city, state, country } = conference;

/** Text and files of the Call For Papers page. The public/ PDF of the call is generated from this module. */
export const callForPapers = {
  /** Paragraphs introducing the conference and inviting papers. */
  overview: [
    `The ${conference.edition} edition of the biennial ${conference.fullName} takes place on ${formatDayRange(conference.startDate, conference.endDate)} at the ${instituteName}, ${city}, ${state}, ${country}.`,
    'The conference brings together researchers, engineers, educators and industry professionals working on power electronics, smart grids and renewable energy, to share recent results, discuss emerging technologies and build collaborations.',
    `The conference is a flagship event of the ${conference.ieee.flagshipOf.join(', ')}. It is financially co-sponsored by the ${conference.ieee.financialCoSponsors.join(', ')} and technically co-sponsored by the ${conference.ieee.technicalCoSponsors.join(', ')}.`,
    'Accepted papers that are presented at the conference are submitted to the IEEE Xplore digital library; with the IAS co-sponsorship, presented papers may also be considered, after further review, for IEEE Transactions on Industry Applications.',
    `Authors are invited to submit original papers on theory, design, implementation and applications in any of the ${numberOfTracks} technical tracks below. Proposals for special sessions on focused topics are also welcome.`,
  ],
  /** Rules every submitted paper must follow (docs/rules.md#what-authors-are-told). */
  submissionRules: [
    'Papers must be written in English.',
    'Papers must be original and unpublished, and must not be under review elsewhere.',
    'Papers are submitted as PDF files through the online submission system by the deadline.',
    `A paper may have at most ${pageLimit} pages, including references.`,
    `Each paper receives at least ${minReviewsPerPaper} reviews.`,
  ],
  /** Activities for students and young professionals (SYP) at the conference. */
  studentYpActivities: [
    `A paper-assistance programme of the ${conference.society} (${conference.societyShortName}) supports students and young professionals who present an accepted paper; see the Students & YPs page for eligibility and dates.`,
    'A dedicated SYP keynote session on careers and research in power electronics.',
    'Networking sessions where students and young professionals meet researchers and industry experts.',
  ],
  /** Conditions for a paper to be included in the digital library (docs/rules.md#what-authors-are-told). */
  digitalLibraryConditions: [
    'The final paper is uploaded and the copyright transfer is completed.',
    'At least one full registration is paid for the paper.',
    'The paper is presented at the conference.',
  ],
  /** Poster of the call (public/, 800 x 1100). */
  posterImage: '/images/cfp-poster.svg',
  /** Downloadable PDF of the call (public/). */
  pdf: '/docs/pesgre2025-call-for-papers.pdf',
} as const;
