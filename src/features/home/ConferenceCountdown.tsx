/**
 * The 'Conference Starts In' countdown (docs/rules.md#the-information-pages): to the start of the first
 * conference day in the conference's time zone, updated each second; once reached it reads 'The
 * conference has started!'. After the last day it says the conference has ended and, once
 * certificates open (src/content/certificates.ts), where to get them.
 */
import { Link } from 'react-router-dom';
import { certificates } from '../../content/certificates';
import { conference } from '../../content/conference';
import { paths } from '../../shared/routes';
import { conferenceEnd, conferencePhase, conferenceStart } from '../../shared/schedule';
import { Countdown } from './Countdown';
import { useNow } from './useNow';
import { validityAttrs } from './validity';

/** The countdown target, from conference.startDate and conference.timeZone. */
export const conferenceTarget = conferenceStart(conference);

const certificatesOpen = new Date(certificates.opensAt);

/** The instants the section changes: the start, the end, certificates opening. */
const boundaries = [conferenceTarget, conferenceEnd(conference), certificatesOpen];

/** The countdown section; it re-renders when the phase changes (the figures are the countdown's own). */
export function ConferenceCountdown({ dates }: { dates: string }) {
  const now = useNow(1000);
  const phase = conferencePhase(conference, now);
  return (
    <section className="conference-countdown" aria-labelledby="conference-countdown-heading" {...validityAttrs(boundaries, now)}>
      <h2 id="conference-countdown-heading">{phase === 'ended' ? `${conference.name} has ended` : 'Conference Starts In'}</h2>
      {phase === 'ended' ? (
        <p className="conference-countdown__started">
          Thank you for taking part.{' '}
          {now.getTime() >= certificatesOpen.getTime() ? (
            <>
              Delegates can download their certificate of attendance at <Link to={paths.certificates}>{paths.certificates}</Link>.
            </>
          ) : null}
        </p>
      ) : now.getTime() >= conferenceTarget.getTime() ? (
        <p className="conference-countdown__started">The conference has started!</p>
      ) : (
        <Countdown target={conferenceTarget} label="Time left until the conference starts" />
      )}
      <p className="conference-countdown__meta">
        {dates} · {conference.venue}
      </p>
    </section>
  );
}
