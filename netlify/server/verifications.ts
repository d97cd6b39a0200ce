/**
 * What an admin verifies (decision 013): students' proof of status and IEEE membership numbers that
 * no service checked. The rule is docs/rules.md#the-registration-wizard: a student sends a proof of
 * status; the registration is confirmed only once the organisers have verified it.
 *
 * - uploadProof(): the registrant (registration ID + e-mail, the same answer for a wrong e-mail
 *   and an unknown ID) sends a PDF, JPEG or PNG of at most 5 MB; its type is read from its bytes
 *   with `file-type`. The file goes to Netlify Blobs (proof-store.ts), never public; the record
 *   keeps where it is.
 * - listVerifications(): the admin queue, every registration with a check still open.
 * - decideVerification(): approve (status `confirmed`, the confirmation e-mail with the QR
 *   ticket) or reject with a reason (e-mailed with the delegate's options; the status stays).
 *
 * Every change of a registration goes through updateRegistration (compare-and-set) with its audit entry.
 */
import { fileTypeFromBuffer } from 'file-type';
import { conference } from '../../src/content/conference';
import type { StoredRegistration, VerificationItem } from '../../src/shared/api';
import { apiPaths } from '../../src/shared/api-paths';
import { fullName } from '../../src/shared/person-name';
import { PROOF_TYPES, proofMessages, type ProofType } from '../../src/shared/proof-rules';
import { registrationStatus, statusOfChecks, type ProofFile } from '../../src/shared/registration-status';
import { paths } from '../../src/shared/routes';
import { tierLabel } from '../../src/shared/csv';
import { changeTarget } from '../../src/shared/tier-rules';
import { pricing } from '../../src/shared/pricing';
import { paidChangesOnSaleAt } from '../../src/shared/edition';
import { siteUrl } from './platform/env';
import { HttpError, refuse } from './platform/http';
import { deliverConfirmation } from './mail-delivery';
import type { MailNotice } from './mail';
import { activeContentOf } from './platform/pdf-active-content';
import { readProofBlob, writeProofBlob } from './platform/proof-store';
import { getRegistration, openRegistrationPages, registrantOf, type Registration } from './registrations';
import { updateRegistration } from './registration-update';
import { actingFields } from './platform/request-scope';

/** The admin path that serves the proof of `regNo`. */
export function proofPath(regNo: string): string {
  return `${apiPaths.adminVerificationProof}?registrationNumber=${encodeURIComponent(regNo)}`;
}

/**
 * Stores `bytes` (named `fileName` by the delegate) as the proof of student status of `regNo`,
 * for the registrant whose registered address is `email`, at `at`. Replaces an earlier proof and
 * clears an earlier rejection, so the registration is back in the queue. Returns the record as
 * written. Throws refuse(404 NO_MATCH) for an unknown ID or a wrong e-mail alike, 409
 * NOT_AWAITING_PROOF when no proof is waited for, 415 UNSUPPORTED_FILE_TYPE when the bytes are
 * not a PDF, JPEG or PNG, 415 PDF_ACTIVE_CONTENT for a PDF with JavaScript, a launch action or
 * additional actions, an encrypted or an unreadable one (nothing is written then), ServiceUnavailableError (503) when the store
 * or the blob store is down.
 */
export async function uploadProof(regNo: string, email: string, bytes: Uint8Array, fileName: string, at: Date): Promise<Registration> {
  const current = registrantOf(await getRegistration(regNo), email);
  if (!waitsForProof(current)) throw refuse(409, 'NOT_AWAITING_PROOF', proofMessages.notAwaiting);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(detected.mime in PROOF_TYPES)) throw refuse(415, 'UNSUPPORTED_FILE_TYPE', proofMessages.wrongType);
  const contentType = detected.mime as ProofType;
  if (contentType === 'application/pdf') {
    // An organiser opens the proof: no PDF that runs something when opened (docs/security.md).
    const active = await activeContentOf(bytes);
    if (active) throw refuse(415, 'PDF_ACTIVE_CONTENT', active === 'encrypted' ? proofMessages.protectedPdf : active === 'unreadable' ? proofMessages.unreadablePdf : proofMessages.activeContent);
  }
  const key = await writeProofBlob(regNo, bytes, contentType);
  const iso = at.toISOString();
  const proof: ProofFile = { key, contentType, size: bytes.byteLength, fileName: fileName.slice(0, 200), uploadedAt: iso };
  return updateRegistration<Registration>(regNo, (found) => {
    const reg = registrantOf(found, email);
    if (!waitsForProof(reg)) throw refuse(409, 'NOT_AWAITING_PROOF', proofMessages.notAwaiting);
    const { rejection: _rejection, ...verification } = reg.verification!;
    return {
      write: { ...reg, verification: { ...verification, proof }, updatedAt: iso },
      audit: { at: iso, actor: 'registrant', action: 'verification.proof-uploaded', details: { regNo, contentType, size: proof.size } },
      result: (written) => written,
    };
  });
}

function waitsForProof(r: Registration): boolean {
  return registrationStatus(r) !== 'cancelled' && Boolean(r.verification?.pending.includes('student-proof'));
}

/** The proof of `regNo` for an admin: its bytes and type. Throws 404 NO_PROOF when none was uploaded. */
export async function readProof(regNo: string): Promise<{ bytes: ArrayBuffer; contentType: string; fileName: string }> {
  const reg = await getRegistration(regNo);
  const proof = reg?.verification?.proof;
  if (!proof) throw new HttpError(404, 'NO_PROOF', 'No proof was uploaded for this registration.');
  const bytes = await readProofBlob(proof.key);
  if (!bytes) throw new HttpError(404, 'NO_PROOF', 'The proof file of this registration is missing from the store.');
  const ext = PROOF_TYPES[proof.contentType as ProofType] ?? 'bin';
  return { bytes, contentType: proof.contentType, fileName: `proof-${regNo}.${ext}` };
}

/**
 * The admin queue, oldest payment first: every registration, not cancelled, with a check still
 * open (status awaiting-proof or membership-to-verify). Reads every registration (as the CSV
 * export does), so no index has to be kept in step with the finalise scripts.
 */
export async function listVerifications(): Promise<VerificationItem[]> {
  const { pages } = await openRegistrationPages();
  const out: VerificationItem[] = [];
  for await (const texts of pages) {
    for (const text of texts) {
      // Most registrations have nothing pending: skip them before parsing.
      if (!text.includes('"pending":["')) continue;
      const r = JSON.parse(text) as Registration;
      const status = registrationStatus(r);
      if (status !== 'awaiting-proof' && status !== 'membership-to-verify') continue;
      out.push({
        registrationNumber: r.registrationNumber,
        name: fullName(r),
        email: r.email,
        organization: r.organization,
        registrationTier: r.registrationTier,
        status,
        verification: r.verification!,
        ...(r.verification?.proof ? { proofPath: proofPath(r.registrationNumber) } : {}),
        paidAt: r.paidAt,
      });
    }
  }
  return out.sort((a, b) => a.paidAt.localeCompare(b.paidAt));
}

/**
 * An admin's decision on registration `regNo` at `at` (decision 013). 'approve' closes every open
 * check: status `confirmed`, the confirmation e-mail with the QR ticket, an audit entry.
 * 'reject' (a `reason` is required; the request schema checks it) records the reason and e-mails
 * it with the delegate's options; the status stays. Returns the registration as written.
 * Throws 404 REGISTRATION_NOT_FOUND, 409 NOTHING_TO_VERIFY (nothing open, or cancelled).
 * The e-mail never fails the decision (mail-delivery.ts records and retries it).
 */
export async function decideVerification(regNo: string, decision: 'approve' | 'reject', reason: string | undefined, at: Date): Promise<Registration> {
  const iso = at.toISOString();
  const written = await updateRegistration<Registration>(regNo, (reg) => {
    if (!reg) throw new HttpError(404, 'REGISTRATION_NOT_FOUND', 'No registration with this number.');
    const v = reg.verification;
    if (!v || !v.pending.length || registrationStatus(reg) === 'cancelled') throw new HttpError(409, 'NOTHING_TO_VERIFY', 'This registration has nothing waiting for verification.');
    if (decision === 'approve') {
      const { rejection: _rejection, ...rest } = v;
      return {
        write: { ...reg, status: statusOfChecks([]), verification: { ...rest, pending: [], approvedAt: iso }, updatedAt: iso },
        audit: { at: iso, ...actingFields(), action: 'verification.approved', details: { regNo, checks: v.pending } },
        result: (w) => w,
      };
    }
    const rejection = { at: iso, reason: reason ?? '' };
    return {
      write: { ...reg, verification: { ...v, rejection }, updatedAt: iso },
      audit: { at: iso, ...actingFields(), action: 'verification.rejected', details: { regNo, checks: v.pending, reason: rejection.reason } },
      result: (w) => w,
    };
  });
  const notice = decision === 'approve' ? approvalNotice(written) : rejectionNotice(written, reason ?? '', at);
  await deliverConfirmation(written, at, true, notice).catch((err: unknown) => {
    console.error(`[mail] verification notice for ${regNo} not recorded: ${err instanceof Error ? err.message : String(err)}`);
  });
  return written;
}

function approvalNotice(r: StoredRegistration): MailNotice {
  return {
    subject: `${conference.name} registration confirmed — ${r.registrationNumber}`,
    lead: `Your registration for ${conference.name} is confirmed: the organisers have verified it. Please keep this e-mail; your ticket is the QR code below.`,
    documents: [],
  };
}

/**
 * The notice of a rejected proof or membership for `r`, sent at `at`: what the delegate can do.
 * Paying the difference is offered only while paid changes are sold (until the conference has
 * ended: src/shared/schedule.ts paidChangesOnSale, decision 031's addendum); after it, the
 * organisers are the way.
 */
function rejectionNotice(r: StoredRegistration, reason: string, at: Date): MailNotice {
  const base = siteUrl();
  const sold = paidChangesOnSaleAt(at);
  if (r.verification?.pending.includes('student-proof')) {
    const upgrade = sold ? changeTarget('tier-upgrade', r.registrationTier, pricing) : null;
    return {
      subject: `${conference.name} proof of student status not accepted — ${r.registrationNumber}`,
      lead:
        `The organisers could not accept the proof of student status sent for registration ${r.registrationNumber}. Reason: ${reason} ` +
        `Your registration is not yet confirmed. Your options: upload another proof at ${base}${paths.registrationProof}; ` +
        (upgrade ? `or move to ${tierLabel(upgrade.id)} by paying the difference at ${base}${paths.tierUpgrade}; ` : '') +
        `or cancel your registration under the cancellation policy at ${base}${paths.cancelRegistration}.`,
      documents: [],
    };
  }
  return {
    subject: `${conference.name} IEEE membership not verified — ${r.registrationNumber}`,
    lead:
      `The organisers could not verify the IEEE membership number ${r.verification?.memberNumber ?? r.ieeeMemberNumber} of registration ${r.registrationNumber}. Reason: ${reason} ` +
      (sold
        ? `The membership only changes the fee: please pay the difference to the non-member fee at ${base}${paths.ieeeChange}. Until it is paid, your ticket below is not accepted at the registration desk. Questions: ${conference.contactEmail}.`
        : `The membership only changes the fee. The conference has ended, so the difference to the non-member fee can no longer be paid online: please write to ${conference.contactEmail}.`),
    documents: [],
  };
}
