/**
 * Certificates of attendance (issue 25, "Certificates"): who gets one (a registrant checked in at
 * least once whose registration is not cancelled), what it says (the days attended and, when the
 * paper the registrant named was marked presented, "presented the paper <title>"), its number
 * and its QR to /certificates/verify?no=..., the PDF, and the admin's one-time e-mail to all.
 * A cancellation revokes the certificate: download refuses it and the verify page says not valid.
 */
import { createHmac } from 'node:crypto';
import { createElement } from 'react';
import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { certificates } from '../../src/content/certificates';
import { conference } from '../../src/content/conference';
import { checkinStatus } from '../../src/shared/checkin';
import type { CertificateSendLog } from '../../src/shared/api';
import { formatDay } from '../../src/shared/dates';
import { normalisePaperId, type PresentedRecord, type StoredPaper } from '../../src/shared/papers';
import { fullName } from '../../src/shared/person-name';
import { paths } from '../../src/shared/routes';
import { daysCheckedIn } from './checkin';
import { CertificateEmail } from './emails/certificate';
import { renderEmail } from './emails/render';
import { requireSecret, siteUrl } from './env';
import { HttpError } from './http';
import { sendMessage } from './mail';
import { createPdfText } from './pdf-text';
import { REGISTRATION_ALPHABET, allRegistrations, getRegistration, type Registration } from './registrations';
import { audit, keys, withStore } from './store';
import { actingFields } from './request-scope';

/** What a certificate says. */
export interface Certificate {
  number: string;
  registrationNumber: string;
  name: string;
  organization: string;
  /** Days checked in (YYYY-MM-DD), oldest first. */
  days: string[];
  /** The title of the paper presented, when its mark is 'presented'. */
  presentedPaper: string | null;
}

/**
 * The certificate number of `regNo`: the prefix and 10 characters of an HMAC of the number, so
 * numbers cannot be walked to read names off the verify page. Throws ConfigError without TICKET_SIGNING_KEY.
 */
export function certificateNumber(regNo: string): string {
  const mac = createHmac('sha256', requireSecret('TICKET_SIGNING_KEY')).update(`certificate:${regNo}`, 'utf8').digest();
  let code = '';
  for (let i = 0; i < 10; i++) code += REGISTRATION_ALPHABET[mac[i]! % REGISTRATION_ALPHABET.length];
  return `${certificates.numberPrefix}-${code}`;
}

/** The public verify page of certificate `number`. */
export function verifyUrl(number: string): string {
  return `${siteUrl()}${paths.certificatesVerify}?no=${encodeURIComponent(number)}`;
}

/** Days as '18, 19 and 21 December 2025' ('18 December 2025' for one). */
export function formatDays(days: readonly string[]): string {
  const parts = days.map(formatDay);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The presented papers' titles, by normalised Paper ID. */
async function presentedTitles(): Promise<Map<string, string>> {
  const [papers, marks] = await withStore(async (r) => {
    const p = r.pipeline();
    p.hgetall<Record<string, StoredPaper>>(keys.papers());
    p.hgetall<Record<string, PresentedRecord>>(keys.papersPresented());
    return p.exec<[Record<string, StoredPaper> | null, Record<string, PresentedRecord> | null]>();
  });
  const out = new Map<string, string>();
  for (const [id, mark] of Object.entries(marks ?? {})) {
    const paper = papers?.[id];
    if (mark?.mark === 'presented' && paper && !paper.withdrawn) out.set(id, paper.title);
  }
  return out;
}

/** The certificates of `regs` (only those checked in at least once and not cancelled). */
export async function certificatesOf(regs: readonly Registration[]): Promise<Certificate[]> {
  const live = regs.filter((r) => checkinStatus(r) !== 'cancelled');
  const [days, titles] = await Promise.all([daysCheckedIn(live.map((r) => r.registrationNumber)), presentedTitles()]);
  return live
    .filter((r) => (days.get(r.registrationNumber) ?? []).length > 0)
    .map((r) => ({
      number: certificateNumber(r.registrationNumber),
      registrationNumber: r.registrationNumber,
      name: fullName(r),
      organization: r.organization,
      days: days.get(r.registrationNumber)!,
      presentedPaper: !r.noPaper && r.paperId ? (titles.get(normalisePaperId(r.paperId)) ?? null) : null,
    }));
}

/** Records that certificate `c` was issued, so /certificates/verify finds it. */
async function recordIssued(c: Certificate): Promise<void> {
  await withStore((r) => r.set(keys.certificate(c.number), c.registrationNumber));
}

/** 403 before certificates open (src/content/certificates.ts), else nothing. */
export function assertOpen(at: Date): void {
  if (at.getTime() < Date.parse(certificates.opensAt)) {
    throw new HttpError(403, 'CERTIFICATES_NOT_OPEN', `Certificates open on ${formatDay(certificates.opensAt.slice(0, 10))} at ${certificates.opensAt.slice(11, 16)} IST.`);
  }
}

/**
 * The certificate of registration `r` (its registrant already identified), issued: 410 for a
 * cancelled registration (revoked), 404 for one never checked in.
 */
export async function certificateForRegistrant(r: Registration): Promise<Certificate> {
  if (checkinStatus(r) === 'cancelled') throw new HttpError(410, 'CERTIFICATE_REVOKED', 'This registration was cancelled: its certificate is revoked.');
  const [c] = await certificatesOf([r]);
  if (!c) throw new HttpError(404, 'NOT_CHECKED_IN', 'No certificate: this registration was never checked in at the conference.');
  await recordIssued(c);
  return c;
}

/** GET /api/certificates/verify: the number, the name and whether it is valid; null for an unknown number. */
export async function verifyCertificate(number: string): Promise<{ number: string; name: string; valid: boolean } | null> {
  const regNo = await withStore((r) => r.get<string>(keys.certificate(number)));
  if (!regNo) return null;
  const reg = await getRegistration(String(regNo));
  if (!reg) return null;
  const valid = checkinStatus(reg) !== 'cancelled' && (await certificatesOf([reg])).length === 1;
  return { number, name: fullName(reg), valid };
}

const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const;
const INK = rgb(0.07, 0.1, 0.18);
const BLUE = rgb(0.04, 0.24, 0.57);
const GREY = rgb(0.35, 0.4, 0.48);

/** The certificate as an A4 landscape PDF (pdf-lib; text through pdf-text.ts, so every name prints as written). */
export async function renderCertificatePdf(c: Certificate): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${conference.name} certificate ${c.number}`);
  pdf.setProducer(conference.name);
  pdf.setCreator(conference.name);
  const opened = new Date(certificates.opensAt);
  pdf.setCreationDate(opened);
  pdf.setModificationDate(opened);
  const lines = {
    heading: 'CERTIFICATE OF ATTENDANCE',
    certify: 'This is to certify that',
    attended: `attended the ${conference.fullName}`,
    where: `${conference.venue}, on ${formatDays(c.days)}`,
    paper: c.presentedPaper ? `and presented the paper “${c.presentedPaper}”` : '',
    number: `Certificate number: ${c.number}`,
    verify: `Verify at ${verifyUrl(c.number)}`,
    signatory: certificates.signatory.name,
    role: certificates.signatory.role,
  };
  const text = await createPdfText(pdf, [...Object.values(lines), c.name, c.organization]);
  const page = pdf.addPage([A4_LANDSCAPE.width, A4_LANDSCAPE.height]);
  const { width, height } = A4_LANDSCAPE;
  const centre = (t: string, y: number, size: number, bold = false, color = INK) => {
    // Long lines (a long paper title) shrink to fit the page width rather than run off it.
    let s = size;
    while (s > 7 && text.width(t, s, bold) > width - 120) s -= 0.5;
    text.draw(page, t, (width - text.width(t, s, bold)) / 2, y, { size: s, bold, color });
  };
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: BLUE, borderWidth: 3 });
  centre(conference.name, height - 90, 20, true, BLUE);
  centre(lines.heading, height - 140, 30, true);
  centre(lines.certify, height - 190, 14, false, GREY);
  centre(c.name, height - 235, 28, true);
  centre(c.organization, height - 262, 13, false, GREY);
  centre(lines.attended, height - 300, 13);
  centre(lines.where, height - 322, 13);
  if (lines.paper) centre(lines.paper, height - 350, 13, true);
  text.draw(page, lines.signatory, 80, 110, { size: 12, bold: true, color: INK });
  text.draw(page, lines.role, 80, 94, { size: 10, color: GREY });
  text.draw(page, lines.number, 80, 60, { size: 10, color: INK });
  text.draw(page, lines.verify, 80, 46, { size: 8, color: GREY });
  const png = await QRCode.toBuffer(verifyUrl(c.number), { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  const image = await pdf.embedPng(png);
  page.drawImage(image, { x: width - 80 - 100, y: 44, width: 100, height: 100 });
  return pdf.save({ useObjectStreams: true });
}

/**
 * E-mails every certificate not e-mailed before (HSETNX per registration, so a second press, or
 * two at once, sends nothing twice; a failed send is released for the next press). Logs the run.
 */
export async function sendAllCertificates(at: Date): Promise<CertificateSendLog> {
  const regs = await allRegistrations();
  const byNumber = new Map(regs.map((r) => [r.registrationNumber, r]));
  const list = await certificatesOf(regs);
  const log: CertificateSendLog = { at: at.toISOString(), eligible: list.length, sent: 0, alreadySent: 0, failed: [] };
  for (const c of list) {
    const claimed = await withStore((r) => r.hsetnx(keys.certificatesSent(), c.registrationNumber, at.toISOString()));
    if (!claimed) {
      log.alreadySent++;
      continue;
    }
    const reg = byNumber.get(c.registrationNumber)!;
    try {
      await recordIssued(c);
      const pdf = await renderCertificatePdf(c);
      const { html, text } = await renderEmail(
        createElement(CertificateEmail, { name: c.name, registrationNumber: c.registrationNumber, certificateNumber: c.number, days: formatDays(c.days), verifyUrl: verifyUrl(c.number), conference: conference.name }),
      );
      await sendMessage(
        { to: reg.email, subject: `${conference.name}: your certificate of attendance (${c.registrationNumber})`, html, text, attachments: [{ filename: `certificate-${c.number}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' }] },
        `certificate-${c.registrationNumber}`,
      );
      log.sent++;
    } catch (err) {
      await withStore((r) => r.hdel(keys.certificatesSent(), c.registrationNumber));
      log.failed.push({ registrationNumber: c.registrationNumber, error: err instanceof Error ? err.message : 'send failed' });
    }
  }
  await withStore((r) => r.lpush(keys.certificatesLog(), JSON.stringify(log)));
  await audit({ at: log.at, ...actingFields(), action: 'certificates.sent', details: { eligible: log.eligible, sent: log.sent, alreadySent: log.alreadySent, failed: log.failed.length } });
  return log;
}

/** The send runs, newest first. */
export async function certificateSendLog(limit = 50): Promise<CertificateSendLog[]> {
  const items = await withStore((r) => r.lrange<CertificateSendLog | string>(keys.certificatesLog(), 0, limit - 1));
  return items.map((x) => (typeof x === 'string' ? (JSON.parse(x) as CertificateSendLog) : x));
}
