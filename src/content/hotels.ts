/**
 * Accommodation (spec part 1 sections 2, 3): the notes of the Accommodation Details page and the
 * hotels in Dharwad (9) and Hubballi (10). SAMPLE: the spec shows no hotel names, phones,
 * distances or ratings, so every hotel is an invented placeholder (`sample: true`) with a
 * placeholder phone number; the committee replaces them. The public/ spreadsheet of hotels
 * (accommodation.extendedListXlsx) is generated from this module.
 */
import { externalLinks } from './links';
import type { Hotel } from './types';

/** A Google Maps search address for a hotel in a city. */
function mapSearch(name: string, city: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${city}`)}`;
}

/** A sample hotel (no booking link). */
function hotel(name: string, city: string, phone: string, distanceKm: number, rating: number): Hotel {
  return { name, mapLink: mapSearch(name, city), phone, distanceKm, rating, sample: true };
}

/** Hotels in Dharwad; only the first one has a booking link (spec part 1 section 3). Distances are to the venue. */
export const dharwadHotels: Hotel[] = [
  {
    ...hotel('Hotel Sample Residency', 'Dharwad', '+91 836 000 0101', 6.5, 4.3),
    bookingLink: 'https://booking.example.org/pesgre2025/hotel-sample-residency',
  },
  hotel('Example Grand Inn', 'Dharwad', '+91 836 000 0102', 7.2, 4.1),
  hotel('Placeholder Comforts', 'Dharwad', 'N/A', 8.0, 3.8),
  hotel('Demo Park Hotel', 'Dharwad', '+91 836 000 0104', 5.9, 4.0),
  hotel('Hotel Specimen Stay', 'Dharwad', '+91 836 000 0105', 9.1, 3.9),
  hotel('Sampleville Suites', 'Dharwad', 'N/A', 7.6, 4.2),
  hotel('Lodge Example Heritage', 'Dharwad', '+91 836 000 0107', 8.4, 3.7),
  hotel('Hotel Mockup Regency', 'Dharwad', '+91 836 000 0108', 10.2, 4.0),
  hotel('Testwood Guest House', 'Dharwad', '+91 836 000 0109', 6.8, 3.6),
];

/** Hotels in Hubballi (no booking links). Distances are to the venue. */
export const hubballiHotels: Hotel[] = [
  hotel('Example Central Hotel', 'Hubballi', '+91 836 000 0201', 14.5, 4.4),
  hotel('Hotel Placeholder Palace', 'Hubballi', '+91 836 000 0202', 15.8, 4.2),
  hotel('Sample Business Inn', 'Hubballi', 'N/A', 13.9, 4.0),
  hotel('Demo Airport Suites', 'Hubballi', '+91 836 000 0204', 18.3, 4.1),
  hotel('Hotel Mockingbird Stay', 'Hubballi', '+91 836 000 0205', 16.7, 3.9),
  hotel('Specimen Towers', 'Hubballi', '+91 836 000 0206', 17.2, 4.3),
  hotel('Example Station Lodge', 'Hubballi', 'N/A', 15.1, 3.6),
  hotel('Hotel Testline Comfort', 'Hubballi', '+91 836 000 0208', 19.0, 3.8),
  hotel('Placeholder Garden Resort', 'Hubballi', '+91 836 000 0209', 21.4, 4.5),
  hotel('Sampleton Residency', 'Hubballi', '+91 836 000 0210', 14.9, 3.7),
];

/** Notes and the downloadable spreadsheet of the Accommodation Details page. */
export const accommodation = {
  /** On-campus accommodation for students. */
  onCampus: [
    'Limited on-campus accommodation is available for student participants in the institute\'s hostels, on a first-come, first-served basis.',
    'Students who want a room on campus should request it through the accommodation form well before the conference and carry their student identity card.',
  ],
  /** The external form for accommodation requests (SAMPLE address, see src/content/links.ts). */
  requestForm: externalLinks.accommodationForm,
  /** Getting between the hotels and the venue. */
  transport: [
    'The institute is located between Dharwad and Hubballi; most hotels are within a 20-minute to 40-minute drive of the venue.',
    'App-based taxis, auto-rickshaws and the Hubballi-Dharwad city buses connect both cities with the campus. Please plan your daily travel in advance, particularly for the morning sessions.',
  ],
  /** Downloadable extended list of hotels (public/, generated from dharwadHotels and hubballiHotels). */
  extendedListXlsx: '/docs/pesgre2025-hotels.xlsx',
} as const;
