/**
 * The Location page at /travel/location (docs/rules.md#the-information-pages): the twin cities, airports and
 * railway stations, and an embedded map of the venue. The map's address is set after the load
 * event (src/lib/deferred-frame.ts: by src/boot.ts on a first load, by the effect below when the
 * router renders the page), so Google's embed never delays the page's first paint;
 * without JavaScript the <noscript> copy shows it.
 */
import { useEffect, useRef } from 'react';
import { conference } from '../../content/conference';
import { airports, location, railwayStations } from '../../content/travel';
import { DEFERRED_SRC_ATTRIBUTE, startDeferredFramesAfterLoad } from '../../lib/deferred-frame';
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
        <MapEmbed />
        <p>
          <ExternalLink href={location.mapLink}>Open the venue in Google Maps</ExternalLink>
        </p>
      </InfoSection>
    </InfoPage>
  );
}

/** The venue's map: an iframe whose address waits for the load event (deferred-frame.ts). */
function MapEmbed() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current) startDeferredFramesAfterLoad(box.current);
  }, []);
  const frame = { title: `Map of ${conference.instituteName}`, width: 800, height: 450, referrerPolicy: 'no-referrer-when-downgrade', allowFullScreen: true } as const;
  return (
    <div className="ip-map" ref={box}>
      <iframe {...frame} {...{ [DEFERRED_SRC_ATTRIBUTE]: location.mapEmbedUrl }} />
      <noscript>
        <iframe {...frame} src={location.mapEmbedUrl} />
      </noscript>
    </div>
  );
}
