/**
 * Telling authors where and when their paper is presented (docs/operations.md, "The programme";
 * decision 037). programme-import.ts queues one notice per author and session change with the
 * programme it publishes; this module sends the due ones: right after the import (the import
 * function, within its time), and every minute from the scheduled function programme-notices,
 * which sends what the import left and retries failures on the confirmation e-mails' schedule
 * (mail-delivery.ts: 1 min, 5 min, 30 min, 2 h; given up after 5 attempts with an audit entry).
 * A notice whose session has moved again, or left the programme, since it was queued is dropped:
 * the later import queued the notice that tells the truth, so an author never gets a stale one.
 */
import { conference } from '../../src/content/conference';
import { formatDay } from '../../src/shared/dates';
import { placementChanged, type Placement } from '../../src/shared/programme';
import { registrationStatus } from '../../src/shared/registration-status';
import { paths } from '../../src/shared/routes';
import { agendaLink } from './agenda';
import { workWithinBudget } from './platform/batch';
import { placeOf } from './calendar';
import { siteUrl } from './platform/env';
import { ProgrammeNoticeEmail } from './emails/programme-notice';
import { renderEmail } from './emails/render';
import { sendMessage, toMailError, type OutgoingMessage } from './mail';
import { MAIL_RETRY_BACKOFF_MS, MAIL_SEND_TIMEOUT_MS, MAX_MAIL_ATTEMPTS, claimDue, withTimeout } from './mail-delivery';
import type { ProgrammeNotice } from './programme-import';
import { readPapers, readProgramme, type StoredProgramme, type StoredSession } from './programme-store';
import { getRegistration } from './registrations';
import { audit, keys, withStore } from './platform/store';

/** What one run did. */
export interface NoticeRun {
  due: number;
  sent: number;
  /** Dropped: the session moved again or left the programme, or the registration is gone. */
  superseded: number;
  failed: number;
  gaveUp: number;
  /** Left for the next run (the time was up). */
  deferred: number;
}

const when = (p: Placement) => `${formatDay(p.date)}, ${p.start} to ${p.end} (India time, IST)`;

/** The message of `notice` for `session` (its current state, which the notice's placement matches). */
async function composeNotice(notice: ProgrammeNotice, session: StoredSession): Promise<OutgoingMessage | null> {
  const reg = await getRegistration(notice.registrationNumber);
  // Cancelled since the import: the author is no longer a delegate to tell.
  if (!reg || registrationStatus(reg) === 'cancelled') return null;
  const papers = await readPapers(notice.paperIds);
  const titles = notice.paperIds.map((id) => `${id}: ${papers.get(id)?.title ?? ''}`.replace(/: $/, ''));
  const ids = notice.paperIds.join(', ');
  const plural = notice.paperIds.length > 1;
  const moved = notice.previous !== null;
  const subject = moved
    ? `${conference.name}: the session of your paper ${ids} has moved — ${formatDay(session.date)}, ${session.start} IST, ${session.room || 'all rooms'}`
    : `${conference.name}: your paper ${ids} is in the programme — ${formatDay(session.date)}, ${session.start} IST, ${session.room || 'all rooms'}`;
  const lead = moved
    ? `The session in which your paper${plural ? 's are' : ' is'} presented has moved. It now takes place as below.`
    : `The programme is published: your paper${plural ? 's are' : ' is'} presented in the session below.`;
  const rows: [string, string][] = [
    ['Session', session.title],
    [plural ? 'Your papers' : 'Your paper', titles.join('; ')],
    ['When', when(session)],
    ['Where', placeOf(session.room)],
  ];
  if (session.chair) rows.push(['Chair', session.chair]);
  const before = notice.previous ? ([['When', when(notice.previous)], ['Where', placeOf(notice.previous.room)]] as const) : null;
  const agenda = agendaLink(reg);
  const links: [string, string][] = [
    ['The programme', `${siteUrl()}${paths.programme}`],
    ['Your agenda on the programme page', agenda.pageUrl],
    ['Your agenda as a calendar to subscribe to', agenda.webcalUrl],
  ];
  const element = ProgrammeNoticeEmail({ heading: moved ? 'Your session has moved' : 'Your paper is in the programme', preview: subject, name: notice.name, lead, rows, before, links });
  return { to: notice.email, subject, ...(await renderEmail(element)) };
}

/** Takes the notice out of the queue. */
async function dropNotice(id: string): Promise<void> {
  await withStore(async (r) => {
    const p = r.pipeline();
    p.zrem(keys.programmeNoticeQueue(), id);
    p.hdel(keys.programmeNotices(), id);
    await p.exec();
  });
}

/**
 * Sends every author notice due at `at`, each claimed first (overlapping runs never send one
 * twice), at most `limit`, `concurrency` at a time, starting none after `budgetMs`. A failure is
 * retried on the confirmation e-mails' backoff; after MAX_MAIL_ATTEMPTS it is given up with an
 * audit entry. Never throws for a mail failure; ServiceUnavailableError when the store is down.
 */
export async function sendDueProgrammeNotices(at: Date, opts: { limit?: number; concurrency?: number; budgetMs?: number } = {}): Promise<NoticeRun> {
  const { limit = 500, concurrency = 4, budgetMs = 15_000 } = opts;
  const nowMs = at.getTime();
  const due = (await withStore((r) => r.zrange<string[]>(keys.programmeNoticeQueue(), '-inf', nowMs, { byScore: true, offset: 0, count: limit }))).map(String);
  const run: NoticeRun = { due: due.length, sent: 0, superseded: 0, failed: 0, gaveUp: 0, deferred: 0 };
  if (!due.length) return run;
  let programme: Promise<StoredProgramme | null> | undefined;
  const { deferred } = await workWithinBudget(due, { concurrency, budgetMs }, async (id) => {
    if (!(await claimDue(keys.programmeNoticeQueue(), id, nowMs))) return;
    const notice = await withStore((r) => r.hget<ProgrammeNotice>(keys.programmeNotices(), id));
    const session = notice ? (await (programme ??= readProgramme()))?.sessions.find((s) => s.id === notice.sessionId) : undefined;
    if (!notice || !session || placementChanged(session, notice.placement)) {
      await dropNotice(id);
      run.superseded++;
      return;
    }
    try {
      const message = await composeNotice(notice, session);
      if (!message) {
        await dropNotice(id);
        run.superseded++;
        return;
      }
      await withTimeout(sendMessage(message, `programme-${notice.registrationNumber}`), MAIL_SEND_TIMEOUT_MS);
      await dropNotice(id);
      run.sent++;
    } catch (err) {
      const error = toMailError(err);
      const attempts = notice.attempts + 1;
      console.warn(`[programme-notices] notice for ${notice.registrationNumber} (session ${notice.sessionId}) not sent: ${error.reason}`);
      if (attempts >= MAX_MAIL_ATTEMPTS) {
        await dropNotice(id);
        await audit({ at: at.toISOString(), actor: 'mail', action: 'programme.notice-gave-up', details: { regNo: notice.registrationNumber, sessionId: notice.sessionId, attempts, lastError: error.reason } });
        run.gaveUp++;
        return;
      }
      await withStore(async (r) => {
        const p = r.pipeline();
        p.hset(keys.programmeNotices(), { [id]: JSON.stringify({ ...notice, attempts } satisfies ProgrammeNotice) });
        p.zadd(keys.programmeNoticeQueue(), { score: nowMs + MAIL_RETRY_BACKOFF_MS[Math.min(attempts, MAIL_RETRY_BACKOFF_MS.length) - 1]!, member: id });
        await p.exec();
      });
      run.failed++;
    }
  });
  run.deferred = deferred;
  return run;
}
