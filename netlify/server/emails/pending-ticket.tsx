/**
 * The message for a registration paid but not yet confirmed (decision 013: a student awaiting the
 * proof of status, or a proof rejected): what happened, how to send the proof, the details and
 * the self-service links. No QR code: only a confirmed registration has a ticket.
 */
import { EmailLayout, Facts, LinkList, P } from './layout';

export interface PendingTicketProps {
  heading: string;
  preview: string;
  name: string;
  lead: string;
  /** How to send the proof, in a sentence or two. */
  howTo: string;
  rows: readonly (readonly [string, string])[];
  links: readonly (readonly [string, string])[];
  /** The visa-letter line for a delegate from abroad, with its address (decision 016). */
  visaLetter?: string;
}

export function PendingTicketEmail(p: PendingTicketProps) {
  return (
    <EmailLayout preview={p.preview} heading={p.heading}>
      <P>Dear {p.name},</P>
      <P>{p.lead}</P>
      <P>{p.howTo}</P>
      {p.visaLetter ? <P>{p.visaLetter}</P> : null}
      <Facts rows={p.rows} />
      <P>Changes you can make yourself with your registration number:</P>
      <LinkList links={p.links} />
    </EmailLayout>
  );
}
