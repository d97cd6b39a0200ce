/**
 * Visa invitation letters (decision 016):
 *
 * - A paid, not cancelled registrant from outside India requests a letter with the registration
 *   id + e-mail and the passport details; an Indian or unpaid registrant is refused with the reason.
 * - Passport data is sealed with AES-256-GCM (node:crypto; key PASSPORT_DATA_KEY, 32 bytes hex)
 *   before it reaches Redis, in its own hash (keys.visaLetters), never on the registration: the
 *   registrations list and CSV cannot carry it. The reference is bound to the ciphertext as
 *   additional data, so a sealed record moved to another letter does not open.
 * - An admin approves (the PDF letter is e-mailed) or rejects with a reason. A cancelled
 *   registration revokes its letter: the verify page says not valid (derived on read).
 * - The clearance export (admin) decrypts every letter's passport data; each download is audited.
 * - purgePassportData() deletes the sealed data 90 days after the conference (scheduled function).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { conference } from '../../src/content/conference';
import { visaLetters } from '../../src/content/visa-letters';
import { checkinStatus } from '../../src/shared/checkin';
import { formatDay } from '../../src/shared/dates';
import { normalisePaperId, type StoredPaper } from '../../src/shared/papers';
import { fullName } from '../../src/shared/person-name';
import { regionOfCountry } from '../../src/shared/regions';
import { paths } from '../../src/shared/routes';
import { addMonths, type VisaLetterItem, type VisaLetterRequest, type VisaLetterStatus, type VisaLetterVerification } from '../../src/shared/visa-letters';
import { renderEmail } from './emails/render';
import { VisaLetterEmail } from './emails/visa-letter';
import { ConfigError, PASSPORT_DATA_KEY_PATTERN, env, siteUrl } from './platform/env';
import { refuse } from './platform/http';
import { sendMessage } from './mail';
import { createPdfText } from './platform/pdf-text';
import { REGISTRATION_ALPHABET, getRegistrantRegistration, getRegistration, type Registration } from './registrations';
import { audit, keys, withStore } from './platform/store';
import { actingFields } from './platform/request-scope';

/** The passport fields, sealed at rest. */
export type PassportData = Pick<VisaLetterRequest, 'passportName' | 'nationality' | 'passportNumber' | 'passportIssueDate' | 'passportExpiryDate' | 'dateOfBirth'>;

/** A letter as stored in Redis: no passport field in clear. */
export interface StoredVisaLetter {
  reference: string;
  registrationNumber: string;
  status: Exclude<VisaLetterStatus, 'revoked'>;
  requestedAt: string;
  decidedAt?: string;
  reason?: string;
  /** The registrant's name (already on the registration), for the verify page once passport data is deleted. */
  name: string;
  paper: { id: string; title: string } | null;
  /** base64(iv 12 bytes | ciphertext | tag 16 bytes) of JSON PassportData; null once purged. */
  sealed: string | null;
}

/** The 32-byte key from PASSPORT_DATA_KEY (64 hex characters). Throws ConfigError when missing or malformed. */
function passportKey(): Buffer {
  const hex = env().PASSPORT_DATA_KEY ?? '';
  if (!PASSPORT_DATA_KEY_PATTERN.test(hex)) throw new ConfigError(['PASSPORT_DATA_KEY']);
  return Buffer.from(hex, 'hex');
}

/** Seals `data` for letter `reference` (AES-256-GCM, a fresh 96-bit IV, the reference as additional data). */
export function sealPassport(data: PassportData, reference: string, key: Buffer = passportKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(reference, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** Opens what sealPassport sealed. Throws when the key, the reference or the bytes differ (GCM authentication). */
export function openPassport(sealed: string, reference: string, key: Buffer = passportKey()): PassportData {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(reference, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as PassportData;
}

function newReference(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const b of bytes) code += REGISTRATION_ALPHABET[b % REGISTRATION_ALPHABET.length];
  return `${visaLetters.referencePrefix}-${code}`;
}

const parse = (v: StoredVisaLetter | string | null): StoredVisaLetter | null => (v == null ? null : typeof v === 'string' ? (JSON.parse(v) as StoredVisaLetter) : v);

async function readLetter(reference: string): Promise<StoredVisaLetter | null> {
  return parse(await withStore((r) => r.hget<StoredVisaLetter | string>(keys.visaLetters(), reference)));
}

async function writeLetter(letter: StoredVisaLetter): Promise<void> {
  await withStore(async (r) => {
    const p = r.pipeline();
    p.hset(keys.visaLetters(), { [letter.reference]: JSON.stringify(letter) });
    p.hset(keys.visaLettersByRegistration(), { [letter.registrationNumber]: letter.reference });
    await p.exec();
  });
}

/** The status the queue and the verify page show: an approved letter of a cancelled registration is revoked. */
function effectiveStatus(letter: StoredVisaLetter, reg: Registration | null): VisaLetterStatus {
  if (letter.status === 'approved' && (!reg || checkinStatus(reg) === 'cancelled')) return 'revoked';
  return letter.status;
}

/** True when a fee was settled: a payment, or a coupon the organisers issued that covered it. */
function isSettled(r: Registration): boolean {
  return r.totalPaid > 0 || (r.couponCode !== 'NoCoupon' && Boolean(r.couponCode));
}

/** The title of the registrant's paper: from the imported accepted papers, else as the registrant typed it. */
async function paperOf(r: Registration, typedTitle: string | undefined): Promise<{ id: string; title: string } | null> {
  if (r.noPaper || !r.paperId) return null;
  const stored = await withStore((c) => c.hget<StoredPaper | string>(keys.papers(), normalisePaperId(r.paperId)));
  const paper = typeof stored === 'string' ? (JSON.parse(stored) as StoredPaper) : stored;
  return { id: r.paperId, title: paper?.title ?? typedTitle ?? '' };
}

/**
 * Records a letter request for the registrant of `input.regId` (e-mail checked: 404 NO_MATCH for a
 * wrong e-mail and an unknown id alike). Refuses 403 INDIAN_REGISTRANT (a registration from India,
 * or an Indian nationality), 403 NOT_PAID, 403 REGISTRATION_CANCELLED, 409 ALREADY_REQUESTED (an
 * open or approved letter: its reference is in the message). A rejected request may be made again.
 * Throws ConfigError (500) without PASSPORT_DATA_KEY, before anything is written.
 */
export async function requestVisaLetter(input: VisaLetterRequest, at: Date): Promise<{ reference: string }> {
  const key = passportKey();
  const reg = await getRegistrantRegistration(input.regId, input.email);
  if (regionOfCountry(reg.country) === 'Indian' || input.nationality === 'India') {
    throw refuse(403, 'INDIAN_REGISTRANT', 'Invitation letters are for delegates travelling to India from abroad: this registration is from India (or the nationality given is Indian), and no visa is needed.');
  }
  if (checkinStatus(reg) === 'cancelled') throw refuse(403, 'REGISTRATION_CANCELLED', 'This registration is cancelled: no invitation letter can be issued for it.');
  if (!isSettled(reg)) throw refuse(403, 'NOT_PAID', 'No payment is recorded for this registration yet: the letter is issued once the registration fee is paid.');
  const existingRef = await withStore((r) => r.hget<string>(keys.visaLettersByRegistration(), reg.registrationNumber));
  const existing = existingRef ? await readLetter(String(existingRef)) : null;
  if (existing && existing.status !== 'rejected') {
    throw refuse(409, 'ALREADY_REQUESTED', `A letter was already requested for this registration (reference ${existing.reference}); it is ${existing.status}.`);
  }
  const reference = newReference();
  const passport: PassportData = {
    passportName: input.passportName,
    nationality: input.nationality,
    passportNumber: input.passportNumber,
    passportIssueDate: input.passportIssueDate,
    passportExpiryDate: input.passportExpiryDate,
    dateOfBirth: input.dateOfBirth,
  };
  const letter: StoredVisaLetter = {
    reference,
    registrationNumber: reg.registrationNumber,
    status: 'requested',
    requestedAt: at.toISOString(),
    name: fullName(reg),
    paper: await paperOf(reg, input.paperTitle),
    sealed: sealPassport(passport, reference, key),
  };
  await writeLetter(letter);
  await audit({ at: letter.requestedAt, actor: 'delegate', action: 'visa-letter.requested', details: { reference, registrationNumber: reg.registrationNumber } });
  return { reference };
}

/** The admin queue, newest request first, passport data opened (null once purged). */
export async function listVisaLetters(): Promise<VisaLetterItem[]> {
  const all = await withStore((r) => r.hgetall<Record<string, StoredVisaLetter | string>>(keys.visaLetters()));
  const letters = Object.values(all ?? {}).map((v) => parse(v)!);
  const key = letters.some((l) => l.sealed) ? passportKey() : null;
  const regs = await Promise.all(letters.map((l) => getRegistration(l.registrationNumber)));
  return letters
    .map((l, i) => ({
      reference: l.reference,
      registrationNumber: l.registrationNumber,
      status: effectiveStatus(l, regs[i] ?? null),
      requestedAt: l.requestedAt,
      ...(l.decidedAt ? { decidedAt: l.decidedAt } : {}),
      ...(l.reason ? { reason: l.reason } : {}),
      passport: l.sealed && key ? openPassport(l.sealed, l.reference, key) : null,
      paper: l.paper,
    }))
    .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
}

/** The public verify page of letter `reference`. */
export function letterVerifyUrl(reference: string): string {
  return `${siteUrl()}${paths.visaLettersVerify}?ref=${encodeURIComponent(reference)}`;
}

/**
 * Approves or rejects letter `reference`. Approval renders the PDF and e-mails it to the
 * registrant (a failed send leaves the letter requested, so the admin can press again).
 * Throws 404 LETTER_NOT_FOUND, 409 ALREADY_DECIDED, 409 REGISTRATION_CANCELLED (approve), 410
 * PASSPORT_DATA_DELETED (approve after the purge).
 */
export async function decideVisaLetter(reference: string, decision: 'approve' | 'reject', reason: string | undefined, at: Date): Promise<VisaLetterItem> {
  const letter = await readLetter(reference);
  if (!letter) throw refuse(404, 'LETTER_NOT_FOUND', 'No letter request has this reference.');
  if (letter.status !== 'requested') throw refuse(409, 'ALREADY_DECIDED', `This letter was already ${letter.status}.`);
  const reg = await getRegistration(letter.registrationNumber);
  const decided: StoredVisaLetter = { ...letter, decidedAt: at.toISOString(), ...(reason ? { reason } : {}) };
  if (decision === 'approve') {
    if (!reg || checkinStatus(reg) === 'cancelled') throw refuse(409, 'REGISTRATION_CANCELLED', 'The registration is cancelled: the letter cannot be approved.');
    if (!letter.sealed) throw refuse(410, 'PASSPORT_DATA_DELETED', 'The passport data of this request was deleted.');
    const passport = openPassport(letter.sealed, reference);
    decided.status = 'approved';
    const pdf = await renderVisaLetterPdf(decided, passport, at);
    const { html, text } = await renderEmail(
      createElement(VisaLetterEmail, { name: passport.passportName, registrationNumber: reg.registrationNumber, reference, verifyUrl: letterVerifyUrl(reference), conference: conference.name }),
    );
    await sendMessage(
      {
        to: reg.email,
        subject: `${conference.name}: your visa invitation letter (${reference})`,
        html,
        text,
        attachments: [{ filename: `invitation-letter-${reference}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' }],
      },
      `visa-letter-${reference}`,
    );
  } else {
    decided.status = 'rejected';
  }
  await writeLetter(decided);
  await audit({ at: at.toISOString(), ...actingFields(), action: `visa-letter.${decided.status}`, details: { reference, registrationNumber: letter.registrationNumber, ...(reason ? { reason } : {}) } });
  return (await listVisaLetters()).find((l) => l.reference === reference)!;
}

/** GET /api/visa-letters/verify: the reference, the name and whether the letter stands; null for an unknown or never-approved reference. */
export async function verifyVisaLetter(reference: string): Promise<VisaLetterVerification | null> {
  const letter = await readLetter(reference);
  if (!letter || letter.status === 'requested' || letter.status === 'rejected') return null;
  const reg = await getRegistration(letter.registrationNumber);
  let name = letter.name;
  if (letter.sealed) {
    try {
      name = openPassport(letter.sealed, reference).passportName;
    } catch {
      // Without the key the registration's name still identifies the holder.
    }
  }
  return { reference, name, valid: effectiveStatus(letter, reg) === 'approved' };
}

/** The clearance list's rows, header first (every letter requested or approved whose passport data is kept); the download is audited with the row count. */
export async function clearanceRows(at: Date): Promise<string[][]> {
  const items = (await listVisaLetters()).filter((l) => l.passport && (l.status === 'approved' || l.status === 'requested'));
  const rows = [['Reference', 'Status', 'Registration number', 'Name as in passport', 'Nationality', 'Passport number', 'Date of issue', 'Date of expiry', 'Date of birth', 'Paper ID', 'Paper title']];
  for (const l of items) {
    const p = l.passport!;
    rows.push([l.reference, l.status, l.registrationNumber, p.passportName, p.nationality, p.passportNumber, p.passportIssueDate, p.passportExpiryDate, p.dateOfBirth, l.paper?.id ?? '', l.paper?.title ?? '']);
  }
  await audit({ at: at.toISOString(), ...actingFields(), action: 'visa-letters.clearance-export', details: { rows: items.length } });
  return rows;
}

/** The day from which passport data is deleted: `retentionDaysAfterConference` after the last conference day. */
export function purgeDay(): string {
  const end = new Date(`${conference.endDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + visaLetters.retentionDaysAfterConference);
  return end.toISOString().slice(0, 10);
}

/** Deletes the sealed passport data of every letter once `at` is on or after purgeDay() (IST). Returns how many were deleted. */
export async function purgePassportData(at: Date): Promise<{ due: boolean; purged: number }> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: conference.timeZone }).format(at);
  if (today < purgeDay()) return { due: false, purged: 0 };
  const all = await withStore((r) => r.hgetall<Record<string, StoredVisaLetter | string>>(keys.visaLetters()));
  const sealed = Object.values(all ?? {})
    .map((v) => parse(v)!)
    .filter((l) => l.sealed);
  if (sealed.length) {
    await withStore(async (r) => {
      const p = r.pipeline();
      for (const l of sealed) p.hset(keys.visaLetters(), { [l.reference]: JSON.stringify({ ...l, sealed: null }) });
      await p.exec();
    });
    await audit({ at: at.toISOString(), actor: 'system', action: 'visa-letters.passport-data-deleted', details: { letters: sealed.length } });
  }
  return { due: true, purged: sealed.length };
}

const A4 = { width: 595.28, height: 841.89 } as const;
/** The letter's side margins: every word sits between them, inside the printable area (pdf-text.ts PRINT_MARGIN). */
const LEFT = 60;
const WIDTH = A4.width - 2 * LEFT;
const QR_SIDE = 90;
const QR_BOTTOM = 60;
const INK = rgb(0.07, 0.1, 0.18);
const BLUE = rgb(0.04, 0.24, 0.57);
const GREY = rgb(0.35, 0.4, 0.48);

/** The conference's full name with its short name once: "… Renewable Energy (PESGRE 2025)", whether or not the full name already ends with it. */
function conferenceTitle(): string {
  return conference.fullName.includes(conference.name) ? conference.fullName : `${conference.fullName} (${conference.name})`;
}

/**
 * The letter's paragraphs, as they read (no line breaks: the PDF wraps them to the page). Takes
 * the letter's facts; the invitation names the conference once, its dates and its venue.
 */
function visaLetterBody(): string[] {
  const dates = `${formatDay(conference.startDate)} to ${formatDay(conference.endDate)}`;
  return [
    'To the Visa Officer,',
    `This letter invites the delegate named below to attend the ${conferenceTitle()}, held at ${conference.venue}, from ${dates}.`,
    'The delegate is registered and has paid the registration fee. The delegate bears all travel and living costs; this letter implies no financial obligation of the organisers.',
  ];
}

/**
 * The letter as an A4 PDF: letterhead (text), reference, passport details, dates and venue, paper,
 * signatory, and a QR to the verify page. Every paragraph and value wraps between the margins
 * (the longest name, nationality and paper title the request form accepts fit;
 * docs/decisions/033-documents-fit-the-printable-area.md), and the text stays clear of the QR.
 */
export async function renderVisaLetterPdf(letter: StoredVisaLetter, passport: PassportData, at: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${conference.name} invitation letter ${letter.reference}`);
  pdf.setProducer(conference.name);
  pdf.setCreator(conference.name);
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const body = visaLetterBody();
  const facts: [string, string][] = [
    ['Name as in passport', passport.passportName],
    ['Nationality', passport.nationality],
    ['Passport number', passport.passportNumber],
    ['Date of issue', formatDay(passport.passportIssueDate)],
    ['Date of expiry', formatDay(passport.passportExpiryDate)],
    ['Date of birth', formatDay(passport.dateOfBirth)],
    ['Registration number', letter.registrationNumber],
    ...(letter.paper ? ([['Paper', `${letter.paper.id}${letter.paper.title ? `: ${letter.paper.title}` : ''}`]] as [string, string][]) : []),
  ];
  const reference = `Reference: ${letter.reference}`;
  const dated = `Date: ${formatDay(at.toISOString().slice(0, 10))}`;
  const verify = `Verify at ${letterVerifyUrl(letter.reference)}`;
  const text = await createPdfText(pdf, [
    ...visaLetters.letterhead.lines,
    conference.name,
    'INVITATION LETTER',
    reference,
    dated,
    verify,
    ...body,
    ...facts.flat(),
    visaLetters.signatory.name,
    visaLetters.signatory.designation,
  ]);
  const page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - 64;
  y = text.paragraph(page, conference.name, LEFT, y, WIDTH, { size: 16, bold: true, color: BLUE }) + 6;
  for (const line of visaLetters.letterhead.lines) y = text.paragraph(page, line, LEFT, y, WIDTH, { size: 9, color: GREY, leading: 1.6 });
  page.drawLine({ start: { x: LEFT, y: y + 4 }, end: { x: A4.width - LEFT, y: y + 4 }, thickness: 1, color: BLUE });
  y -= 24;
  y = text.paragraph(page, 'INVITATION LETTER', LEFT, y, WIDTH, { size: 14, bold: true, color: INK }) - 4;
  const datedWidth = text.width(dated, 10);
  text.paragraph(page, dated, A4.width - LEFT - datedWidth, y, datedWidth, { size: 10, color: INK });
  y = text.paragraph(page, reference, LEFT, y, WIDTH - datedWidth - 12, { size: 10, color: INK }) - 14;
  for (const paragraph of body) y = text.paragraph(page, paragraph, LEFT, y, WIDTH, { size: 10, color: INK, leading: 1.4 }) - 6;
  y -= 6;
  const labelWidth = 130;
  for (const [label, value] of facts) {
    const below = text.paragraph(page, label, LEFT, y, labelWidth, { size: 10, bold: true, color: INK });
    y = Math.min(below, text.paragraph(page, value, LEFT + labelWidth + 10, y, WIDTH - labelWidth - 10, { size: 10, color: INK })) - 3;
  }
  y -= 36;
  // The signatory stays left of the QR, and above it when the facts leave no room beside it.
  const signWidth = WIDTH - QR_SIDE - 20;
  y = text.paragraph(page, visaLetters.signatory.name, LEFT, y, signWidth, { size: 11, bold: true, color: INK });
  text.paragraph(page, visaLetters.signatory.designation, LEFT, y, signWidth, { size: 9, color: GREY });
  const png = await QRCode.toBuffer(letterVerifyUrl(letter.reference), { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  const image = await pdf.embedPng(png);
  page.drawImage(image, { x: A4.width - LEFT - QR_SIDE, y: QR_BOTTOM, width: QR_SIDE, height: QR_SIDE });
  text.paragraph(page, verify, LEFT, 48, WIDTH, { size: 7, minSize: 5, maxLines: 1, color: GREY });
  return pdf.save({ useObjectStreams: true });
}

/** The first day a passport may expire, for messages: six months after the conference. */
export const earliestExpiry = (): string => addMonths(conference.endDate, visaLetters.passportValidityMonths);
