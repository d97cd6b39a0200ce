/**
 * The Call For Special Session page at /authors/call-for-special-session (docs/rules.md#the-information-pages):
 * proposals, guidelines, organisation rules, the PDF of the call and the external proposal form.
 */
import { formatDate } from '../../content/dates';
import { externalLinks } from '../../content/links';
import { specialSessionCall, specialSessionProposalDeadline } from '../../content/special-session';
import { ExternalLink, FileLink, InfoPage, InfoSection, Paragraphs, TextList } from './parts';

/** The call for special sessions, from src/content/special-session.ts. */
export default function CallForSpecialSessionPage() {
  return (
    <InfoPage
      title="Call For Special Session"
      lead={
        <>
          Proposal deadline: <time dateTime={specialSessionProposalDeadline}>{formatDate(specialSessionProposalDeadline)}</time>
        </>
      }
    >
      <InfoSection id="ss-proposals" title="Proposals">
        <Paragraphs items={specialSessionCall.intro} />
        <div className="button-row ip-actions">
          <ExternalLink href={externalLinks.specialSessionProposalForm} className="button ip-cta">
            Propose a special session
          </ExternalLink>
          <FileLink href={specialSessionCall.pdf} format="PDF" className="button button--secondary">
            Download the call for special sessions
          </FileLink>
        </div>
      </InfoSection>

      <InfoSection id="ss-guidelines" title="Guidelines">
        <p>A proposal contains:</p>
        <TextList items={specialSessionCall.guidelines} />
      </InfoSection>

      <InfoSection id="ss-rules" title="Organisation Rules">
        <TextList items={specialSessionCall.organisationRules} />
      </InfoSection>
    </InfoPage>
  );
}
