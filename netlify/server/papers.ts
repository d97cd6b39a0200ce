/**
 * Accepted papers and the IEEE author rule (decision 011;
 * docs/rules.md#what-authors-are-told). Papers live in one Redis hash (keys.papers, field = normalised
 * Paper ID); presented marks, special-session coupons and the e-mail log beside it. Coverage is
 * not stored: it is derived on read from the registrations that name each paper, so a
 * cancellation, a transfer or an upgrade changes it at once without any write here.
 */
import { createHash, randomInt } from 'node:crypto';
import { conference } from '../../src/content/conference';
import { registrationFees } from '../../src/content/registration';
import type { TicketPayload } from '../../src/shared/api';
import { formatDay } from '../../src/shared/dates';
import { isRegistrationOpen } from '../../src/shared/pricing';
import { paths } from '../../src/shared/routes';
import { PAPER_NOT_FOUND, complimentaryRegistrations, needsFullRegistration, normalisePaperId, paperCoverage, registrationPaperStatus, type PaperImportResult, type PaperRegistration, type PaperView, type PapersResponse, type PresentedMark, type PresentedRecord, type SpecialSessionView, type StoredPaper } from '../../src/shared/papers';
import { upsertCoupon } from './coupons';
import { siteUrl } from './platform/env';
import { HttpError } from './platform/http';
import { MailError, sendNotice } from './mail';
import { MAIL_SEND_TIMEOUT_MS, withTimeout } from './mail-delivery';
import type { ImportedPaper, ParsedImport } from './paper-import';
import { REGISTRATION_ALPHABET, allRegistrations, getRegistration, type Registration } from './registrations';
import { audit, emailHash, keys, withStore } from './platform/store';
import { verifyTicket } from './tickets';
import { workWithinBudget } from './platform/batch';
import { actingFields, actingLabel } from './platform/request-scope';

/** Fields written per HSET when storing an import: 2,000 papers go in 4 requests. */
const HSET_CHUNK = 500;

const samePaper = (a: StoredPaper, b: ImportedPaper) =>
  !a.withdrawn &&
  a.title === b.title &&
  a.track === b.track &&
  a.specialSession === b.specialSession &&
  a.organiser === b.organiser &&
  JSON.stringify(a.authors) === JSON.stringify(b.authors);

/**
 * Stores an import (unless `dryRun`): new papers are imported, changed or reinstated ones updated,
 * stored papers the file no longer lists as accepted marked withdrawn (never deleted). Takes the
 * parsed file and the clock; returns the counts and refusals (the contract). One read and
 * one write per 500 changed papers; nothing is written for a dry run or when nothing changed.
 */
export async function importPapers(parsed: ParsedImport, at: Date, dryRun: boolean): Promise<PaperImportResult> {
  const stored = await readPapers();
  const iso = at.toISOString();
  const writes: Record<string, string> = {};
  let imported = 0;
  let updated = 0;
  let withdrawn = 0;
  const listed = new Set<string>();
  for (const p of parsed.accepted) {
    listed.add(p.paperId);
    const old = stored.get(p.paperId);
    if (old && samePaper(old, p)) continue;
    if (old) updated++;
    else imported++;
    const next: StoredPaper = { ...p, withdrawn: false, importedAt: old?.importedAt ?? iso, updatedAt: iso };
    writes[p.paperId] = JSON.stringify(next);
  }
  for (const [id, old] of stored) {
    if (listed.has(id) || old.withdrawn) continue;
    withdrawn++;
    writes[id] = JSON.stringify({ ...old, withdrawn: true, updatedAt: iso } satisfies StoredPaper);
  }
  const result: PaperImportResult = { imported, updated, withdrawn, refused: parsed.refused, notAccepted: parsed.notAccepted, dryRun };
  if (dryRun) return result;
  const entries = Object.entries(writes);
  if (entries.length) {
    await withStore(async (r) => {
      const pipe = r.pipeline();
      for (let i = 0; i < entries.length; i += HSET_CHUNK) pipe.hset(keys.papers(), Object.fromEntries(entries.slice(i, i + HSET_CHUNK)));
      await pipe.exec();
    });
  }
  await audit({ at: iso, ...actingFields(), action: 'papers.imported', details: { imported, updated, withdrawn, refused: parsed.refused.length } });
  return result;
}

/** Every stored paper by normalised Paper ID. */
async function readPapers(): Promise<Map<string, StoredPaper>> {
  const all = await withStore((r) => r.hgetall<Record<string, StoredPaper>>(keys.papers()));
  return new Map(Object.entries(all ?? {}));
}

// The registration rule (decision 011) lives in paper-rule.ts, which create-order imports without
// this module's mail code (docs/performance.md, "Cold starts").
export { acceptedPaperReads, assertAcceptedPaper } from './paper-rule';

/** The registrations that name a paper, by normalised Paper ID. */
function registrationsByPaper(registrations: readonly Registration[]): Map<string, Registration[]> {
  const out = new Map<string, Registration[]>();
  for (const r of registrations) {
    if (r.noPaper || !r.paperId) continue;
    const id = normalisePaperId(r.paperId);
    const list = out.get(id) ?? [];
    list.push(r);
    out.set(id, list);
  }
  return out;
}

function paperView(p: StoredPaper, regs: readonly Registration[], presented: PresentedRecord | null): PaperView {
  const authorEmails = new Set(p.authors.map((a) => a.email.toLowerCase()));
  const registrations: PaperRegistration[] = regs.map((r) => ({
    registrationNumber: r.registrationNumber,
    registrationTier: r.registrationTier,
    status: registrationPaperStatus(r),
    paidAt: r.paidAt,
    email: r.email,
    notListedAuthor: !authorEmails.has(r.email.trim().toLowerCase()),
  }));
  return {
    paperId: p.paperId,
    title: p.title,
    track: p.track,
    authors: p.authors,
    status: paperCoverage(p.withdrawn, registrations),
    presented: presented?.mark ?? null,
    registrations,
    presentedRecord: presented,
    specialSession: p.specialSession,
    organiser: p.organiser,
  };
}

/**
 * Every paper (withdrawn ones too) with its registrations, coverage and presented mark, sorted by
 * Paper ID (numbers in numeric order), and the special sessions' complimentary registrations.
 * Reads the papers, the marks, the coupons and every registration (three requests plus the
 * registrations' pages).
 */
export async function listPapers(): Promise<PapersResponse> {
  const [[papers, marks, coupons], registrations] = await Promise.all([
    withStore(async (r) => {
      const pipe = r.pipeline();
      pipe.hgetall<Record<string, StoredPaper>>(keys.papers());
      pipe.hgetall<Record<string, PresentedRecord>>(keys.papersPresented());
      pipe.hgetall<Record<string, string[]>>(keys.papersSessionCoupons());
      return (await pipe.exec()) as [Record<string, StoredPaper> | null, Record<string, PresentedRecord> | null, Record<string, string[]> | null];
    }),
    allRegistrations(),
  ]);
  const byPaper = registrationsByPaper(registrations);
  const views = Object.values(papers ?? {})
    .map((p) => paperView(p, byPaper.get(p.paperId) ?? [], marks?.[p.paperId] ?? null))
    .sort((a, b) => a.paperId.localeCompare(b.paperId, 'en', { numeric: true }));
  return { papers: views, specialSessions: specialSessions(views, coupons ?? {}) };
}

function specialSessions(views: readonly PaperView[], coupons: Record<string, string[]>): SpecialSessionView[] {
  const sessions = new Map<string, PaperView[]>();
  for (const p of views) {
    if (!p.specialSession || p.status === 'withdrawn') continue;
    sessions.set(p.specialSession, [...(sessions.get(p.specialSession) ?? []), p]);
  }
  return [...sessions]
    .map(([session, list]) => {
      const organiserPapers = list.filter((p) => p.organiser);
      const nonOrganiser = list.length - organiserPapers.length;
      const seen = new Set<string>();
      const organisers = organiserPapers.flatMap((p) => p.authors).filter((a) => !seen.has(a.email) && seen.add(a.email));
      return { session, papers: list.length, organiserPapers: organiserPapers.length, nonOrganiserPapers: nonOrganiser, complimentary: complimentaryRegistrations(nonOrganiser), coupons: coupons[session] ?? null, organisers };
    })
    .sort((a, b) => a.session.localeCompare(b.session));
}

/** A random complimentary coupon code, 'SS-' and 10 characters of the registration alphabet (31^10: not guessable). */
function sessionCouponCode(): string {
  let code = 'SS-';
  for (let i = 0; i < 10; i++) code += REGISTRATION_ALPHABET[randomInt(REGISTRATION_ALPHABET.length)];
  return code;
}

/**
 * Generates a special session's complimentary registrations, once (docs/rules.md#what-authors-are-told: one full registration
 * per 8 non-organiser papers): that many single-use 100 % coupons with random codes, through the
 * coupon machinery. The codes are claimed with HSETNX before the coupons are written, so two
 * presses never make two sets; a later call answers the same codes (and writes them again, which
 * upsertCoupon keeps idempotent, in case the first call stopped half-way).
 * Returns the codes and whether this call generated them. Throws 404 for an unknown session,
 * 409 when the session has earned none.
 */
export async function generateSessionCoupons(session: string, at: Date): Promise<{ session: string; coupons: string[]; generated: boolean }> {
  const { specialSessions: sessions } = await listPapers();
  const s = sessions.find((x) => x.session === session);
  if (!s) throw new HttpError(404, 'SESSION_NOT_FOUND', 'No special session of that name among the accepted papers.');
  if (s.coupons) {
    for (const code of s.coupons) await upsertCoupon(code, 'full', 1);
    return { session, coupons: s.coupons, generated: false };
  }
  if (s.complimentary < 1) throw new HttpError(409, 'NO_COMPLIMENTARY', `This session has ${s.nonOrganiserPapers} non-organiser papers: a complimentary registration needs 8.`);
  const codes = Array.from({ length: s.complimentary }, sessionCouponCode);
  const claimed = await withStore((r) => r.hsetnx(keys.papersSessionCoupons(), session, JSON.stringify(codes)));
  if (!claimed) return generateSessionCoupons(session, at);
  for (const code of codes) await upsertCoupon(code, 'full', 1);
  await audit({ at: at.toISOString(), ...actingFields(), action: 'papers.session-coupons', details: { session, count: codes.length } });
  return { session, coupons: codes, generated: true };
}

/** Sets (or, with `mark` null, clears) a paper's presented / no-show / excused mark. 404 for a paper not imported. */
export async function markPaper(paperId: string, mark: PresentedMark | null, reason: string, by: string, at: Date, registrationNumber?: string): Promise<PresentedRecord | null> {
  const id = normalisePaperId(paperId);
  const exists = await withStore((r) => r.hexists(keys.papers(), id));
  if (!exists) throw new HttpError(404, 'PAPER_NOT_FOUND', PAPER_NOT_FOUND);
  const record: PresentedRecord | null = mark ? { mark, at: at.toISOString(), by, reason, ...(registrationNumber ? { registrationNumber } : {}) } : null;
  await withStore((r) => (record ? r.hset(keys.papersPresented(), { [id]: JSON.stringify(record) }) : r.hdel(keys.papersPresented(), id)));
  await audit({ at: at.toISOString(), ...actingFields(), action: 'papers.marked', details: { paperId: id, mark, reason, registrationNumber } });
  return record;
}

/** A refusal of the session mode's scan: the error shape plus `{valid: false, message}` as the verifier shows it. */
const scanRefusal = (status: number, code: string, message: string) => new HttpError(status, code, message, undefined, { valid: false, message });

/**
 * Session mode of the ticket verifier (docs/operations.md#accepted-papers-publication-chair): the scanned ticket's registration,
 * checked as at the door (signature, cancellation, a ticket replaced by a transfer). Without
 * `paperId`: the papers its registrant names (every registration with the same e-mail), to pick
 * from. With it: marks the paper presented when the registrant names it; 409 otherwise.
 */
export async function scanForPaper(ticket: TicketPayload, paperId: string | undefined, at: Date): Promise<{ papers: { paperId: string; title: string }[]; marked: PresentedRecord | null; registrationNumber: string }> {
  if (!(await verifyTicket(ticket))) throw scanRefusal(400, 'INVALID_SIGNATURE', 'Ticket signature is not valid.');
  const reg = await getRegistration(ticket.rid);
  if (!reg) throw scanRefusal(404, 'REGISTRATION_NOT_FOUND', 'No registration with this number.');
  if (registrationPaperStatus(reg) === 'cancelled') throw scanRefusal(409, 'REGISTRATION_CANCELLED', 'Registration cancelled');
  if ((ticket.v ?? 0) !== (reg.ticketVersion ?? 0)) throw scanRefusal(409, 'TICKET_REPLACED', 'Ticket replaced: this registration was transferred and has a newer ticket.');
  const siblings = await withStore((r) => r.smembers(keys.registrationsByEmail(emailHash(reg.email))));
  const others = await Promise.all(siblings.filter((n) => n !== reg.registrationNumber).map((n) => getRegistration(n)));
  const named = [reg, ...others].filter((r): r is Registration => !!r && !r.noPaper && !!r.paperId && registrationPaperStatus(r) !== 'cancelled');
  const papers = await withStore((r) => (named.length ? r.hmget<Record<string, StoredPaper>>(keys.papers(), ...named.map((x) => normalisePaperId(x.paperId))) : Promise.resolve(null)));
  const list = Object.values(papers ?? {}).filter((p): p is StoredPaper => !!p && !p.withdrawn).map((p) => ({ paperId: p.paperId, title: p.title }));
  if (!paperId) return { papers: list, marked: null, registrationNumber: reg.registrationNumber };
  const id = normalisePaperId(paperId);
  if (!list.some((p) => p.paperId === id)) {
    throw scanRefusal(409, 'NOT_AN_AUTHOR_OF_PAPER', `${reg.registrationNumber} does not name paper ${id}: only a registrant who names the paper can mark it presented.`);
  }
  const marked = await markPaper(id, 'presented', 'Scanned in session', `${actingLabel('admin')} (session scan of ${reg.registrationNumber})`, at, reg.registrationNumber);
  return { papers: list, marked, registrationNumber: reg.registrationNumber };
}

/** One message of the "uncovered papers" e-mail: a paper and its authors. */
interface UncoveredMessage {
  paperId: string;
  to: string[];
  subject: string;
  text: string;
}

/**
 * The chair's message to the authors of a paper without a full registration (uncovered, or named
 * only by student registrations), at `at`: what IEEE requires, the registration page's address
 * and the deadline (src/content), or, once online registration has closed, whom to write to.
 */
function uncoveredMessage(p: PaperView, at: Date): UncoveredMessage {
  const subject = `${conference.name}: paper ${p.paperId} has no full registration yet`;
  const deadline = `${formatDay(registrationFees.standardDeadline)} (23:59 IST)`;
  const register = isRegistrationOpen(at)
    ? [
        `Please register one author at the full fee by ${deadline}, the registration deadline, and give Paper ID ${p.paperId} on the registration form:`,
        `${siteUrl()}${paths.registrationDetails}`,
      ]
    : [`Online registration closed on ${deadline}. Please write to ${conference.contactEmail} at once, giving Paper ID ${p.paperId}.`];
  const text = [
    `Dear ${p.authors.map((a) => a.name || a.email).join(', ')},`,
    '',
    p.status === 'student-only'
      ? `Your accepted paper ${p.paperId}, "${p.title}", is named only by a student registration, which does not cover a paper: it is not yet covered by a full registration.`
      : `Your accepted paper ${p.paperId}, "${p.title}", is not yet covered by a full registration.`,
    'IEEE requires at least one author of every accepted paper to register at the full (non-student) fee,',
    'and to present the paper at the conference, for it to be included in IEEE Xplore.',
    '',
    ...register,
    '',
    `The publication chair, ${conference.name}`,
  ].join('\n');
  return { paperId: p.paperId, to: p.authors.map((a) => a.email), subject, text };
}

/** The preview of "E-mail the authors of papers without a full registration", with the batch id a send must quote. */
export interface UncoveredMailPreview {
  batchId: string;
  papers: number;
  recipients: number;
  sample: { subject: string; text: string } | null;
  log: MailLogEntry[];
}

export interface MailLogEntry {
  at: string;
  batchId: string;
  papers: number;
  recipients: number;
  sent: number;
  failed: { paperId: string; reason: string }[];
}

/** The messages a send at `at` would make: one per paper that needs a full registration (needsFullRegistration). */
async function uncoveredBatch(at: Date): Promise<{ batchId: string; messages: UncoveredMessage[] }> {
  const { papers } = await listPapers();
  const messages = papers.filter((p) => needsFullRegistration(p.status)).map((p) => uncoveredMessage(p, at));
  // The batch is what would be sent: the same uncovered papers and addresses give the same id.
  const batchId = createHash('sha256').update(JSON.stringify(messages.map((m) => [m.paperId, m.to]))).digest('hex').slice(0, 32);
  return { batchId, messages };
}

/** What a send at `at` would do: the message of the first paper, the paper and recipient counts, and the log. */
export async function previewUncoveredMail(at: Date): Promise<UncoveredMailPreview> {
  const [{ batchId, messages }, log] = await Promise.all([uncoveredBatch(at), mailLog()]);
  const recipients = new Set(messages.flatMap((m) => m.to)).size;
  return { batchId, papers: messages.length, recipients, sample: messages[0] ? { subject: messages[0].subject, text: messages[0].text } : null, log };
}

async function mailLog(): Promise<MailLogEntry[]> {
  return withStore((r) => r.lrange<MailLogEntry>(keys.papersMailLog(), 0, 49));
}

/** Attempts per message, with the pause before each retry (ms): a blip of the SMTP server is ridden out within the call. */
const NOTICE_RETRIES_MS = [0, 1_000, 3_000];

/**
 * Sends the batch the preview showed (`batchId`), once: the batch is claimed with SET NX, so a
 * second press (or a double click) sends nothing and answers the first send's log entry. Each
 * paper's authors get one message, each tried up to three times (the mail module's transport and
 * timeout); failures are logged by Paper ID with the reason (no address). 409 when the uncovered
 * papers changed since the preview; 404 when there is nothing to send.
 */
export async function sendUncoveredMail(batchId: string, at: Date): Promise<{ alreadySent: boolean; entry: MailLogEntry | null }> {
  const batch = await uncoveredBatch(at);
  if (batch.batchId !== batchId) throw new HttpError(409, 'PREVIEW_STALE', 'The papers without a full registration changed since the preview. Please preview again.');
  if (!batch.messages.length) throw new HttpError(404, 'NOTHING_TO_SEND', 'Every paper has a full registration: there is nothing to send.');
  const claimed = await withStore((r) => r.set(keys.papersMailBatch(batchId), at.toISOString(), { nx: true }));
  if (claimed !== 'OK') {
    const entry = (await mailLog()).find((e) => e.batchId === batchId) ?? null;
    return { alreadySent: true, entry };
  }
  const failed: MailLogEntry['failed'] = [];
  let sent = 0;
  await workWithinBudget(batch.messages, { concurrency: 4, budgetMs: 20_000 }, async (m) => {
    let lastError: MailError | null = null;
    for (const pause of NOTICE_RETRIES_MS) {
      if (pause) await new Promise((r) => setTimeout(r, pause));
      try {
        await withTimeout(sendNotice(m.to, m.subject, m.text, `paper-${m.paperId}`), MAIL_SEND_TIMEOUT_MS);
        sent++;
        return;
      } catch (err) {
        lastError = err instanceof MailError ? err : new MailError('unavailable', 'send failed', { cause: err });
        if (lastError.kind === 'config') break;
      }
    }
    failed.push({ paperId: m.paperId, reason: lastError?.reason ?? 'send failed' });
  });
  const notStarted = batch.messages.length - sent - failed.length;
  if (notStarted > 0) failed.push({ paperId: '(rest)', reason: `${notStarted} not sent within the time of one call` });
  const entry: MailLogEntry = { at: at.toISOString(), batchId, papers: batch.messages.length, recipients: new Set(batch.messages.flatMap((m) => m.to)).size, sent, failed };
  await withStore((r) => r.lpush(keys.papersMailLog(), JSON.stringify(entry)));
  await audit({ at: entry.at, ...actingFields(), action: 'papers.uncovered-mailed', details: { batchId, papers: entry.papers, sent, failed: failed.length } });
  return { alreadySent: false, entry };
}
