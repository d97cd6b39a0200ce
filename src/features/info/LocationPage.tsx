/**
 * The Location page at /travel/location (spec part 1 section 2): the twin cities, airports and
 * railway stations, and an embedded map of the venue.
 */
import { conference } from '../../content/conference';
import { airports, location, railwayStations } from '../../content/travel';
import { ExternalLink, InfoPage, InfoSection, Paragraphs } from './parts';

/** Text on the twin cities, airports and railways, and the map, from src/content/travel.ts. */
export default function LocationPage() {
  return (
    <InfoPage title="Location" lead={conference.venue}>
      <InfoSection id="loc-cities" title={`The Twin Cities: ${conference.city} and ${conference.twinCity}`}>
        <Paragraphs items={location.twinCities} />
      </InfoSection>

      <InfoSection id="loc-airports" title="Airports">
        <p>{location.airportsIntro}</p>
        <ul className="ip-places">
          {airports.map((airport) => (
            <li key={airport.name}>
              <span className="ip-places__name">
                {airport.name} {airport.code ? <span className="ip-code">{airport.code}</span> : null}
              </span>
              <span className="ip-places__distance">{airport.travelTime ?? `about ${airport.distanceKm} km`}</span>
              <span className="ip-places__note">{airport.note}</span>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="loc-railways" title="Railway Stations">
        <p>{location.railwaysIntro}</p>
        <ul className="ip-places">
          {railwayStations.map((station) => (
            <li key={station.code}>
              <span className="ip-places__name">
                {station.name} <span className="ip-code">{station.code}</span>
              </span>
              <span className="ip-places__distance">about {station.distanceKm} km</span>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="loc-map" title="Map">
        <div className="ip-map">
          <iframe
            title={`Map of ${conference.instituteName}`}
            src={location.mapEmbedUrl}
            width={800}
            height={450}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
          />
        </div>
        <p>
          <ExternalLink href={location.mapLink}>Open the venue in Google Maps</ExternalLink>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
