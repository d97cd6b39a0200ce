/**
 * Travel (spec part 1 sections 2, 9): the Visa Information FAQ and the Location page's text on
 * the twin cities, airports and railway stations, with the embedded map.
 * Distances are approximate road distances to the venue.
 */
import { conference } from './conference';
import { externalLinks } from './links';
import type { Airport, FaqEntry, RailwayStation } from './types';

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
      `Invitation letters are issued to registered participants. After registering, write to ${conference.contactEmail} with your full name as in your passport, passport number, nationality, affiliation and, if you are an author, your paper number.`,
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

/** Airports from nearest to farthest (approximate road distances to the venue). */
export const airports: Airport[] = [
  { name: 'Hubballi Airport', code: 'HBX', distanceKm: 20, note: 'Nearest airport, with domestic flights to major Indian cities.' },
  { name: 'Belagavi Airport', code: 'IXG', distanceKm: 85, note: 'Domestic flights; about two hours by road.' },
  { name: 'Goa: Dabolim and Mopa airports', code: 'GOI / GOX', distanceKm: 170, note: 'Domestic and some international flights; about four hours by road.' },
  { name: 'Kempegowda International Airport, Bengaluru', code: 'BLR', distanceKm: 430, note: 'Main international gateway; connecting flights to Hubballi or an overnight train.' },
];

/** Railway stations near the venue. */
export const railwayStations: RailwayStation[] = [
  { name: 'Dharwad', code: 'DWR', distanceKm: 10 },
  { name: 'Hubballi Junction', code: 'UBL', distanceKm: 18 },
];

/** Text and map of the Location page. */
export const location = {
  /** The twin cities and the venue. */
  twinCities: [
    `${conference.name} is held at the ${conference.instituteName} (${conference.instituteShortName}), in ${conference.state}, India. The campus lies between the twin cities of ${conference.city} and ${conference.twinCity}, which together form one of the largest urban areas of the state.`,
    `${conference.city} is known for its universities, research institutes and its tradition of Hindustani classical music and literature; ${conference.twinCity} is a commercial hub and a major railway junction. Both cities are connected by road and by a rapid bus corridor.`,
  ],
  /** How to arrive by air. */
  airportsIntro: 'The nearest airport is in Hubballi. International visitors usually arrive at Bengaluru or Goa and continue by a domestic flight, train or road.',
  /** How to arrive by train. */
  railwaysIntro: 'Both cities are on the South Western Railway network, with direct trains from Bengaluru, Mumbai, Goa and other cities.',
  /** Google Maps embed of the venue, for an <iframe>. */
  mapEmbedUrl: externalLinks.mapEmbedUrl,
  /** Google Maps search for the venue. */
  mapLink: externalLinks.mapLink,
} as const;
