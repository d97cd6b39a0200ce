/** The Important Information block (docs/rules.md#the-information-pages): nearest airports and travel notes. */
import { Link } from 'react-router-dom';
import type { ImportantInformation as Info } from '../../content/types';
import { paths } from '../../shared/routes';

/** Airports with an approximate travel time or road distance, then the travel notes and a link to the Location page. */
export function ImportantInformation({ info }: { info: Info }) {
  return (
    <section className="card home-card important-info" aria-labelledby="important-info-heading">
      <h2 id="important-info-heading">{info.heading}</h2>
      <h3>Nearest airports</h3>
      <ul className="airports">
        {info.airports.map((airport) => (
          <li key={airport.name}>
            <span className="airports__name">
              {airport.name}
              {airport.code ? ` (${airport.code})` : ''}
            </span>
            <span className="airports__distance">{airport.travelTime ?? `~${airport.distanceKm} km`}</span>
          </li>
        ))}
      </ul>
      <h3>Travel notes</h3>
      {info.travelNotes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      <p>
        <Link to={paths.location}>Location and directions</Link>
        {' · '}
        <Link to={paths.accommodation}>Accommodation</Link>
        {' · '}
        <Link to={paths.visaInfo}>Visa information</Link>
      </p>
    </section>
  );
}
