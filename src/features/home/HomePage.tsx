/**
 * The home page at '/': the conference's name, dates and venue from src/content and the way to
 * registration. The full information site replaces it in a later issue.
 */
import { Link } from 'react-router-dom';
import { paths } from '../../shared/routes';
import { conference } from '../../content/conference';
import './home.css';

const dateRange = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Heading, dates, venue and links to the registration pages. */
export default function HomePage() {
  const dates = dateRange.formatRange(new Date(`${conference.startDate}T00:00:00Z`), new Date(`${conference.endDate}T00:00:00Z`));
  return (
    <section className="home">
      <title>{conference.name}</title>
      <h1>{conference.fullName}</h1>
      <p className="home__meta">
        <span>{dates}</span>
        <span aria-hidden="true"> · </span>
        <span>{conference.venue}</span>
      </p>
      <div className="button-row">
        <Link className="button" to={paths.registrationInfo}>
          Registration
        </Link>
        <Link className="button button--secondary" to={paths.registrationDetails}>
          Register now (Indian affiliations)
        </Link>
      </div>
    </section>
  );
}
