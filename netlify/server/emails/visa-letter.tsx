/**
 * The visa invitation letter e-mail (decision 016): sent when an admin approves a request, with the
 * letter attached as a PDF. Pure: everything is in the props.
 */
import { EmailLayout, Facts, P } from './layout';

/** To a registrant whose letter request was approved: the letter attached, its reference and where a consulate can verify it. */
export function VisaLetterEmail(p: { name: string; registrationNumber: string; reference: string; verifyUrl: string; conference: string }) {
  return (
    <EmailLayout preview={`Your invitation letter for ${p.conference}.`} heading="Your visa invitation letter">
      <P>Dear {p.name},</P>
      <P>Your invitation letter for {p.conference} is attached to this e-mail as a PDF. Please include it with your visa application.</P>
      <Facts rows={[['Registration number', p.registrationNumber], ['Letter reference', p.reference]]} />
      <P>The visa officer can check that the letter is genuine at {p.verifyUrl}. Cancelling your registration revokes the letter.</P>
    </EmailLayout>
  );
}
