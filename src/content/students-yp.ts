/**
 * The Students & YPs page (docs/rules.md#the-information-pages, #what-authors-are-told): the paper-assistance programme for
 * students and young professionals, its timeline, chairs, eligibility, video rules and tips.
 * The wording is this site's own; the rules, numbers and dates are those of docs/rules.md. The chairs are
 * the ones the facts list on the 2025 Students & YPs page (they differ from the committee page's
 * student and young professional chairs: see src/content/committee.ts); the facts give a country
 * only. The facts' programme dates (30 Aug, 15 Sep, 25 Sep, 10 Oct 2025) differ from those of
 * docs/rules.md#the-information-pages; the rules' dates are kept (src/content/dates.ts).
 */
import { conference } from './conference';
import { assistanceDates } from './dates';
import { externalLinks } from './links';
import type { CommitteeMember, Milestone } from './types';

const society = `${conference.society} (${conference.societyShortName})`;

/** Content of the Students & YPs page. */
export const studentsYp = {
  /** What the paper-assistance programme is. */
  overview: [
    `The ${society} supports students and young professionals (YPs) who present a paper at ${conference.name}. Its student and young professional paper assistance (IES SYPA) awards grants towards the costs of attending the conference.`,
    'To apply, eligible authors fill in the application form and submit a short video presenting their paper. Reviewers comment on the videos, applicants may improve them, and the winners are selected from the final videos.',
  ],
  /** The programme's timeline, in order (docs/rules.md#the-information-pages). */
  timeline: [
    { title: 'Application deadline', date: assistanceDates.applicationDeadline },
    { title: 'Reviewer comments on videos', date: assistanceDates.reviewerComments },
    { title: 'Final video deadline', date: assistanceDates.finalVideoDeadline },
    { title: 'Winners announced', date: assistanceDates.winnersAnnounced },
  ] satisfies Milestone[],
  /** The programme's chairs, as the facts' Students & YPs page lists them. */
  chairs: [
    { name: 'Chathurika S. Wickramasinghe', affiliation: 'USA' },
    { name: 'Edivan Carvalho', affiliation: 'Estonia' },
    { name: 'João Carvalho Neto', affiliation: 'Brazil' },
  ] satisfies CommitteeMember[],
  /** The external application form (IES SYPA). */
  applyLink: externalLinks.assistanceApplicationForm,
  /** Eligibility: every condition must hold (docs/rules.md#what-authors-are-told). */
  eligibility: [
    `You are an IEEE member and a member of the ${society}.`,
    'Your paper has been accepted and you present it yourself at the conference.',
    `You reside outside the conference city (${conference.city}).`,
    'Your paper is fully registered (a full registration has been paid for it).',
    'You have not received a paper-assistance award in the last 2 years.',
    'If you apply as a young professional, you graduated (first professional degree) no more than 15 years ago.',
  ],
  /** Rules for the application video (docs/rules.md#what-authors-are-told). */
  videoRules: [
    'The video lasts exactly 3 minutes.',
    'Slides take up at most 30% of the video.',
    'The video shows the paper\'s information: title, authors and paper number.',
    `The last 5 seconds acknowledge the ${society}.`,
    'The video is shared through a link that anyone can view (no sign-in or access request needed).',
  ],
  /** Tips for a good video. */
  tips: [
    'Explain the problem and why it matters before the method; reviewers come from different fields.',
    'Appear on camera and speak to the audience; use slides only for key figures and results.',
    'Record in a quiet room with good light and check that the sound is clear.',
    'Rehearse and time yourself so that the video ends exactly at 3 minutes.',
    'Open the shared link in a private browser window to make sure anyone can view it.',
  ],
} as const;
