/**
 * Travel (docs/rules.md#the-information-pages): the Visa Information FAQ and the Location page's text on
 * the twin cities, airports and railway stations, with the embedded map.
 * Airports, stations, distances and times are those of the public facts of PESGRE 2025; the
 * facts give the two nearest airports as travel times and Goa as a distance. Bengaluru's
 * airport, listed by an earlier draft, is not in the facts and is left out.
 */
import { conference } from './conference';
import { externalLinks } from './links';
import type { FaqEntry, RailwayStation } from './types';

/** The Visa Information FAQ: eligibility, duration, invitation letters and practical advice. */
export const visaFaq: FaqEntry[] = [
  {
    question: 'Do I need a visa to attend the conference?',
    answer: [
      'Most foreign nationals need a visa to enter India; citizens of Nepal and Bhutan do not. Check the requirements for your nationality with the Indian embassy or consulate where you live.',
    ],
  },
  {
    question: 'Which visa should I apply for?',
    answer: [
      'Participants who attend to present a paper, chair a session or give a talk should apply for a conference visa. Holders of a valid business or tourist visa should check with the Indian mission whether it permits attending a conference.',
      'Apply only through the official visa portal of the Government of India or the Indian mission; the conference has no visa agent.',
    ],
  },
  {
    question: 'Who is eligible for a conference visa?',
    answer: [
      'Foreign nationals invited to an international conference held in India by a recognised organiser, such as an academic institution, are eligible. You will need an invitation letter from the organisers and, depending on your nationality, the event clearances the Indian mission asks for.',
    ],
  },
  {
    question: 'How long is a conference visa valid?',
    answer: [
      `A conference visa is valid for at most ${conference.visaValidityMonths} months. It is usually issued for the duration of the conference with a few days before and after it, and it does not allow other activities such as employment.`,
    ],
  },
  {
    question: 'How do I get an invitation letter?',
    answer: [
      'Invitation letters are issued to delegates from abroad whose registration is paid. Request yours online on the visa invitation letter page, with your Registration ID, your registered e-mail and your passport details: your name as in the passport, nationality, passport number, dates of issue and expiry, and date of birth. Authors may add their paper title.',
      'The organisers check each request and e-mail the letter as a PDF, or say why they cannot issue it. Each letter carries a reference and a QR code with which an embassy can check it on this site.',
      'The letter invites you to attend the conference; it does not commit the organisers to any cost of your travel or stay.',
    ],
  },
  {
    question: 'When should I apply?',
    answer: [
      'Apply as early as possible, at least six to eight weeks before travelling. Processing times vary by country and season, and the organisers cannot speed up a visa application.',
    ],
  },
];

// The airports live in their own module so the home page (Important Information) loads them
// without the rest of the travel content; re-exported here as part of the travel content.
export { airports } from './airports';

/** Railway stations near the venue, with their distance from the campus. */
export const railwayStations: RailwayStation[] = [
  { name: 'Dharwad', code: 'DWR', distanceKm: 15 },
  { name: 'Hubballi (Hubli)', code: 'UBL', distanceKm: 35 },
];

/** Text and map of the Location page. */
export const location = {
  /** The twin cities and the venue. */
  twinCities: [
    `${conference.name} is held on the campus of the ${conference.instituteName} (${conference.instituteShortName}) in ${conference.state}, India. ${conference.city} and ${conference.twinCity} are twin cities about 20 km apart, and the campus is on the ${conference.city} side.`,
    `${conference.twinCity} has the nearest airport and the main railway junction; ${conference.city} has its own station closer to the campus. Taxis and app-based cabs run between both cities and the campus.`,
  ],
  /** How to arrive by air. */
  airportsIntro: 'Hubballi Airport is the nearest, with flights by Air India, IndiGo and SpiceJet from Ahmedabad, Bengaluru, Chennai, Goa, Hyderabad, Kochi and Mumbai. Belagavi and Goa airports are further options.',
  /** How to arrive by train. */
  railwaysIntro: 'Both cities have railway stations; the train from Bengaluru to Hubballi takes 8-9 hours. Long-distance buses also run from Bengaluru, Hyderabad and Mumbai.',
  /** Google Maps embed of the venue, for an <iframe>. */
  mapEmbedUrl: externalLinks.mapEmbedUrl,
  /** Google Maps search for the venue. */
  mapLink: externalLinks.mapLink,
} as const;
