/**
 * The programme's dates (docs/rules.md#the-information-pages): the Important Dates list, the deadline as the
 * Submission page words it, and the paper-assistance programme's dates.
 */
import { registrationFees } from './registration';
import type { ImportantDate } from './types';

/**
 * The Important Dates list: exactly the 8 rows of docs/rules.md#the-information-pages, in order. The public
 * facts of 2025 agree on the first four rows and the Early Bird deadline, but give the acceptance
 * notification as 15 Aug 2025 and the camera-ready paper as 15 Sep 2025; the dates of
 * docs/rules.md#the-information-pages (30 Sep, 31 Oct) are kept: where the two disagree, the rules win. `link` is an
 * internal path (a route of src/shared/routes.ts) or '' for none. The paths are written out, not
 * read from src/shared/routes.ts: content imports only src/content (eslint.config.js), and
 * tests/unit/content.test.ts checks every internal address in the content against the routes.
 */
export const importantDates: ImportantDate[] = [
  {
    title: 'Submission opens; call for special sessions',
    date: '2025-04-15',
    link: '/authors/submission',
    secondary_link: '/authors/call-for-special-session',
    secondary_title: 'Call for special sessions',
  },
  {
    title: 'Special session proposal deadline',
    date: '2025-05-15',
    link: '/authors/call-for-special-session',
  },
  {
    title: 'Paper submission deadline',
    date: '2025-06-15',
    link: '/authors/submission',
    secondary_link: '/authors/call-for-papers',
    secondary_title: 'Call for papers',
  },
  {
    title: 'Final extended submission deadline',
    date: '2025-07-27',
    link: '/authors/submission',
  },
  {
    title: 'Acceptance notification',
    date: '2025-09-30',
    link: '',
  },
  {
    title: 'Camera-ready',
    date: '2025-10-31',
    link: '/authors/submission',
  },
  {
    title: 'Early bird registration deadline',
    date: registrationFees.earlyBirdDate,
    link: '/authors/registration',
    secondary_link: '/authors/registration/details',
    secondary_title: 'Register now',
  },
  {
    title: 'Standard registration deadline',
    date: registrationFees.standardDeadline,
    link: '/authors/registration',
  },
];

/**
 * The paper deadline as the Submission page's text words it. docs/rules.md#the-information-pages keeps both
 * readings: the Important Dates list says 2025-06-15 (importantDates above), the Submission page
 * text says 30 June 2025; which one prevails is not shown, so neither is changed to match the other.
 */
export const submissionPageDeadlineText = '30 June 2025';

/**
 * The paper-assistance programme's dates for students and young professionals (docs/rules.md#the-information-pages), ISO. The facts give 30 Aug, 15 Sep, 25 Sep and 10 Oct 2025 instead; the rules' dates are kept.
 */
export const assistanceDates = {
  /** Last day to apply. */
  applicationDeadline: '2025-10-25',
  /** Reviewers' comments on the submitted videos. */
  reviewerComments: '2025-10-31',
  /** Last day to submit the final video. */
  finalVideoDeadline: '2025-11-05',
  /** Winners announced. */
  winnersAnnounced: '2025-11-07',
} as const;

/**
 * Formats an ISO yyyy-mm-dd date as '15 May 2025': src/shared/dates.ts's formatDay, the one day
 * format of the site (content may import that leaf module: decision 007).
 */
export { formatDay as formatDate } from '../shared/dates';
