/**
 * The conference as schema.org `Event` data (JSON-LD) for search engines, in the home page's
 * prerendered HTML (decision 039, "The home page's Event data"). Built
 * from the edition's content only: the days, the place, the organiser. `eventStatus` stays
 * EventScheduled in every phase: schema.org has no "completed" status (its statuses say whether
 * an event was cancelled, postponed, rescheduled or moved online), the conference did take place
 * as scheduled, and search engines tell a past event by its `endDate`. Pure.
 */
import { conference } from '../../content/conference';

/** The JSON-LD object of the conference. */
export function conferenceEvent() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: conference.fullName,
    alternateName: conference.name,
    description: `The ${conference.edition} ${conference.fullName.replace(/ \([^)]*\)$/, '')}: ${conference.tagline}.`,
    startDate: conference.startDate,
    endDate: conference.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: conference.instituteName,
      address: { '@type': 'PostalAddress', addressLocality: conference.city, addressRegion: conference.state, addressCountry: conference.country },
    },
    organizer: { '@type': 'Organization', name: conference.instituteName },
  };
}

/** The JSON-LD text for a <script type="application/ld+json">: '<' escaped, so no text can close the element. */
export function conferenceEventJson(): string {
  return JSON.stringify(conferenceEvent()).replace(/</g, '\\u003c');
}
