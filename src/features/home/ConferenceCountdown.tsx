/**
 * The 'Conference Starts In' countdown (spec part 1 section 4): to the start of 18 December 2025
 * in the conference's time zone (2025-12-17T18:30:00Z), updated each second; once reached it
 * reads 'The conference has started!'.
 */
import { conference } from '../../content/conference';
import { conferenceStart, countdownParts } from '../../shared/schedule';
import { Countdown } from './Countdown';
import { useCountdownNow } from './useNow';

/** The countdown target, from conference.startDate and conference.timeZone. */
export const conferenceTarget = conferenceStart(conference);

/** The countdown section. */
export function ConferenceCountdown({ dates }: { dates: string }) {
  const clock = useCountdownNow();
  const parts = countdownParts(conferenceTarget, clock.now);
  return (
    <section className="conference-countdown" aria-labelledby="conference-countdown-heading">
      <h2 id="conference-countdown-heading">Conference Starts In</h2>
      {parts.done ? (
        <p className="conference-countdown__started">The conference has started!</p>
      ) : (
        <Countdown parts={parts} label="Time left until the conference starts" paused={clock.paused} onToggle={clock.toggle} />
      )}
      <p className="conference-countdown__meta">
        {dates} · {conference.venue}
      </p>
    </section>
  );
}
