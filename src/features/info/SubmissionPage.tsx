/**
 * The Submission page at /authors/submission (docs/rules.md#the-information-pages): initial submission text,
 * the external submission link, guidelines, PDF and font-embedding advice and the rules for final
 * papers. Its text gives the paper deadline as 30 June 2025 while the Important Dates list says
 * 2025-06-15; docs/rules.md#the-information-pages keeps both readings (see src/content/dates.ts).
 */
import { Link } from 'react-router-dom';
import { externalLinks } from '../../content/links';
import { submission } from '../../content/submission';
import { paths } from '../../shared/routes';
import { ActionRow, InfoPage, InfoSection, Paragraphs, TextList } from './parts';

/** How to submit, from src/content/submission.ts. */
export default function SubmissionPage() {
  return (
    <InfoPage title="Submission">
      <InfoSection id="submission-initial" title="Initial Submission">
        <Paragraphs items={submission.initialSubmission} />
        <ActionRow href={externalLinks.paperSubmission} label="Go to the submission system" />
      </InfoSection>

      <InfoSection id="submission-guidelines" title="Guidelines">
        <TextList items={submission.guidelines} />
        <p>
          The topics are listed in the <Link to={paths.callForPapers}>Call For Papers</Link>.
        </p>
      </InfoSection>

      <InfoSection id="submission-pdf" title="PDF Files and Embedded Fonts">
        <TextList items={submission.pdfAdvice} />
      </InfoSection>

      <InfoSection id="submission-final" title="Final Papers">
        <TextList items={submission.finalPaperRules} />
        <p>
          Registration fees and deadlines: <Link to={paths.registrationInfo}>Registration</Link>.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
