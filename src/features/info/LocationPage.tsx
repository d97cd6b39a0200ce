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
        <PlaceList places={airports.map((a) => ({ key: a.name, name: a.name, code: a.code, distance: a.travelTime ?? `about ${a.distanceKm} km`, note: a.note }))} />
      </InfoSection>

      <InfoSection id="loc-railways" title="Railway Stations">
        <p>{location.railwaysIntro}</p>
        <PlaceList places={railwayStations.map((st) => ({ key: st.code, name: st.name, code: st.code, distance: `about ${st.distanceKm} km` }))} />
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

/** Airports or railway stations: each one's name (with its code when it has one), how far it is, and a note when there is one. */
function PlaceList({ places }: { places: { key: string; name: string; code?: string; distance: string; note?: string }[] }) {
  return (
    <ul className="ip-places">
      {places.map((place) => (
        <li key={place.key}>
          <span className="ip-places__name">
            {place.name} {place.code ? <span className="ip-code">{place.code}</span> : null}
          </span>
          <span className="ip-places__distance">{place.distance}</span>
          {place.note === undefined ? null : <span className="ip-places__note">{place.note}</span>}
        </li>
      ))}
    </ul>
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
