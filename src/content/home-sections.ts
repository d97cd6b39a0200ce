/**
 * Content of the home page's static sections (docs/rules.md#the-information-pages): the Important Information
 * block and the image and video block. Apart from ./home.ts because these sections hydrate on the
 * visitor's first interaction, so their content loads with their code, not with the page
 * (src/features/home/static-sections.tsx). Facts (airports, distances) are those of PESGRE 2025;
 * the wording is this site's own.
 */
import { airports } from './airports';
import type { HomeMedia, ImportantInformation } from './types';

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
