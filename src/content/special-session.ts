/**
 * The Call For Special Sessions (docs/rules.md#the-information-pages, #what-authors-are-told): proposals, guidelines and the
 * organisation rules. The wording is this site's own; the rules and numbers are those of docs/rules.md#what-authors-are-told.
 */
import { conference } from './conference';
import { formatDate, importantDates } from './dates';

const rules = conference.specialSession;
const formats = `${rules.proposalFormats.slice(0, -1).join(', ')} or ${rules.proposalFormats.at(-1)}`;

/** Last day to send a special-session proposal, ISO (the Important Dates row of that name). */
export const specialSessionProposalDeadline: string =
  importantDates.find((d) => d.title === 'Special session proposal deadline')?.date ?? '2025-05-15';

/** Text and file of the Call For Special Session page. The public/ PDF of the call is generated from this module. */
export const specialSessionCall = {
  /** What a special session is and how to propose one. */
  intro: [
    'Special sessions complement the regular technical tracks with focused topics: emerging research directions, interdisciplinary themes or industrial applications of power electronics, smart grids and renewable energy.',
    `Researchers and practitioners are invited to propose special sessions. Proposals are sent through the proposal form by ${formatDate(specialSessionProposalDeadline)}.`,
    'Proposals are evaluated by the special session chairs on the relevance of the topic, its fit with the conference and the expected number of good-quality papers. Papers of an accepted special session are submitted through the regular submission system and reviewed like all other papers.',
  ],
  /** What a proposal contains. */
  guidelines: [
    `The proposal is a document in ${formats} format.`,
    'It gives the title of the special session.',
    `It names at most ${rules.maxChairs} chairs (organisers), with their affiliations, e-mail addresses and a short biography of each.`,
    `It describes the session's scope and topics in about ${rules.descriptionWords} words.`,
    'It lists tentative paper titles and authors, if known.',
  ],
  /** Rules for organising an accepted special session. */
  organisationRules: [
    `A person may be (co-)author of at most ${rules.maxPapersPerAuthor} papers in one special session.`,
    `Papers (co-)authored by the session's organisers may not exceed ${rules.maxOrganiserPaperPercent}% of the papers of the session.`,
    `One complimentary full registration is granted for every ${conference.papersPerComplimentaryRegistration} papers in the session that are not (co-)authored by its organisers.`,
    'The organisers promote the session, invite papers and help find qualified reviewers.',
    'All papers of a special session follow the same submission rules, page limit and deadlines as regular papers.',
  ],
  /** Downloadable PDF of the call (public/). */
  pdf: '/docs/pesgre2025-call-for-special-sessions.pdf',
} as const;
