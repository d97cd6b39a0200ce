/**
 * Content of the home page (spec part 1 sections 2-4): hero slides, the announcement ticker,
 * the announcement posters, the Important Information block and the image and video block.
 * The Important Dates come from ./dates, the sponsor and organiser logos from ./sponsors.
 *
 * SAMPLE: the spec does not show the hero's or the ticker's wording, so those texts are
 * invented (`sample: true` on each item); the committee replaces them here.
 */
import { paths } from '../shared/routes';
import { airports } from './travel';
import type { AnnouncementPoster, HomeMedia, ImportantInformation, SampleHeroSlide, SampleTickerItem } from './types';

/** The hero carousel's slides (images 1600 x 600 in public/images/hero/). */
export const heroSlides: SampleHeroSlide[] = [
  {
    title: 'IEEE PESGRE 2025',
    subtitle: 'Power Electronics, Smart Grid and Renewable Energy · 18-21 December 2025 · IIIT Dharwad',
    image: '/images/hero/hero-1.svg',
    sample: true,
  },
  {
    title: 'Powering a sustainable future',
    subtitle: 'Four days of keynotes, tutorials and technical sessions in ten tracks',
    image: '/images/hero/hero-2.svg',
    sample: true,
  },
  {
    title: 'Meet us in Dharwad',
    subtitle: 'The twin cities of Dharwad and Hubballi welcome researchers and industry from around the world',
    image: '/images/hero/hero-3.svg',
    sample: true,
  },
];

/** The announcement ticker: exactly 2 items, each linking to a page of the site. */
export const tickerItems: SampleTickerItem[] = [
  {
    text: 'Call for Papers: submit your original research in any of the ten technical tracks',
    link: paths.callForPapers,
    sample: true,
  },
  {
    text: 'Registration is open: see the fees and register for PESGRE 2025',
    link: paths.registrationInfo,
    sample: true,
  },
];

/** The announcement posters (images 800 x 1100 in public/images/posters/). */
export const announcementPosters: AnnouncementPoster[] = [
  { label: 'Call for Papers', image: '/images/posters/announcement-1.svg' },
  { label: 'Call for Special Sessions', image: '/images/posters/announcement-2.svg' },
  { label: 'Registration open', image: '/images/posters/announcement-3.svg' },
];

/**
 * Nearest airports (the same list as the Location page, from ./travel) and travel notes.
 * Distances are approximate road distances to the venue.
 */
export const importantInformation: ImportantInformation = {
  heading: 'Important Information',
  airports,
  travelNotes: [
    'Hubballi Airport (HBX) is the nearest airport, with domestic flights to Bengaluru, Mumbai, Delhi, Chennai and Hyderabad. International visitors usually arrive at Bengaluru (BLR) or Goa and continue by a domestic flight, train or road.',
    'Dharwad (DWR) and Hubballi Junction (UBL) railway stations have direct trains from Bengaluru, Mumbai and Goa. Taxis and app-based cabs run between the airport, the stations and the campus.',
    'December in Dharwad is mild and dry: days around 28 °C, nights around 15 °C.',
  ],
};

/** The image and video block: a campus photo and a muted campus tour video (not autoplayed). */
export const homeMedia: HomeMedia = {
  heading: 'Discover the campus',
  image: {
    src: '/images/home/campus.svg',
    alt: 'The IIIT Dharwad campus, the venue of PESGRE 2025',
    width: 1200,
    height: 800,
  },
  video: {
    src: '/media/campus-tour.mp4',
    type: 'video/mp4',
    poster: '/media/campus-tour-poster.jpg',
    title: 'A tour of the IIIT Dharwad campus',
    width: 1280,
    height: 720,
  },
};
