/**
 * The certificate of attendance e-mail (docs/operations.md#name-badges-and-certificates): sent once to every registrant checked in at
 * least once, with the certificate attached as a PDF. Pure: everything is in the props.
 */
import { EmailLayout, Facts, P } from './layout';

/** To a registrant who attended: the certificate attached, its number and where it can be verified. */
export function CertificateEmail(p: { name: string; registrationNumber: string; certificateNumber: string; days: string; verifyUrl: string; conference: string }) {
  return (
    <EmailLayout preview={`Your certificate of attendance of ${p.conference}.`} heading="Your certificate of attendance">
      <P>Dear {p.name},</P>
      <P>Thank you for attending {p.conference}. Your certificate of attendance is attached to this e-mail as a PDF.</P>
      <Facts rows={[['Registration number', p.registrationNumber], ['Certificate number', p.certificateNumber], ['Days attended', p.days]]} />
      <P>Anyone can check that the certificate is genuine at {p.verifyUrl}.</P>
    </EmailLayout>
  );
}
