/**
 * The Important Dates list (docs/rules.md#the-information-pages): every date in order; dates whose day has
 * ended (18:29:59 UTC, the same rule as the Upcoming Events card) are struck through with a
 * visually hidden '(passed)' and without their secondary link (a call to action such as 'Register
 * now' that is over); the first date not yet passed is highlighted with aria-current="date" and a
 * 'Next' badge.
 */
import { Link } from 'react-router-dom';
import { formatDate } from '../../content/dates';
import type { ImportantDate } from '../../content/types';
import { deadlineOf, importantDateStates } from '../../shared/schedule';
import { EventTitle } from './UpcomingEvents';
import { useNow } from './useNow';
import { validityAttrs } from './validity';

/** The list; re-evaluated every second so it changes at the same moment as the card. */
export function ImportantDates({ dates }: { dates: ImportantDate[] }) {
  const now = useNow(1000);
  return (
    <section className="card home-card important-dates" aria-labelledby="important-dates-heading" {...validityAttrs(dates.map((d) => deadlineOf(d.date)), now)}>
      <h2 id="important-dates-heading">Important Dates</h2>
      <ol className="dates-list">
        {importantDateStates(dates, now).map((item) => {
          const body = (
            <>
              <time className="dates-list__date" dateTime={item.date}>
                {formatDate(item.date)}
              </time>
              <span className="dates-list__title">
                <EventTitle event={item} />
                {/* A passed date keeps its title but not its call to action ('Register now' after the deadline; docs/decisions/031-edition-phases.md). */}
                {!item.passed && item.secondary_link && item.secondary_title && (
                  <>
                    {' · '}
                    <Link to={item.secondary_link}>{item.secondary_title}</Link>
                  </>
                )}
              </span>
            </>
          );
          return (
            <li
              key={`${item.date} ${item.title}`}
              className={`dates-list__item${item.passed ? ' is-passed' : ''}${item.current ? ' is-current' : ''}`}
              aria-current={item.current ? 'date' : undefined}
            >
              {item.passed ? (
                <>
                  <s className="dates-list__body">{body}</s>
                  <span className="visually-hidden"> (passed)</span>
                </>
              ) : (
                <span className="dates-list__body">{body}</span>
              )}
              {item.current && <span className="badge">Next</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
