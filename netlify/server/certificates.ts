/**
 * Certificates of attendance (docs/operations.md#name-badges-and-certificates): who gets one (a registrant checked in at
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
import { requireSecret, siteUrl } from './platform/env';
import { HttpError } from './platform/http';
import { sendMessage } from './mail';
import { createPdfText, type FittedText } from './platform/pdf-text';
import { REGISTRATION_ALPHABET, allRegistrations, getRegistration, type Registration } from './registrations';
import { audit, keys, withStore } from './platform/store';
import { actingFields } from './platform/request-scope';

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
/** Text stays between these side margins, inside the border and the printable area (pdf-text.ts PRINT_MARGIN). */
const SIDE = 80;
const QR_SIDE = 100;
const QR_BOTTOM = 44;
/** The lowest point of the flowing text: above the signatory's name and the QR. */
const FLOW_BOTTOM = QR_BOTTOM + QR_SIDE + 10;
const INK = rgb(0.07, 0.1, 0.18);
const BLUE = rgb(0.04, 0.24, 0.57);
const GREY = rgb(0.35, 0.4, 0.48);

/**
 * The certificate as an A4 landscape PDF (pdf-lib; text through pdf-text.ts, so every name prints
 * as written). Each line is centred and wraps (a long name or organisation on two lines, a long
 * paper title on three, shrinking as far as needed, never cut); the text stays above the
 * signatory and the QR (docs/decisions/033-documents-fit-the-printable-area.md).
 */
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
  const inner = width - 2 * SIDE;
  const centred = (t: string, y: number, size: number, opts: { bold?: boolean; color?: typeof INK } = {}) =>
    text.paragraph(page, t, SIDE, y, inner, { size, minSize: size * 0.75, maxLines: 1, bold: opts.bold, color: opts.color ?? INK, leading: 1.25, align: 'centre' });
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: BLUE, borderWidth: 3 });
  centred(conference.name, height - 90, 20, { bold: true, color: BLUE });
  centred(lines.heading, height - 140, 30, { bold: true });
  const top = centred(lines.certify, height - 185, 14, { color: GREY });
  // The name, organisation, dates and paper flow down from there and must end above the
  // signatory and the QR: they shrink together until they do.
  const blocks: { text: string; size: number; minSize: number; maxLines: number; gap: number; bold?: boolean; color?: typeof INK }[] = [
    { text: c.name, size: 28, minSize: 14, maxLines: 2, gap: 30, bold: true },
    { text: c.organization, size: 13, minSize: 10, maxLines: 2, gap: 2, color: GREY },
    { text: lines.attended, size: 13, minSize: 10, maxLines: 2, gap: 10 },
    { text: lines.where, size: 13, minSize: 10, maxLines: 2, gap: 0 },
    ...(lines.paper ? [{ text: lines.paper, size: 13, minSize: 10, maxLines: 3, gap: 6, bold: true }] : []),
  ];
  let layout: { block: (typeof blocks)[number]; fitted: FittedText; gap: number }[] = [];
  for (let scale = 1; scale >= 0.4; scale -= 0.05) {
    layout = blocks.map((block) => {
      // One line when a size at most a fifth smaller allows it; else the block's lines.
      const size = block.size * scale;
      const one = text.fit(block.text, inner, { size, minSize: size * 0.8, maxLines: 1, bold: block.bold, leading: 1.25 });
      const fitted = one.lines.length === 1 ? one : text.fit(block.text, inner, { size, minSize: block.minSize * scale, maxLines: block.maxLines, bold: block.bold, leading: 1.25 });
      return { block, gap: block.gap * scale, fitted };
    });
    let y = top;
    for (const { fitted, gap } of layout) y -= gap + fitted.lines.length * fitted.leading;
    const last = layout.at(-1)!.fitted;
    // y is one leading below the last baseline; its descender must clear FLOW_BOTTOM.
    if (y + last.leading - last.size * 0.3 >= FLOW_BOTTOM) break;
  }
  let y = top;
  for (const { block, fitted, gap } of layout) {
    y -= gap;
    y = text.paragraph(page, block.text, SIDE, y, inner, { size: fitted.size, bold: block.bold, color: block.color ?? INK, leading: 1.25, align: 'centre' });
  }
  const left = { x: SIDE, width: width - 2 * SIDE - QR_SIDE - 20 };
  text.paragraph(page, lines.signatory, left.x, 110, left.width, { size: 12, bold: true, color: INK, minSize: 9, maxLines: 1 });
  text.paragraph(page, lines.role, left.x, 94, left.width, { size: 10, color: GREY, minSize: 8, maxLines: 1 });
  text.paragraph(page, lines.number, left.x, 64, left.width, { size: 10, color: INK });
  text.paragraph(page, lines.verify, left.x, 48, left.width, { size: 8, color: GREY, minSize: 6, maxLines: 1 });
  const png = await QRCode.toBuffer(verifyUrl(c.number), { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  const image = await pdf.embedPng(png);
  page.drawImage(image, { x: width - SIDE - QR_SIDE, y: QR_BOTTOM, width: QR_SIDE, height: QR_SIDE });
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
