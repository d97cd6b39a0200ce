/**
 * What a proof of student status may be: PDF, JPEG or
 * PNG, at most 5 MB, the type read from the file's bytes on the server (never from its name); a
 * PDF without scripts or actions that run when it is opened (netlify/server/platform/pdf-active-content.ts).
 * The upload page and POST /api/registration/proof both read these. A leaf module.
 */

/** Largest proof accepted, in bytes (5 MB). */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

/** The types a proof may have, as file-type names them, with the extension a download gets. */
export const PROOF_TYPES = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
export type ProofType = keyof typeof PROOF_TYPES;

/** The rule in one sentence, for the page and the e-mails. */
export const PROOF_RULES_TEXT = 'Send a student ID card or a letter from your institution as a PDF, JPEG or PNG file of at most 5 MB.';

/** The refusals of an upload. */
export const proofMessages = {
  tooLarge: 'The file is larger than 5 MB. Please send a smaller scan or photo.',
  wrongType: 'The file is not a PDF, JPEG or PNG (its content was checked, not its name).',
  activeContent: 'This PDF contains scripts or actions that run when it is opened, so it cannot be accepted. Please print it to a new PDF, or send a scan or photo as JPEG or PNG.',
  protectedPdf: 'This PDF is password-protected or encrypted, so its content cannot be checked. Please send it without protection, or a scan or photo as JPEG or PNG.',
  unreadablePdf: 'This PDF could not be read. Please export it again, or send a scan or photo as JPEG or PNG.',
  missing: 'Please choose the file to upload.',
  notAwaiting: 'This registration is not waiting for a proof of student status.',
  received: 'Thank you: your proof was received. The organisers will check it and e-mail you.',
} as const;

/** What the proof page says of a registration's proof (POST /api/registration/proof/status; registration-status.ts proofStateOf). */
export function proofStateMessage(answer: { registrationNumber: string; status: string; proof: string; uploadedAt?: string; reason?: string }, formatInstant: (iso: string) => string): string {
  const regNo = answer.registrationNumber;
  if (answer.status === 'cancelled') return `Registration ${regNo} is cancelled: no proof is needed.`;
  switch (answer.proof) {
    case 'awaiting':
      return `Awaiting proof: no proof of student status has been received for ${regNo} yet. Upload it below; your registration is confirmed, and your ticket e-mailed, once the organisers have approved it.`;
    case 'received':
      return `Proof received${answer.uploadedAt ? ` on ${formatInstant(answer.uploadedAt)}` : ''}: the organisers will check it. Your registration ${regNo} is confirmed, and your ticket e-mailed, once they have approved it.`;
    case 'rejected':
      return `Proof not accepted: ${answer.reason || 'the organisers could not accept it'}. Upload a new proof below, or upgrade to a full registration.`;
    case 'approved':
      return `Proof approved: registration ${regNo} is confirmed and your ticket was e-mailed to you.`;
    default:
      return `Registration ${regNo} needs no proof of student status.`;
  }
}
