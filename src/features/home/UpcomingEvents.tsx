/**
 * The Upcoming Events card (docs/rules.md#the-information-pages): every event on the next date that has not
 * passed, with a countdown to 18:29:59 UTC (23:59:59 IST) on that date, updated each second.
 * Once no date of the list remains, the conference itself is the next event until its last day
 * (the 'Conference Starts In' block counts down to it); only after it: 'No Upcoming Events' /
 * 'All events have passed.' (docs/decisions/031-edition-phases.md).
 */
import { Link } from 'react-router-dom';
import { conference } from '../../content/conference';
import { formatDate } from '../../content/dates';
import type { ImportantDate } from '../../content/types';
import { formatDayRange } from '../../shared/dates';
import { paths } from '../../shared/routes';
import { conferenceEnd, conferencePhase, conferenceStart, deadlineOf, upcomingEvents } from '../../shared/schedule';
import { Countdown } from './Countdown';
import { useNow } from './useNow';
import { validityAttrs } from './validity';

/** The card; `dates` is the Important Dates list. */
export function UpcomingEvents({ dates }: { dates: ImportantDate[] }) {
  // Re-rendered each second by the shared clock, so the card moves on the moment a date ends
  // (the figures are the countdown's own: islands/countdown.ts).
  const now = useNow(1000);
  const next = upcomingEvents(dates, now);
  const validity = validityAttrs([...dates.map((d) => deadlineOf(d.date)), conferenceStart(conference), conferenceEnd(conference)], now);
  const phase = conferencePhase(conference, now);
  if (!next && phase !== 'ended') {
    return (
      <section className="card home-card upcoming" aria-labelledby="upcoming-heading" {...validity}>
        <h2 id="upcoming-heading">Upcoming Events</h2>
        <p className="upcoming__date">
          <time dateTime={conference.startDate}>{formatDayRange(conference.startDate, conference.endDate)}</time>
        </p>
        <ul className="upcoming__events">
          <li>
            <Link to={paths.location}>{phase === 'under-way' ? `${conference.name} is under way at ${conference.instituteShortName}` : `${conference.name} at ${conference.instituteShortName}`}</Link>
          </li>
        </ul>
      </section>
    );
  }
  if (!next) {
    return (
      <section className="card home-card upcoming" aria-labelledby="upcoming-heading" {...validity}>
        <h2 id="upcoming-heading">No Upcoming Events</h2>
        <p>All events have passed.</p>
      </section>
    );
  }
  return (
    <section className="card home-card upcoming" aria-labelledby="upcoming-heading" {...validity}>
      <h2 id="upcoming-heading">Upcoming Events</h2>
      <p className="upcoming__date">
        <time dateTime={next.date}>{formatDate(next.date)}</time>
      </p>
      <ul className="upcoming__events">
        {next.events.map((event) => (
          <li key={event.title}>
            <EventTitle event={event} />
            {event.secondary_link && event.secondary_title && (
              <>
                {' · '}
                <Link to={event.secondary_link}>{event.secondary_title}</Link>
              </>
            )}
          </li>
        ))}
      </ul>
      <Countdown key={next.date} target={next.target} label={`Time left until the end of ${formatDate(next.date)}`} />
    </section>
  );
}

/** An event's title, as a link when it has one. */
export function EventTitle({ event }: { event: ImportantDate }) {
  return event.link ? <Link to={event.link}>{event.title}</Link> : <span>{event.title}</span>;
}
