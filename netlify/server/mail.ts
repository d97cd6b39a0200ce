/**
 * E-mail adapter (docs/operations.md#e-mail): nodemailer over SMTP_URL in production; in
 * `npm start` without SMTP_URL, a stream transport whose messages are written as `.eml` files
 * under `.data/outbox/` (MAIL_OUTBOX_DIR), so the same composition code runs everywhere and a
 * developer can open what a delegate would receive. Under production rules (every deploy context
 * but `dev`) a missing SMTP_URL or MAIL_FROM is a ConfigError, never a silent outbox.
 *
 * The messages are React elements of netlify/server/emails/ (react-email), rendered to HTML and
 * plain text there; this module only adds attachments and sends. sendConfirmation() composes and
 * sends the registration confirmation with the QR ticket, sendMessage() any composed message; both
 * throw MailError describing the failure in a few words with no personal data (SMTP replies
 * often quote the recipient's address, so they are never kept).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Attachment, SendMailOptions, Transporter } from 'nodemailer';
import { conference } from '../../src/content/conference';
import type { ChangeRecord, StoredRegistration } from '../../src/shared/api';
import type { ChangeRecordKind, ChangeRecordOf, PaidChangeRecord } from '../../src/shared/change-kinds';
import { proofPageUrl, visaLetterPageUrl } from '../../src/shared/routes';
import { paidChangesOnSaleAt, phaseAt } from '../../src/shared/edition';
import { selfServicePageLine, selfServicePagesOffered } from '../../src/shared/registrant-pages';
import { isStudentTier } from '../../src/shared/pricing';
import { regionOfCountry } from '../../src/shared/regions';
import { attendance, dietary, formatDateTime, tierLabel } from '../../src/shared/csv';
import { formatMoney, toMinor } from '../../src/shared/money';
import { fullName } from '../../src/shared/person-name';
import { registrationStatus } from '../../src/shared/registration-status';
import { PROOF_RULES_TEXT } from '../../src/shared/proof-rules';
import { productionRules } from './platform/deploy-context';
import { ConfigError, env, requireEnv, siteUrl } from './platform/env';
import { now } from './platform/clock';
import { ticketText } from './tickets';
import { agendaLink } from './agenda';
import { now as clockNow } from './platform/clock';
import type { RegistrationDocument } from './invoices';
// nodemailer, qrcode, the e-mail templates (React), the invoices and their PDFs (pdf-lib, fonts)
// are imported where a message is composed or sent, never at the top: the payment functions
// import this module, and only the call that applies an order sends a message (a cold start
// pays for them only then; docs/performance.md, "Cold starts").

/** Sender used in the `dev` deploy context when MAIL_FROM is unset. */
export const LOCAL_MAIL_FROM = 'PESGRE 2025 <no-reply@pesgre2025.local>';
export const DEFAULT_OUTBOX_DIR = '.data/outbox';
/** Content-ID of the inline QR image. */
export const TICKET_CID = 'ticket-qr@pesgre2025';

/** Why a message was not sent. `kind` decides the HTTP status of an admin resend (502 / 503 / 500). */
export class MailError extends Error {
  constructor(
    /** 'refused': the server answered and said no; 'unavailable': no answer (down, timeout); 'config': settings missing. */
    public readonly kind: 'refused' | 'unavailable' | 'config',
    /** A short reason without personal data, e.g. 'SMTP 550 (EENVELOPE)', 'ECONNECTION', 'timeout'. */
    public readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`e-mail not sent: ${reason}`, options);
    this.name = 'MailError';
  }
}

/** Codes nodemailer and Node use when the server could not be reached or the connection broke. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'EPROXY']);

/** Maps any send failure to a MailError (keeps only the code and the SMTP reply code). */
export function toMailError(err: unknown): MailError {
  if (err instanceof MailError) return err;
  if (err instanceof ConfigError) return new MailError('config', `configuration: ${err.variables.join(', ')}`, { cause: err });
  const e = err as { code?: unknown; responseCode?: unknown };
  const code = typeof e?.code === 'string' && /^[A-Z0-9_]{2,32}$/.test(e.code) ? e.code : undefined;
  const responseCode = typeof e?.responseCode === 'number' ? e.responseCode : undefined;
  if (responseCode && responseCode >= 400) return new MailError('refused', `SMTP ${responseCode}${code ? ` (${code})` : ''}`, { cause: err });
  if (code && UNREACHABLE.has(code)) return new MailError('unavailable', code, { cause: err });
  return new MailError('unavailable', code ?? 'send failed', { cause: err });
}

type Mode = { kind: 'smtp'; url: string } | { kind: 'outbox'; dir: string };

/** SMTP when SMTP_URL is set; the local outbox otherwise, in the `dev` deploy context only (else ConfigError). */
function mailMode(): Mode {
  const e = env();
  if (e.SMTP_URL) {
    try {
      const url = new URL(e.SMTP_URL);
      if (!/^smtps?:$/.test(url.protocol)) throw new Error('not smtp');
    } catch {
      throw new ConfigError(['SMTP_URL']);
    }
    return { kind: 'smtp', url: e.SMTP_URL };
  }
  if (productionRules()) throw new ConfigError(['SMTP_URL']);
  return { kind: 'outbox', dir: e.MAIL_OUTBOX_DIR ?? DEFAULT_OUTBOX_DIR };
}

function mailFrom(): string {
  const e = env();
  return productionRules() ? requireEnv('MAIL_FROM', e) : (e.MAIL_FROM ?? LOCAL_MAIL_FROM);
}

let cached: { key: string; transporter: Transporter } | undefined;

/**
 * One transporter per configuration (not pooled: a function instance sends a message or two).
 * Timeouts are short so a dead server fails within the 10 s the callers wait.
 */
async function transporter(mode: Mode): Promise<Transporter> {
  const key = mode.kind === 'smtp' ? `smtp|${mode.url}` : 'outbox';
  if (!cached || cached.key !== key) {
    const { default: nodemailer } = await import('nodemailer');
    const t =
      mode.kind === 'smtp'
        ? nodemailer.createTransport({ url: mode.url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000, dnsTimeout: 5_000 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    cached = { key, transporter: t as Transporter };
  }
  return cached.transporter;
}

/** The detail lines of the confirmation, as label/value pairs (shared by the text and HTML parts). */
function detailRows(r: StoredRegistration): [string, string][] {
  // totalPaid, not charges.total: a paid upgrade or IEEE change adds to it.
  const paid = formatMoney(toMinor(r.totalPaid), r.currency);
  return [
    ['Registration number', r.registrationNumber],
    ['Name', fullName(r)],
    ['Organisation', r.organization],
    ['Registration tier', tierLabel(r.registrationTier)],
    ['Paper ID', r.noPaper ? 'No paper' : r.paperId],
    ['Welcome Reception', attendance(r.welcomeReception, r.additionalReceptionTickets)],
    ['Gala Dinner', attendance(r.galaDinner, r.additionalGalaDinnerTickets)],
    ['Dietary requirements', dietary(r.dietaryRequirements, r.dietaryOtherText)],
    ['Amount paid', paid],
    ['Payment ID', r.paymentId === 'NoPayment' ? 'None (fee waived by coupon)' : r.paymentId],
    ['Order ID', r.orderId],
    ['Paid at', `${formatDateTime(r.paidAt, conference.timeZone)} IST`],
  ];
}

/**
 * The message of a paid student registration whose proof of status is not yet approved (decision
 * 013; docs/rules.md#the-registration-wizard: a student's registration is confirmed only once the
 * proof is verified): payment received, not yet confirmed, how to send the proof. No QR ticket.
 */
export function paymentReceivedNotice(r: StoredRegistration): MailNotice {
  return {
    subject: `${conference.name} payment received, proof of student status needed — ${r.registrationNumber}`,
    heading: 'Payment received: your registration is not confirmed yet',
    lead: `We have received your payment for registration ${r.registrationNumber}. Your registration is received but not yet confirmed: students must send proof of their student status, and the registration is confirmed only after the proof is verified. Your ticket will follow by e-mail once it is.`,
  };
}

/** How a delegate sends the proof: the self-service page (its address with the registration number filled in), with what it takes. */
function proofInstructions(regNo: string): string {
  return `To send your proof of student status, open ${siteUrl()}${proofPageUrl(regNo)} and upload it with your registration ID (${regNo}) and the e-mail address you registered with. ${PROOF_RULES_TEXT}`;
}

/**
 * The line that points a delegate from abroad (country other than India) to the online
 * visa-letter request (decision 016), or undefined for a delegate from India and once the conference
 * is over at `at`.
 */
function visaLetterLine(r: StoredRegistration, at: Date): string | undefined {
  if (regionOfCountry(r.country) !== 'Foreign' || phaseAt(at) === 'ended') return undefined;
  return `Travelling to India from abroad? Request your visa invitation letter online: ${siteUrl()}${visaLetterPageUrl(r.registrationNumber)}`;
}

/** The confirmation's subject line. */
export function confirmationSubject(regNo: string): string {
  return `${conference.name} registration confirmed — ${regNo}`;
}

/** What heads a message that tells of a change: its subject and first paragraph (plain text). */
export interface MailNotice {
  subject: string;
  /** The message's heading (what happened, in a few words). */
  heading?: string;
  lead: string;
  /** Numbers of the tax documents to attach (default: none with a notice, every one without). */
  documents?: string[];
}

/**
 * What a paid tier change means for the ticket: a student registration still waiting
 * for its proof has none yet; one that waited and is now a full registration gets its first
 * (it never had one: its proof was never approved); any other keeps the same QR code.
 */
function ticketAfterChange(r: StoredRegistration, change: PaidChangeRecord): string {
  if (registrationStatus(r) === 'awaiting-proof') {
    return 'Your registration is not confirmed yet: your ticket follows by e-mail once the organisers have approved your proof of student status.';
  }
  const waitedForProof = isStudentTier(change.from) && !isStudentTier(change.to) && r.verification !== undefined && !r.verification.approvedAt;
  if (waitedForProof) return 'Your registration is now confirmed: a full registration needs no proof of student status. Your ticket is the QR code below.';
  return 'Your ticket has not changed: the QR code below stays valid.';
}

/** The notice of a paid tier change (tier upgrade: 'upgraded'; IEEE change: 'changed') applied to `r`. */
function tierChangeNotice(what: 'upgraded' | 'changed') {
  return (r: StoredRegistration, change: PaidChangeRecord): MailNotice => {
    const amount = formatMoney(toMinor(change.amount), change.currency);
    return {
      subject: `${conference.name} registration ${what} — ${r.registrationNumber}`,
      heading: `Your registration has been ${what}`,
      lead: `Your registration has been ${what} from ${tierLabel(change.from)} to ${tierLabel(change.to)}. We received ${amount} for this change (payment ${change.paymentId}). ${ticketAfterChange(r, change)}${change.invoiceNumber ? ` The GST tax invoice ${change.invoiceNumber} for this change is attached.` : ''}`,
      documents: change.invoiceNumber ? [change.invoiceNumber] : [],
    };
  };
}

/**
 * The e-mail notice of each kind of change (docs/architecture.md#the-order-registry: one entry per kind, exhaustive over
 * ChangeRecord['kind'], so a new kind without its wording fails tsc).
 */
const changeNotices: { [K in ChangeRecordKind]: (r: StoredRegistration, change: ChangeRecordOf<K>) => MailNotice } = {
  'tier-upgrade': tierChangeNotice('upgraded'),
  'ieee-change': tierChangeNotice('changed'),
  'name-transfer': (r, change) => ({
    subject: `${conference.name} registration transferred to you — ${r.registrationNumber}`,
    heading: 'A registration has been transferred to you',
    // The fee's invoice is the payer's document: it goes to them, not here (notices.ts).
    lead: `Registration ${r.registrationNumber} has been transferred from ${change.from} to you. This e-mail carries your ticket: the QR code below is new, and the earlier ticket no longer admits anyone.`,
    documents: [],
  }),
  'name-change': (r, change) => nameChangeNotice(r, change.from, change.to),
};

/** The notice of `change` applied to `r` (changeNotices). */
export function changeNotice(r: StoredRegistration, change: ChangeRecord): MailNotice {
  return (changeNotices[change.kind] as (r: StoredRegistration, change: ChangeRecord) => MailNotice)(r, change);
}

/** The notice sent to the registered address when the registered name changes. */
export function nameChangeNotice(r: StoredRegistration, from: string, to: string): MailNotice {
  return {
    subject: `${conference.name} registered name changed — ${r.registrationNumber}`,
    heading: 'The name on your registration was changed',
    lead: `The name on your registration was changed from "${from}" to "${to}". If you did not ask for this, please write to ${conference.contactEmail} at once. Your ticket has not changed.`,
  };
}

/**
 * Absolute links to the self-service pages (src/shared/registrant-pages.ts, the list the
 * Registration information page shows too), from SITE_URL (or Netlify's URL). The paid changes
 * (upgrade, IEEE change, transfer) only while they are sold at `at`, the server's clock at sending
 * (src/shared/schedule.ts paidChangesOnSale; decision 031's addendum).
 */
function selfServiceLinks(at: Date): [string, string][] {
  const base = siteUrl();
  return selfServicePagesOffered(paidChangesOnSaleAt(at)).map((page) => [selfServicePageLine(page), `${base}${page.path}`]);
}

/** The file name of the conference days' calendar attached to the confirmation ('pesgre-2025.ics'). */
export const CONFERENCE_ICS_FILENAME = `${conference.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.ics`;

/**
 * Composes the confirmation for `r` (emails/confirmation.tsx, rendered to HTML and text): the
 * registration details and the QR ticket as an inline PNG (cid) and as the attachment
 * ticket-{regNo}.png, the link to the delegate's agenda on the programme page and as a calendar to
 * subscribe to (the link POST /api/agenda answers), the conference days as an .ics attachment
 * (decision 038), and the tax documents issued to the registered address (after a
 * name transfer, the original payer's invoices are never sent to the new person).
 * `at` (the server's clock) decides what the message may say of time: the registration desk
 * while the conference is ahead or under way, the visa-letter request for a delegate from abroad
 * until it ends (docs/decisions/031-edition-phases.md).
 * Throws ConfigError without TICKET_SIGNING_KEY (or, under production rules, MAIL_FROM).
 */
export async function composeConfirmation(r: StoredRegistration, notice?: MailNotice, at: Date = now()): Promise<SendMailOptions> {
  const regNo = r.registrationNumber;
  // A student's registration has no ticket until its proof is approved (decision 013).
  if (registrationStatus(r) === 'awaiting-proof') return composeWithoutTicket(r, notice ?? paymentReceivedNotice(r), !notice, at);
  const [{ default: QRCode }, { ConfirmationEmail }, { renderEmail }, { documentsIssuedTo }] = await Promise.all([
    import('qrcode'),
    import('./emails/confirmation'),
    import('./emails/render'),
    import('./invoices'),
  ]);
  const png = await QRCode.toBuffer(await ticketText(regNo, r.ticketVersion ?? 0), { errorCorrectionLevel: 'M', margin: 2, width: 360, type: 'png' });
  const invoiceLine = r.invoiceNumber ? ` Your GST tax invoice ${r.invoiceNumber} is attached.` : '';
  const memberLine = registrationStatus(r) === 'membership-to-verify' && !r.verification?.rejection ? ` Your IEEE membership number will be checked by the organisers; your ticket is valid meanwhile.` : '';
  const lead = notice ? notice.lead : `Your registration for ${conference.name} is confirmed. Please keep this e-mail.${invoiceLine}${memberLine}`;
  const subject = notice ? notice.subject : confirmationSubject(regNo);
  const agenda = agendaLink(r);
  // Loaded here, not at the top: only the ticket e-mails write a calendar.
  const { conferenceDaysCalendar } = await import('./calendar');
  const { html, text } = await renderEmail(
    ConfirmationEmail({
      heading: notice?.heading ?? 'Your registration is confirmed',
      preview: subject,
      name: fullName(r),
      lead,
      rows: detailRows(r),
      registrationNumber: regNo,
      ticketCid: TICKET_CID,
      links: selfServiceLinks(at),
      agendaLinks: [
        ['Your agenda on the programme page (star the sessions you want to attend)', agenda.pageUrl],
        ["Your agenda as a calendar your phone can subscribe to (it follows every change of the programme)", agenda.webcalUrl],
      ],
      calendarFile: CONFERENCE_ICS_FILENAME,
      // No desk to show the ticket at once the conference is over (decision 031).
      atTheDesk: phaseAt(at) !== 'ended',
      visaLetter: visaLetterLine(r, at),
    }),
  );
  const attachments: Attachment[] = [
    { filename: 'ticket-qr.png', content: png, contentType: 'image/png', cid: TICKET_CID, contentDisposition: 'inline' },
    { filename: `ticket-${regNo}.png`, content: png, contentType: 'image/png', contentDisposition: 'attachment' },
    { filename: CONFERENCE_ICS_FILENAME, content: conferenceDaysCalendar(clockNow()), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', contentDisposition: 'attachment' },
  ];
  // The GST tax documents, rendered from the snapshots stored when they were issued
  // (docs/payments.md#gst-tax-invoices-and-credit-notes: attached to the confirmation).
  const wanted = notice ? (notice.documents ?? []) : null;
  for (const doc of documentsIssuedTo(r, r.email)) {
    if (wanted && !wanted.includes(doc.summary.number)) continue;
    attachments.push(await documentAttachment(doc));
  }
  return { from: mailFrom(), to: r.email, subject, text, html, attachments };
}

/** A tax document as a PDF attachment named after its number. */
export async function documentAttachment(doc: RegistrationDocument): Promise<Attachment> {
  const [{ renderInvoicePdf }, { documentFileName }] = await Promise.all([import('./invoice-pdf'), import('./invoices')]);
  const pdf = await renderInvoicePdf(doc.build());
  return { filename: documentFileName(doc.summary.number, doc.summary.kind), content: Buffer.from(pdf), contentType: 'application/pdf', contentDisposition: 'attachment' };
}

/** A message to send: everything but the sender, which the transport's configuration decides. */
export type OutgoingMessage = Omit<SendMailOptions, 'from'> & { to: string; subject: string };

/**
 * Sends `message` through the configured transport (SMTP, or the `dev` outbox, where it is written
 * as `{time}-{tag}.eml`). Resolves once the SMTP server accepted it (or the file was written);
 * throws MailError otherwise. Callers bound the wait (mail-delivery.ts).
 */
export async function sendMessage(message: OutgoingMessage | (() => Promise<OutgoingMessage>), tag: string): Promise<void> {
  try {
    const mode = mailMode();
    const composed = typeof message === 'function' ? await message() : message;
    const info = (await (await transporter(mode)).sendMail({ ...composed, from: mailFrom() })) as { message?: unknown };
    if (mode.kind === 'outbox') {
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no buffer');
      await mkdir(mode.dir, { recursive: true });
      // Real time, not the app clock: file names must differ even under a pinned APP_NOW.
      const stamp = new Date().toISOString().replace(/[-:.]/g, '');
      const file = path.join(mode.dir, `${stamp}-${tag.replace(/[^A-Za-z0-9_-]+/g, '-')}.eml`);
      // Written aside, then renamed: a reader of the outbox (a developer's mail viewer, the tests)
      // never sees half a message, now that e-mails are sent after the answer (decision 053).
      const partial = path.join(mode.dir, `.${randomUUID()}.partial`);
      await writeFile(partial, info.message);
      await rename(partial, file);
    }
  } catch (err) {
    throw toMailError(err);
  }
}

/**
 * The message for a registration without a valid ticket yet (awaiting-proof): `notice`'s subject
 * and lead, the details, how to send the proof and the self-service links, no QR code. The tax
 * documents are attached when `withDocuments` (the first message after the payment).
 */
async function composeWithoutTicket(r: StoredRegistration, notice: MailNotice, withDocuments: boolean, at: Date): Promise<SendMailOptions> {
  const regNo = r.registrationNumber;
  const rows = detailRows(r);
  const name = fullName(r);
  const howTo = proofInstructions(regNo);
  const links = selfServiceLinks(at);
  const visaLetter = visaLetterLine(r, at);
  const [{ PendingTicketEmail }, { renderEmail }, { documentsIssuedTo }] = await Promise.all([import('./emails/pending-ticket'), import('./emails/render'), import('./invoices')]);
  const { html, text } = await renderEmail(PendingTicketEmail({ heading: notice.heading ?? notice.subject, preview: notice.subject, name, lead: notice.lead, howTo, rows, links, visaLetter }));
  const attachments: Attachment[] = [];
  const wanted = withDocuments ? null : (notice.documents ?? []);
  for (const doc of documentsIssuedTo(r, r.email)) {
    if (wanted && !wanted.includes(doc.summary.number)) continue;
    attachments.push(await documentAttachment(doc));
  }
  return { from: mailFrom(), to: r.email, subject: notice.subject, text, html, attachments };
}

/**
 * Sends the confirmation of `r`. Resolves once the SMTP server accepted it (or the .eml file was
 * written); throws MailError otherwise. Callers bound the wait (mail-delivery.ts).
 */
export async function sendConfirmation(r: StoredRegistration, notice?: MailNotice, at: Date = now()): Promise<void> {
  await sendMessage(async () => {
    const { from: _from, ...message } = await composeConfirmation(r, notice, at);
    return message as OutgoingMessage;
  }, r.registrationNumber);
}

/**
 * Sends a plain-text notice (the publication chair's message to a paper's authors, docs/operations.md#accepted-papers-publication-chair) from
 * the conference's sender, through the same transport as the confirmations. `tag` names the
 * outbox file. Throws MailError.
 */
export async function sendNotice(to: string[], subject: string, text: string, tag: string): Promise<void> {
  await sendMessage({ to: to.join(', '), subject, text }, tag);
}
