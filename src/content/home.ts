/**
 * Content of the home page (spec part 1 sections 2-4): hero slides, the announcement ticker,
 * the announcement posters, the Important Information block and the image and video block.
 * The Important Dates come from ./dates, the sponsor and organiser logos from ./sponsors.
 * Facts (theme, host, dates, co-sponsorship, airports) are those of PESGRE 2025; the wording is
 * this site's own. The facts have three ticker items; the spec's ticker has 2, so the venue line
 * and the IAS co-sponsorship line are kept and the (past) paper deadline is left out.
 */
import { paths } from '../shared/routes';
import { airports } from './airports';
import type { AnnouncementPoster, HeroSlide, HomeMedia, ImportantInformation, TickerItem } from './types';

/** The hero carousel's slides (images 1600 x 600 in public/images/hero/). */
export const heroSlides: HeroSlide[] = [
  {
    title: 'IEEE PESGRE 2025',
    subtitle: '4th International Conference on Power Electronics, Smart Grid and Renewable Energy · 18-21 December 2025 · IIT Dharwad',
    image: '/images/hero/hero-1.svg',
  },
  {
    title: 'Power Electronics and Renewable Energy for Sustainable Development',
    subtitle: 'Keynotes, tutorials and technical sessions in ten tracks over four days',
    image: '/images/hero/hero-2.svg',
  },
  {
    title: 'Meet us in Dharwad',
    subtitle: 'IIT Dharwad, between the twin cities of Dharwad and Hubballi in Karnataka, hosts the fourth edition',
    image: '/images/hero/hero-3.svg',
  },
];

/** The announcement ticker: exactly 2 items, each linking to a page of the site. */
export const tickerItems: TickerItem[] = [
  {
    text: 'PESGRE 2025 takes place at IIT Dharwad, Karnataka, India, from 18 to 21 December 2025',
    link: paths.location,
  },
  {
    text: 'Financially co-sponsored by IEEE IAS: presented papers may be considered for IEEE Transactions on Industry Applications',
    link: paths.callForPapers,
  },
];

/** The announcement posters (images 800 x 1100 in public/images/posters/). */
export const announcementPosters: AnnouncementPoster[] = [
  { label: 'Call for Papers', image: '/images/posters/announcement-1.svg' },
  { label: 'Call for Special Sessions', image: '/images/posters/announcement-2.svg' },
  { label: 'Registration open', image: '/images/posters/announcement-3.svg' },
];

/** Nearest airports (the same list as the Location page, from ./travel) and travel notes. */
export const importantInformation: ImportantInformation = {
  heading: 'Important Information',
  airports,
  travelNotes: [
    'Hubballi Airport (HBX) is the nearest, about half an hour from the campus by road. Air India, IndiGo and SpiceJet fly there from Ahmedabad, Bengaluru, Chennai, Goa, Hyderabad, Kochi and Mumbai.',
    'Dharwad (DWR) and Hubballi (UBL) railway stations are about 15 km and 35 km from the campus; the train from Bengaluru to Hubballi takes 8-9 hours. Long-distance buses run from Bengaluru, Hyderabad and Mumbai.',
  ],
};

/** The image and video block: a campus photo and a muted campus tour video (not autoplayed). */
export const homeMedia: HomeMedia = {
  heading: 'Discover the campus',
  image: {
    src: '/images/home/campus.svg',
    alt: 'Drawing of a university campus, standing in for the IIT Dharwad venue of PESGRE 2025',
    width: 1200,
    height: 800,
  },
  video: {
    src: '/media/campus-tour.mp4',
    type: 'video/mp4',
    poster: '/media/campus-tour-poster.jpg',
    title: 'A short animated tour of a campus (the project\'s own video)',
    width: 1280,
    height: 720,
  },
};
