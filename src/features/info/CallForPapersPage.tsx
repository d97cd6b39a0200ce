/**
 * The Call For Papers page at /authors/call-for-papers (docs/rules.md#the-information-pages): overview, the
 * submission link, the PDF of the call, the poster, submission rules, the ten tracks, a link to
 * the call for special sessions, student and YP activities and the digital-library conditions.
 */
import { formatDayRange } from '../../shared/dates';
import { Link } from 'react-router-dom';
import { callForPapers } from '../../content/call-for-papers';
import { conference } from '../../content/conference';
import { externalLinks } from '../../content/links';
import { tracks } from '../../content/tracks';
import { paths } from '../../shared/routes';
import { ActionRow, InfoPage, InfoSection, Paragraphs, TextList } from './parts';

/** The call for papers, from src/content/call-for-papers.ts and src/content/tracks.ts. */
export default function CallForPapersPage() {
  return (
    <InfoPage title="Call For Papers" lead={conference.fullName}>
      <div className="ip-split">
        <section className="card ip-section" aria-labelledby="cfp-overview">
          <h2 id="cfp-overview">Overview</h2>
          <Paragraphs items={callForPapers.overview} />
          <ActionRow href={externalLinks.paperSubmission} label="Submit your paper" file={{ href: callForPapers.pdf, format: 'PDF', label: 'Download the call for papers' }} />
        </section>
        <figure className="ip-poster">
          <img
            src={callForPapers.posterImage}
            alt={`Call for papers poster of ${conference.name}, ${formatDayRange(conference.startDate, conference.endDate)}, ${conference.instituteShortName}`}
            width={800}
            height={1100}
            decoding="async"
          />
          <figcaption>Call for papers poster</figcaption>
        </figure>
      </div>

      <InfoSection id="cfp-rules" title="Submission Rules">
        <TextList items={callForPapers.submissionRules} />
        <p>
          See the <Link to={paths.submission}>Submission</Link> page for guidelines and the rules for final papers.
        </p>
      </InfoSection>

      <InfoSection id="cfp-tracks" title={`Technical Tracks (${tracks.length})`}>
        <TextList items={tracks} ordered className="ip-tracks" />
      </InfoSection>

      <InfoSection id="cfp-special-sessions" title="Special Sessions">
        <p>
          Papers may also be submitted to special sessions on focused topics. To organise one, read the{' '}
          <Link to={paths.callForSpecialSession}>Call For Special Session</Link>.
        </p>
      </InfoSection>

      <InfoSection id="cfp-syp" title="Student and Young Professional Activities">
        <TextList items={callForPapers.studentYpActivities} />
        <p>
          Details: <Link to={paths.studentsYp}>Students &amp; YPs</Link>.
        </p>
      </InfoSection>

      <InfoSection id="cfp-digital-library" title="Inclusion in the Digital Library">
        <p>A paper is included in the digital library only if all of the following hold:</p>
        <TextList items={callForPapers.digitalLibraryConditions} />
      </InfoSection>
    </InfoPage>
  );
}
