/**
 * Accommodation (docs/rules.md#the-information-pages): the notes of the Accommodation Details page and the
 * hotels in Dharwad (9) and Hubballi (10) with the names, phones, distances, ratings and map links
 * of the public facts of PESGRE 2025. The facts do not say where distances are measured from
 * (presumably the campus), so the page calls them approximate without naming a point. Phones are
 * kept as the facts give them (Indian numbers without the +91 prefix, or N/A). The public/
 * spreadsheet of hotels (accommodation.extendedListXlsx) is generated from this module.
 *
 * Sample: the first Dharwad hotel's booking link and the accommodation request form (the facts
 * give neither).
 */
import { sampleLinks } from './links';
import type { Hotel } from './types';

/** A hotel from the facts (no booking link). */
function hotel(name: string, mapLink: string, phone: string, distanceKm: number, rating: number): Hotel {
  return { name, mapLink, phone, distanceKm, rating };
}

/** Hotels in Dharwad, in the facts' order; only the first one has a booking link (docs/rules.md#the-information-pages). */
export const dharwadHotels: Hotel[] = [
  {
    ...hotel('Mastiff Grand Dharwad', 'https://maps.app.goo.gl/oHUrj9ZQnSaQJxzD9', '9035038181', 6.1, 4.3),
    // docs/rules.md#the-information-pages gives the first Dharwad hotel a booking link; the facts give none, so it is a sample.
    bookingLink: { url: 'https://booking.example.org/pesgre2025/mastiff-grand-dharwad', sample: true },
  },
  hotel('MR Residency Dharwad', 'https://maps.app.goo.gl/biywTUBWcCQhzE6p7', '9164994466', 12, 4.7),
  hotel('Rising Resorts and Spa', 'https://maps.app.goo.gl/LcQz46foZpmk1M4H8', '8951578555', 6.3, 4.5),
  hotel('Hotel Crown Inn', 'https://maps.app.goo.gl/gDzqNonzZjPYRVqr7', '8904264777', 18.5, 4.3),
  hotel('The Ocean Pearl Resort And Spa', 'https://maps.app.goo.gl/2FrAgDaaAmgydwge6', '8362226600', 20.1, 4.2),
  hotel('Hotel Brindavan', 'https://maps.app.goo.gl/gTe5vC3sA6ncTbNu7', '8362792123', 12.4, 4.2),
  hotel('Hotel Royal inn lodge Dharwad', 'https://maps.app.goo.gl/4udunMNvvFjvrAV19', '8050387999', 14.2, 4.2),
  hotel('Menaka Inn', 'https://maps.app.goo.gl/AEzuTtgq9VsH5DjP8', '7090422999', 17, 4.0),
  hotel('Hotel Vishwa Resort & Lodging', 'https://maps.app.goo.gl/ucUGxLXspA8mcFGn7', 'N/A', 5.6, 3.9),
];

/** Hotels in Hubballi (no booking links), in the facts' order. */
export const hubballiHotels: Hotel[] = [
  hotel('Fortune Park, Airport Road', 'https://maps.app.goo.gl/J5fmKQwyuMteQRG47', '8363577777', 29.8, 4.2),
  hotel('Ananth Residency', 'https://maps.app.goo.gl/4PXxM6D9V2gD35Xf8', '8088415720', 38.4, 4.1),
  hotel('Denissons Hotel', 'https://maps.app.goo.gl/zWKCHPcT7GRbSf657', '8362377777', 32.9, 4.4),
  hotel('Hotel Naveen', 'https://maps.app.goo.gl/NA8eKD4xaMdcZ1KH8', '8362239100', 27.3, 4.4),
  hotel('The President Hotel', 'https://maps.app.goo.gl/qJPqg8RLDVTc15zZ8', '8362234888', 26.9, 4.3),
  hotel('Sunshine Lodge', 'https://maps.app.goo.gl/LRB4xyUpsXT7G4n1A', 'N/A', 33.3, 4.6),
  hotel('Hotel Oasis Suites', 'https://maps.app.goo.gl/2xE8aDx2BFGHoDsy7', '8762204777', 32.4, 4.6),
  hotel('Hotel Red fort lodging', 'https://maps.app.goo.gl/W9yqddr9Z3kEREYx5', '9008764999', 18.3, 4.4),
  hotel('Aithals Canara Lodge', 'https://maps.app.goo.gl/cuyEWkAJdHsb6bAp7', '8362372561', 34.7, 4.1),
  hotel('Lemon Tree Hotel Hubli', 'https://maps.app.goo.gl/qzwGEEAsbhnoh3PP9', '8884455627', 29, 4.1),
];

/** Notes and the downloadable spreadsheet of the Accommodation Details page. */
export const accommodation = {
  /** On-campus accommodation for students. */
  onCampus: [
    'Student participants may ask for a room in the IIT Dharwad hostels; rooms are limited and given in the order requests arrive.',
    'Ask through the accommodation form well before the conference and bring your student identity card.',
  ],
  /** The external form for accommodation requests (sample: the facts give no address). */
  requestForm: sampleLinks.accommodationForm,
  /** Getting between the hotels and the venue. */
  transport: [
    'Hubballi and Dharwad are about 20 km apart and the campus lies near Dharwad, so hotels in Dharwad are the closest; Hubballi hotels are near the airport and the main railway junction.',
    'Taxis, app-based cabs, auto-rickshaws and the city buses link both cities with the campus. Plan the daily trip ahead, above all for the morning sessions.',
  ],
  /** Downloadable extended list of hotels (public/, generated from dharwadHotels and hubballiHotels). */
  extendedListXlsx: '/docs/pesgre2025-hotels.xlsx',
} as const;
