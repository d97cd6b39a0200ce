/**
 * The Students & YPs page at /students-yp (docs/rules.md#the-information-pages): the paper-assistance programme
 * overview, its timeline, chairs, the apply link, eligibility steps, video rules and tips.
 */
import { assistanceDates, formatDate } from '../../content/dates';
import { studentsYp } from '../../content/students-yp';
import { ActionRow, InfoPage, InfoSection, Paragraphs, PeopleList, TextList } from './parts';

/** The paper-assistance programme for students and young professionals, from src/content/students-yp.ts. */
export default function StudentsYpPage() {
  return (
    <InfoPage title="Students & YPs">
      <InfoSection id="syp-overview" title="Paper-Assistance Programme">
        <Paragraphs items={studentsYp.overview} />
      </InfoSection>

      <InfoSection id="syp-timeline" title="Timeline">
        <ol className="ip-timeline">
          {studentsYp.timeline.map((milestone) => (
            <li key={milestone.title}>
              <time dateTime={milestone.date}>{formatDate(milestone.date)}</time>
              <span>{milestone.title}</span>
            </li>
          ))}
        </ol>
      </InfoSection>

      <InfoSection id="syp-chairs" title="Student and Young Professional Chairs">
        <PeopleList people={studentsYp.chairs} />
      </InfoSection>

      <InfoSection id="syp-apply" title="How to Apply">
        <p>
          Check the eligibility conditions and the video rules below, then apply through the online form by{' '}
          <time dateTime={assistanceDates.applicationDeadline}>{formatDate(assistanceDates.applicationDeadline)}</time>.
        </p>
        <ActionRow href={studentsYp.applyLink} label="Apply for paper assistance" />
      </InfoSection>

      <InfoSection id="syp-eligibility" title="Eligibility">
        <p>Applicants must meet every one of these conditions:</p>
        <TextList items={studentsYp.eligibility} ordered className="ip-steps" />
      </InfoSection>

      <InfoSection id="syp-video" title="Video Rules">
        <TextList items={studentsYp.videoRules} />
      </InfoSection>

      <InfoSection id="syp-tips" title="Tips for a Good Video">
        <TextList items={studentsYp.tips} />
      </InfoSection>
    </InfoPage>
  );
}
