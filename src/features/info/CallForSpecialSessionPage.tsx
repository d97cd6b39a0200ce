/**
 * The Call For Special Session page at /authors/call-for-special-session (docs/rules.md#the-information-pages):
 * proposals, guidelines, organisation rules, the PDF of the call and the external proposal form.
 */
import { formatDate } from '../../content/dates';
import { externalLinks } from '../../content/links';
import { specialSessionCall, specialSessionProposalDeadline } from '../../content/special-session';
import { ActionRow, InfoPage, InfoSection, Paragraphs, TextList } from './parts';

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
        <ActionRow
          href={externalLinks.specialSessionProposalForm}
          label="Propose a special session"
          file={{ href: specialSessionCall.pdf, format: 'PDF', label: 'Download the call for special sessions' }}
        />
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
