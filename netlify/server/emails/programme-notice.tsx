/**
 * To an author with a registration, when the programme places their paper for the first time or
 * when the session presenting it moves (day, time or room): one message per change, with the
 * session, the room and the time (docs/operations.md, "The programme"). Pure: everything is in
 * the props, already worded and formatted.
 */
import { EmailLayout, Facts, LinkList, P } from './layout';

type Rows = readonly (readonly [string, string])[];

export interface ProgrammeNoticeProps {
  heading: string;
  preview: string;
  name: string;
  lead: string;
  rows: Rows;
  /** What the author was told before the move, or null (the first publication). */
  before: Rows | null;
  links: Rows;
}

export function ProgrammeNoticeEmail(p: ProgrammeNoticeProps) {
  return (
    <EmailLayout preview={p.preview} heading={p.heading}>
      <P>Dear {p.name},</P>
      <P>{p.lead}</P>
      <Facts rows={p.rows} />
      {p.before ? (
        <>
          <P>It was announced before as:</P>
          <Facts rows={p.before} />
        </>
      ) : null}
      <P>The programme, and your own agenda that your phone's calendar can follow:</P>
      <LinkList links={p.links} />
    </EmailLayout>
  );
}
