/**
 * E-mail adapter (ARCHITECTURE: External systems): nodemailer over SMTP_URL in production; in
 * `npm start` without SMTP_URL, a stream transport whose messages are written as `.eml` files
 * under `.data/outbox/` (MAIL_OUTBOX_DIR), so the same composition code runs everywhere and a
 * developer can open what a delegate would receive. Under production rules (every deploy context
 * but `dev`) a missing SMTP_URL or MAIL_FROM is a ConfigError, never a silent outbox.
 *
 * sendConfirmation() composes and sends the registration confirmation with the QR ticket and
 * throws MailError describing the failure in a few words with no personal data (SMTP replies
 * often quote the recipient's address, so they are never kept).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Attachment, SendMailOptions, Transporter } from 'nodemailer';
import QRCode from 'qrcode';
import { conference } from '../../src/content/conference';
import type { ChangeRecord, StoredRegistration } from '../../src/shared/api';
import type { ChangeRecordKind, ChangeRecordOf, PaidChangeRecord } from '../../src/shared/change-kinds';
import { paths } from '../../src/shared/routes';
import { attendance, dietary, formatDateTime, tierLabel } from '../../src/shared/csv';
import { formatMoney, toMinor } from '../../src/shared/money';
import { fullName } from '../../src/shared/person-name';
import { registrationStatus } from '../../src/shared/registration-status';
import { PROOF_RULES_TEXT } from '../../src/shared/proof-rules';
import { productionRules } from './deploy-context';
import { ConfigError, env, requireEnv, siteUrl } from './env';
import { ticketText } from './tickets';
import { renderInvoicePdf } from './invoice-pdf';
import { documentFileName, documentsOf } from './invoices';

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
    super(`confirmation e-mail not sent: ${reason}`, options);
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
function transporter(mode: Mode): Transporter {
  const key = mode.kind === 'smtp' ? `smtp|${mode.url}` : 'outbox';
  if (!cached || cached.key !== key) {
    const t =
      mode.kind === 'smtp'
        ? nodemailer.createTransport({ url: mode.url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000, dnsTimeout: 5_000 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    cached = { key, transporter: t as Transporter };
  }
  return cached.transporter;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
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
 * The message of a paid student registration whose proof of status is not yet approved (issue
 * 22; spec part 2, "Registration information page": "registration is confirmed only after the
 * proof is verified"): payment received, not yet confirmed, how to send the proof. No QR ticket.
 */
export function paymentReceivedNotice(r: StoredRegistration): MailNotice {
  return {
    subject: `${conference.name} payment received, proof of student status needed — ${r.registrationNumber}`,
    lead: `We have received your payment for registration ${r.registrationNumber}. Your registration is not yet confirmed: students must send proof of their student status, and the registration is confirmed only after the proof is verified. Your ticket will follow by e-mail once it is.`,
  };
}

/** How a delegate sends the proof: the self-service page, with what it takes. */
function proofInstructions(regNo: string): string {
  return `To send your proof of student status, open ${siteUrl()}${paths.registrationProof} and upload it with your registration ID (${regNo}) and the e-mail address you registered with. ${PROOF_RULES_TEXT}`;
}

/** The confirmation's subject line. */
export function confirmationSubject(regNo: string): string {
  return `${conference.name} registration confirmed — ${regNo}`;
}

/** What heads a message that tells of a change: its subject and first paragraph (plain text). */
export interface MailNotice {
  subject: string;
  lead: string;
  /** Numbers of the tax documents to attach (default: none with a notice, every one without). */
  documents?: string[];
}

/** The notice of a paid tier change (tier upgrade: 'upgraded'; IEEE change: 'changed') applied to `r`. */
function tierChangeNotice(what: 'upgraded' | 'changed') {
  return (r: StoredRegistration, change: PaidChangeRecord): MailNotice => {
    const amount = formatMoney(toMinor(change.amount), change.currency);
    return {
      subject: `${conference.name} registration ${what} — ${r.registrationNumber}`,
      lead: `Your registration has been ${what} from ${tierLabel(change.from)} to ${tierLabel(change.to)}. We received ${amount} for this change (payment ${change.paymentId}). Your ticket has not changed: the QR code below stays valid.${change.invoiceNumber ? ` The GST tax invoice ${change.invoiceNumber} for this change is attached.` : ''}`,
      documents: change.invoiceNumber ? [change.invoiceNumber] : [],
    };
  };
}

/**
 * The e-mail notice of each kind of change (issue 18: one entry per kind, exhaustive over
 * ChangeRecord['kind'], so a new kind without its wording fails tsc).
 */
const changeNotices: { [K in ChangeRecordKind]: (r: StoredRegistration, change: ChangeRecordOf<K>) => MailNotice } = {
  'tier-upgrade': tierChangeNotice('upgraded'),
  'ieee-change': tierChangeNotice('changed'),
  'name-transfer': (r, change) => ({
    subject: `${conference.name} registration transferred to you — ${r.registrationNumber}`,
    lead: `Registration ${r.registrationNumber} has been transferred from ${change.from} to you. This e-mail carries your ticket: the QR code below is new, and the earlier ticket no longer admits anyone.${change.invoiceNumber ? ` The GST tax invoice ${change.invoiceNumber} for the transfer fee is attached.` : ''}`,
    documents: change.invoiceNumber ? [change.invoiceNumber] : [],
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
    lead: `The name on your registration was changed from "${from}" to "${to}". If you did not ask for this, please write to ${conference.contactEmail} at once. Your ticket has not changed.`,
  };
}

/** Absolute links to the self-service pages, from SITE_URL (or Netlify's URL). */
function selfServiceLinks(): [string, string][] {
  const base = siteUrl();
  return [
    ['Upgrade a student registration to a full one', `${base}${paths.tierUpgrade}`],
    ['Change from an IEEE-member to a non-member tier', `${base}${paths.ieeeChange}`],
    ['Correct your registered name', `${base}${paths.nameChange}`],
    ['Transfer your registration to another person (a processing fee applies)', `${base}${paths.nameTransfer}`],
    ['Download your GST tax invoices', `${base}${paths.invoices}`],
    ['Cancel your registration (see the refund rule first)', `${base}${paths.cancelRegistration}`],
  ];
}

/**
 * Composes the confirmation for `r`: text and HTML parts with the registration details and the
 * QR ticket as an inline PNG (cid) and as the attachment ticket-{regNo}.png.
 * Throws ConfigError without TICKET_SIGNING_KEY (or, under production rules, MAIL_FROM).
 */
export async function composeConfirmation(r: StoredRegistration, notice?: MailNotice): Promise<SendMailOptions> {
  const regNo = r.registrationNumber;
  // A student's registration has no ticket until its proof is approved (issue 22).
  if (registrationStatus(r) === 'awaiting-proof') return composeWithoutTicket(r, notice ?? paymentReceivedNotice(r), !notice);
  const png = await QRCode.toBuffer(ticketText(regNo, r.ticketVersion ?? 0), { errorCorrectionLevel: 'M', margin: 2, width: 360, type: 'png' });
  const rows = detailRows(r);
  const name = fullName(r);
  const invoiceLine = r.invoiceNumber ? ` Your GST tax invoice ${r.invoiceNumber} is attached.` : '';
  const memberLine = registrationStatus(r) === 'membership-to-verify' && !r.verification?.rejection ? ` Your IEEE membership number will be checked by the organisers; your ticket is valid meanwhile.` : '';
  const lead = notice ? notice.lead : `Your registration for ${conference.name} is confirmed. Please keep this e-mail.${invoiceLine}${memberLine}`;
  const links = selfServiceLinks();
  const text = [
    `Dear ${name},`,
    '',
    lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Your ticket is the QR code in this e-mail (also attached as ticket-${regNo}.png).`,
    'Show it at the registration desk on each day of the conference.',
    '',
    'Changes you can make yourself with your registration number:',
    ...links.map(([label, url]) => `- ${label}: ${url}`),
    '',
    `Questions: ${conference.contactEmail}`,
    '',
    `${conference.name}, ${conference.venue}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(confirmationSubject(regNo))}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5;">
<p>Dear ${escapeHtml(name)},</p>
<p>${escapeHtml(lead)}</p>
<table cellpadding="4" cellspacing="0" style="border-collapse: collapse;">
${rows.map(([label, value]) => `<tr><th align="left" style="padding-right: 16px;">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>Your ticket (show it at the registration desk on each day of the conference):</p>
<p><img src="cid:${TICKET_CID}" width="240" height="240" alt="QR ticket for ${escapeHtml(regNo)}"></p>
<p>The same code is attached as ticket-${escapeHtml(regNo)}.png.</p>
<p>Changes you can make yourself with your registration number:</p>
<ul>
${links.map(([label, url]) => `<li><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></li>`).join('\n')}
</ul>
<p>Questions: <a href="mailto:${escapeHtml(conference.contactEmail)}">${escapeHtml(conference.contactEmail)}</a></p>
<p>${escapeHtml(conference.name)}, ${escapeHtml(conference.venue)}</p>
</body></html>`;
  const attachments: Attachment[] = [
    { filename: 'ticket-qr.png', content: png, contentType: 'image/png', cid: TICKET_CID, contentDisposition: 'inline' },
    { filename: `ticket-${regNo}.png`, content: png, contentType: 'image/png', contentDisposition: 'attachment' },
  ];
  // The GST tax documents, rebuilt from the record (issue "Accounts": attached to the confirmation).
  const wanted = notice ? (notice.documents ?? []) : null;
  for (const doc of documentsOf(r)) {
    if (wanted && !wanted.includes(doc.summary.number)) continue;
    const pdf = await renderInvoicePdf(doc.build());
    attachments.push({ filename: documentFileName(doc.summary.number, doc.summary.kind), content: Buffer.from(pdf), contentType: 'application/pdf', contentDisposition: 'attachment' });
  }
  return { from: mailFrom(), to: r.email, subject: notice ? notice.subject : confirmationSubject(regNo), text, html, attachments };
}

/**
 * The message for a registration without a valid ticket yet (awaiting-proof): `notice`'s subject
 * and lead, the details, how to send the proof and the self-service links, no QR code. The tax
 * documents are attached when `withDocuments` (the first message after the payment).
 */
async function composeWithoutTicket(r: StoredRegistration, notice: MailNotice, withDocuments: boolean): Promise<SendMailOptions> {
  const regNo = r.registrationNumber;
  const rows = detailRows(r);
  const name = fullName(r);
  const howTo = proofInstructions(regNo);
  const links = selfServiceLinks();
  const text = [
    `Dear ${name},`,
    '',
    notice.lead,
    '',
    howTo,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Changes you can make yourself with your registration number:',
    ...links.map(([label, url]) => `- ${label}: ${url}`),
    '',
    `Questions: ${conference.contactEmail}`,
    '',
    `${conference.name}, ${conference.venue}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(notice.subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5;">
<p>Dear ${escapeHtml(name)},</p>
<p>${escapeHtml(notice.lead)}</p>
<p>${escapeHtml(howTo)}</p>
<table cellpadding="4" cellspacing="0" style="border-collapse: collapse;">
${rows.map(([label, value]) => `<tr><th align="left" style="padding-right: 16px;">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>Changes you can make yourself with your registration number:</p>
<ul>
${links.map(([label, url]) => `<li><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></li>`).join('\n')}
</ul>
<p>Questions: <a href="mailto:${escapeHtml(conference.contactEmail)}">${escapeHtml(conference.contactEmail)}</a></p>
<p>${escapeHtml(conference.name)}, ${escapeHtml(conference.venue)}</p>
</body></html>`;
  const attachments: Attachment[] = [];
  const wanted = withDocuments ? null : (notice.documents ?? []);
  for (const doc of documentsOf(r)) {
    if (wanted && !wanted.includes(doc.summary.number)) continue;
    const pdf = await renderInvoicePdf(doc.build());
    attachments.push({ filename: documentFileName(doc.summary.number, doc.summary.kind), content: Buffer.from(pdf), contentType: 'application/pdf', contentDisposition: 'attachment' });
  }
  return { from: mailFrom(), to: r.email, subject: notice.subject, text, html, attachments };
}

/**
 * Sends the confirmation of `r`. Resolves once the SMTP server accepted it (or the .eml file was
 * written); throws MailError otherwise. Callers bound the wait (mail-delivery.ts).
 */
export async function sendConfirmation(r: StoredRegistration, notice?: MailNotice): Promise<void> {
  try {
    const mode = mailMode();
    const message = await composeConfirmation(r, notice);
    const info = (await transporter(mode).sendMail(message)) as { message?: unknown };
    if (mode.kind === 'outbox') {
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no buffer');
      await mkdir(mode.dir, { recursive: true });
      // Real time, not the app clock: file names must differ even under a pinned APP_NOW.
      const stamp = new Date().toISOString().replace(/[-:.]/g, '');
      await writeFile(path.join(mode.dir, `${stamp}-${r.registrationNumber}.eml`), info.message);
    }
  } catch (err) {
    throw toMailError(err);
  }
}
