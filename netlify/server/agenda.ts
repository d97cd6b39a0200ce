/**
 * The personal agenda without an account (docs/operations.md, "The programme"; decision 038).
 *
 * - A delegate reaches their agenda by a token: their registration number and an HMAC of it (and
 *   of the ticket's version) with a key derived from TICKET_SIGNING_KEY (HKDF, its own label), so
 *   the confirmation e-mail can carry the link without a store request, the same registration
 *   always gets the same link (a calendar subscription keeps working), and a name transfer,
 *   which issues a new ticket, gives the new holder a new link and ends the old one. The token
 *   carries the registration number in the clear (base64url): it is a capability, not a secret
 *   kept from its holder. Rotating TICKET_SIGNING_KEY ends every link, as it ends every ticket.
 * - The starred sessions are stored against the registration (keys.agendaStars); the sessions of
 *   the delegate's own papers (the paper named on the registration, and every placed paper that
 *   lists the registered e-mail as an author's) are on the agenda without a star.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { normalisePaperId } from '../../src/shared/papers';
import { MAX_STARRED_SESSIONS, type AgendaLink, type AgendaState } from '../../src/shared/programme';
import { registrationStatus } from '../../src/shared/registration-status';
import { paths } from '../../src/shared/routes';
import { requireSecret, siteUrl } from './platform/env';
import { HttpError } from './platform/http';
import type { StoredProgramme } from './programme-store';
import { getRegistration, type Registration } from './registrations';
import { emailHash, keys, withStore } from './platform/store';

/** What an unknown, forged or ended agenda link is answered (404): the same for each. */
export const AGENDA_NOT_FOUND = 'No agenda at this address. Ask for a new link on the programme page with your registration ID and e-mail.';

let derived: { secret: string; key: Buffer } | undefined;

/** The agenda links' HMAC key, derived from TICKET_SIGNING_KEY (cached per secret). Throws ConfigError without it. */
function agendaKey(): Buffer {
  const secret = requireSecret('TICKET_SIGNING_KEY');
  if (!derived || derived.secret !== secret) derived = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'pesgre-agenda-link', 'agenda link key v1', 32)) };
  return derived.key;
}

/** 22 base64url characters (132 bits) of the HMAC of `regNo` and its ticket version. */
function agendaMac(regNo: string, ticketVersion: number): string {
  return createHmac('sha256', agendaKey()).update(`${regNo}#${ticketVersion}`, 'utf8').digest('base64url').slice(0, 22);
}

/** The agenda token of registration `regNo` with ticket version `ticketVersion` (0 until a name transfer). */
export function agendaToken(regNo: string, ticketVersion = 0): string {
  return `${Buffer.from(regNo, 'utf8').toString('base64url')}.${agendaMac(regNo, ticketVersion)}`;
}

/** The links of an agenda: the token, its feed (https and webcal, which phones subscribe to) and the programme page that opens it. */
export function agendaLink(r: Pick<Registration, 'registrationNumber' | 'ticketVersion'>): AgendaLink {
  const token = agendaToken(r.registrationNumber, r.ticketVersion ?? 0);
  const feedUrl = `${siteUrl()}/api/agenda/${token}.ics`;
  return { token, feedUrl, webcalUrl: feedUrl.replace(/^https?:/, 'webcal:'), pageUrl: `${siteUrl()}${paths.programme}#agenda=${token}` };
}

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{4,80})\.([A-Za-z0-9_-]{22})$/;

/**
 * The live registration that `token` opens. Throws HttpError 404 AGENDA_NOT_FOUND for a token of
 * the wrong shape, a forged or outdated one (a name transfer since), an unknown or cancelled
 * registration, all alike; ServiceUnavailableError when the store is down. One request.
 */
export async function registrationOfToken(token: string): Promise<Registration> {
  const notFound = () => new HttpError(404, 'AGENDA_NOT_FOUND', AGENDA_NOT_FOUND);
  const m = TOKEN_SHAPE.exec(token);
  if (!m) throw notFound();
  const regNo = Buffer.from(m[1]!, 'base64url').toString('utf8');
  const r = await getRegistration(regNo);
  if (!r || registrationStatus(r) === 'cancelled') throw notFound();
  const expected = Buffer.from(agendaMac(r.registrationNumber, r.ticketVersion ?? 0));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound();
  return r;
}

/** The agenda of `r` against the stored programme: its starred sessions still in the programme, and those of its own papers. One request. */
export async function agendaState(r: Registration, programme: StoredProgramme | null): Promise<AgendaState> {
  const [stars, byAuthor] = await withStore(async (redis) => {
    const p = redis.pipeline();
    p.hget<string[]>(keys.agendaStars(), r.registrationNumber);
    p.hget<string[]>(keys.programmeByAuthor(), emailHash(r.email));
    return p.exec<[string[] | null, string[] | null]>();
  });
  const sessions = programme?.sessions ?? [];
  const ids = new Set(sessions.map((s) => s.id));
  const named = !r.noPaper && r.paperId ? normalisePaperId(r.paperId) : '';
  const own = new Set([...(byAuthor ?? []), ...sessions.filter((s) => named && s.paperIds.includes(named)).map((s) => s.id)]);
  return { sessions: (stars ?? []).filter((id) => ids.has(id)), own: sessions.filter((s) => own.has(s.id)).map((s) => s.id) };
}

/**
 * Stores `sessions` as the starred sessions of `r` (each once, in the given order). Throws
 * HttpError 400 UNKNOWN_SESSION naming the ids the programme does not hold (nothing stored).
 * One request.
 */
export async function saveStars(r: Registration, sessions: readonly string[], programme: StoredProgramme | null): Promise<string[]> {
  const known = new Set((programme?.sessions ?? []).map((s) => s.id));
  const unique = [...new Set(sessions)].slice(0, MAX_STARRED_SESSIONS);
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length) throw new HttpError(400, 'UNKNOWN_SESSION', `The programme has no session ${unknown.join(', ')}.`, { sessions: `Unknown session: ${unknown.join(', ')}.` });
  await withStore((redis) => redis.hset(keys.agendaStars(), { [r.registrationNumber]: JSON.stringify(unique) }));
  return unique;
}
