/**
 * Content of the home page (docs/rules.md#the-information-pages): hero slides, the announcement ticker and
 * the announcement posters. The Important Information block and the image and video block are in
 * ./home-sections.ts, the Important Dates in ./dates, the sponsor and organiser logos in ./sponsors.
 * Facts (theme, host, dates, co-sponsorship, airports) are those of PESGRE 2025; the wording is
 * this site's own. The facts have three ticker items; docs/rules.md#the-information-pages has 2, so the venue line
 * and the IAS co-sponsorship line are kept and the (past) paper deadline is left out.
 */
import { formatDayRange } from '../shared/dates';
import { conference } from './conference';
import type { AnnouncementPoster, HeroSlide, TickerItem } from './types';

/** The conference's days as the home page words them ('18 – 21 December 2025'), from conference.ts. */
const conferenceDays = formatDayRange(conference.startDate, conference.endDate);

/** The hero carousel's slides (images 1600 x 600 in public/images/hero/). */
export const heroSlides: HeroSlide[] = [
  {
    title: 'IEEE PESGRE 2025',
    subtitle: `${conference.edition} International Conference on Power Electronics, Smart Grid and Renewable Energy · ${conferenceDays} · ${conference.instituteShortName}`,
    image: '/images/hero/hero-1.svg',
  },
  {
    title: 'Power Electronics and Renewable Energy for Sustainable Development',
    subtitle: 'Keynotes, tutorials and technical sessions in ten tracks over four days',
    image: '/images/hero/hero-2.svg',
  },
  {
    // No wording that stops being true once the conference is over: the hero is not re-rendered by phase.
    title: 'IIT Dharwad, Karnataka',
    subtitle: 'The host of the fourth edition, between the twin cities of Dharwad and Hubballi',
    image: '/images/hero/hero-3.svg',
  },
];

/**
 * The announcement ticker: exactly 2 items, each linking to a page of the site. The links are
 * route paths written out (content imports only src/content, eslint.config.js);
 * tests/unit/content.test.ts checks each is a route of src/shared/routes.ts. An item with
 * `endedText` says that instead once the conference is over (docs/decisions/031-edition-phases.md).
 */
export const tickerItems: TickerItem[] = [
  {
    text: `${conference.name} takes place at ${conference.instituteShortName}, ${conference.state}, ${conference.country}, on ${conferenceDays}`,
    endedText: `${conference.name} took place at ${conference.instituteShortName}, ${conference.state}, ${conference.country}, on ${conferenceDays}`,
    link: '/travel/location',
  },
  {
    text: 'Financially co-sponsored by IEEE IAS: presented papers may be considered for IEEE Transactions on Industry Applications',
    link: '/authors/call-for-papers',
  },
];

/** The announcement posters (images 800 x 1100 in public/images/posters/). */
export const announcementPosters: AnnouncementPoster[] = [
  { label: 'Call for Papers', image: '/images/posters/announcement-1.svg' },
  { label: 'Call for Special Sessions', image: '/images/posters/announcement-2.svg' },
  { label: 'Student & YP Paper Assistance', image: '/images/posters/announcement-3.svg' },
];
