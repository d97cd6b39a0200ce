/**
 * Conference facts for this edition (spec part 1 section 1, part 2 section 9).
 * The next edition's committee edits this folder and nothing else.
 */
export const conference = {
  name: 'PESGRE 2025',
  fullName:
    'IEEE International Conference on Power Electronics, Smart Grid and Renewable Energy (PESGRE 2025)',
  edition: '4th',
  venue: 'Indian Institute of Information Technology Dharwad, Karnataka, India',
  /** First and last day of the conference, ISO dates in the conference's time zone. */
  startDate: '2025-12-18',
  endDate: '2025-12-21',
  /** IANA zone in which every deadline of this edition is read (a deadline day ends at 23:59:59 there). */
  timeZone: 'Asia/Kolkata',
  contactEmail: 'pesgre2025@iiitdwd.ac.in',
  /** Prefix of every registration number (ARCHITECTURE: registration numbers). */
  registrationNumberPrefix: 'PESGRE25',
} as const;
