/**
 * The programme at /program (decision 039; docs/operations.md, "The programme"): an information
 * page whose prerendered HTML is a shell (the heading, what the page holds, the calendar and app
 * feeds), and whose timetable the island (./island.ts) fetches and renders, before React and
 * without it: the programme changes without a rebuild, and reaches this page within 5 minutes of
 * an import. The island's container is React's only to create: its content is set once
 * (dangerouslySetInnerHTML, a constant), so hydration and later renders never touch what the
 * island wrote there.
 */
import { useEffect, useRef } from 'react';
import { conference } from '../../content/conference';
import { apiPaths } from '../../shared/api-paths';
import { formatDayRange } from '../../shared/dates';
import '../../components/timetable.css';
import './programme.css';

/** What the island's container holds until the island runs: one constant object, so React never sets it again. */
const SHELL = { __html: '<p class="pg__status" role="status">Loading the programme…</p>' };

/** The page. */
export default function ProgrammePage() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let island: { destroy(): void } | undefined;
    let gone = false;
    void import('./island').then((m) => {
      if (!gone && ref.current) island = m.startProgramme(ref.current);
    });
    return () => {
      gone = true;
      island?.destroy();
    };
  }, []);
  return (
    <article className="pg">
      <title>{`Programme | ${conference.name}`}</title>
      <header className="pg__header">
        <h1>Programme</h1>
        <p className="pg__lead">
          The keynotes, tutorials and paper sessions of {conference.name}, {formatDayRange(conference.startDate, conference.endDate)} at {conference.instituteName}, day by day with their rooms, tracks, chairs, papers and
          authors. Every time on this page is India Standard Time (IST, UTC+05:30). Filter by day, track or room, and keep your own agenda: the sessions of your papers are on it already.
        </p>
      </header>
      <p className="pg__feeds">
        In a calendar or a conference app: <a href={apiPaths.programmeIcs}>the whole programme (.ics)</a> · <a href={apiPaths.programmeSchedule}>the schedule for Giggity and EventFahrplan (frab JSON)</a>
      </p>
      <noscript>
        <p className="pg__noscript">This browser runs no scripts, so the timetable cannot be shown here. The two links above give the whole programme as a calendar file and as a schedule for conference apps.</p>
      </noscript>
      <div ref={ref} className="pg__island" data-island="programme" data-start={conference.startDate} data-end={conference.endDate} data-tz={conference.timeZone} data-example={conference.exampleRegistrationNumber} dangerouslySetInnerHTML={SHELL} />
    </article>
  );
}
