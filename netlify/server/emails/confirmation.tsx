/**
 * The registration confirmation (docs/payments.md#the-payment-flow) and, with another heading and
 * lead, the messages that carry the ticket after a change (tier upgrade, IEEE change, the new
 * person of a name transfer, a name change): the details, the QR ticket inline, the delegate's
 * agenda links, and the self-service links.
 */
import { Img } from '@react-email/img';
import { EmailLayout, Facts, LinkList, P } from './layout';

export interface ConfirmationProps {
  heading: string;
  /** The inbox preview line. */
  preview: string;
  name: string;
  /** What happened, in a sentence or three. */
  lead: string;
  rows: readonly (readonly [string, string])[];
  registrationNumber: string;
  /** Content-ID of the inline QR image. */
  ticketCid: string;
  links: readonly (readonly [string, string])[];
  /** The delegate's agenda: the programme page with their link, and the calendar feed to subscribe to. */
  agendaLinks: readonly (readonly [string, string])[];
  /** The attached calendar of the conference days. */
  calendarFile: string;
  /** Whether to say to show the ticket at the registration desk (not once the conference is over). */
  atTheDesk: boolean;
  /** The visa-letter line for a delegate from abroad, with its address (decision 016). */
  visaLetter?: string;
}

export function ConfirmationEmail(p: ConfirmationProps) {
  return (
    <EmailLayout preview={p.preview} heading={p.heading}>
      <P>Dear {p.name},</P>
      <P>{p.lead}</P>
      <Facts rows={p.rows} />
      <P>
        Your ticket is the QR code below (also attached as ticket-{p.registrationNumber}.png).
        {p.atTheDesk ? ' Show it at the registration desk on each day of the conference.' : ''}
      </P>
      <Img src={`cid:${p.ticketCid}`} width="240" height="240" alt={`QR ticket for ${p.registrationNumber}`} />
      <P>The programme, with your own agenda (the sessions of your papers are on it already). The conference days are attached as {p.calendarFile} for your calendar.</P>
      <LinkList links={p.agendaLinks} />
      {p.visaLetter ? <P>{p.visaLetter}</P> : null}
      <P>Changes you can make yourself with your registration number:</P>
      <LinkList links={p.links} />
    </EmailLayout>
  );
}
