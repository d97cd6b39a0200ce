/**
 * The timetable as plain DOM (decision 039): the /program page's island renders the programme
 * with it before (and without) React, and the admin page renders the programme "as delegates will
 * see it" with the same function, so the two never differ. Days are sections with an <h2>, start
 * times an <h3>, sessions an <h4> with their time, room, track and chair, and their papers with
 * the authors in a <details>. Text is always set as text, never as HTML (the programme chair's
 * file is the source). The styles are src/components/timetable.css. Browser only.
 */
import { formatDay } from '../shared/dates';
import { localTime, programmeDays, type ProgrammeSession, type RoomNowNext, type SessionKind } from '../shared/programme';

type Child = Node | string | null | false | undefined;

/** An element with attributes (a `false`/undefined value leaves the attribute out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | boolean | undefined> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === undefined) continue;
    if (name === 'class') node.className = String(value);
    else node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child !== null && child !== false && child !== undefined) node.append(child);
  return node;
}

const KIND_LABELS: Record<SessionKind, string> = { keynote: 'Keynote', tutorial: 'Tutorial', papers: 'Paper session', break: 'Break', other: 'Session' };

let weekday: Intl.DateTimeFormat | undefined;
/** '2025-12-18' as 'Thursday, 18 December 2025'. */
export function dayHeading(date: string): string {
  weekday ??= new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday.format(new Date(`${date}T00:00:00Z`))}, ${formatDay(date)}`;
}

/** The id of a session's element: the calendars' and the frab schedule's links point at it. */
export const sessionAnchor = (id: string): string => `session-${id}`;

export interface TimetableOptions {
  /** Sessions on the visitor's agenda by a star. */
  starred?: ReadonlySet<string>;
  /** Sessions on it because they present the visitor's papers. */
  own?: ReadonlySet<string>;
  /** With it, each session has a star button (aria-pressed) that calls it; without it, none. */
  onStar?: (id: string, starred: boolean) => void;
}

/** The star button of a session (its state in aria-pressed; the name names the session). */
export function starButton(session: ProgrammeSession, starred: boolean, onStar: (id: string, starred: boolean) => void): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'button button--secondary tt-star', 'aria-pressed': String(starred) }, h('span', { 'aria-hidden': 'true', class: 'tt-star__icon' }), 'My agenda', h('span', { class: 'visually-hidden' }, `: ${session.title}`));
  button.addEventListener('click', () => {
    const next = button.getAttribute('aria-pressed') !== 'true';
    button.setAttribute('aria-pressed', String(next));
    onStar(session.id, next);
  });
  return button;
}

/** One session as a list item. */
function sessionItem(s: ProgrammeSession, opts: TimetableOptions): HTMLLIElement {
  const own = opts.own?.has(s.id) ?? false;
  const meta = [`${localTime(s.start)}–${localTime(s.end)}`, s.room || 'All rooms', KIND_LABELS[s.kind], s.track].filter(Boolean).join(' · ');
  const papers = s.papers.length
    ? h(
        'details',
        { class: 'tt-papers' },
        h('summary', {}, `${s.papers.length} paper${s.papers.length > 1 ? 's' : ''}`),
        h('ol', {}, ...s.papers.map((p) => h('li', {}, h('span', { class: 'tt-paper__id' }, p.paperId), ' ', h('span', { class: 'tt-paper__title' }, p.title), h('span', { class: 'tt-paper__authors' }, p.authors.join(', '))))),
      )
    : null;
  return h(
    'li',
    { class: `tt-session tt-session--${s.kind}${own ? ' is-own' : ''}`, id: sessionAnchor(s.id) },
    h('h4', { class: 'tt-session__title' }, s.title),
    h('p', { class: 'tt-session__meta' }, meta),
    s.chair ? h('p', { class: 'tt-session__chair' }, `Chair: ${s.chair}`) : null,
    own ? h('p', { class: 'tt-session__own' }, 'Your paper is presented here: this session is on your agenda.') : null,
    opts.onStar && !own ? starButton(s, opts.starred?.has(s.id) ?? false, opts.onStar) : null,
    papers,
  );
}

/**
 * Renders `sessions` (sorted by start, then room) into `target`, replacing what it held: a
 * section per day with its heading, then per start time the sessions that begin then.
 */
export function renderTimetable(target: HTMLElement, sessions: readonly ProgrammeSession[], opts: TimetableOptions = {}): void {
  const days = programmeDays(sessions).map(({ date, sessions: daySessions }) => {
    const slots = new Map<string, ProgrammeSession[]>();
    for (const s of daySessions) slots.set(localTime(s.start), [...(slots.get(localTime(s.start)) ?? []), s]);
    const headingId = `tt-day-${date}`;
    return h(
      'section',
      { class: 'tt-day', 'aria-labelledby': headingId },
      h('h2', { id: headingId }, dayHeading(date)),
      h('ol', { class: 'tt-slots' }, ...[...slots].map(([time, list]) => h('li', { class: 'tt-slot' }, h('h3', { class: 'tt-slot__time' }, time), h('ul', { class: 'tt-slot__sessions' }, ...list.map((s) => sessionItem(s, opts)))))),
    );
  });
  target.replaceChildren(...days);
}

/** Renders "now" and "next" by room into `target` (a list per room), replacing what it held. */
export function renderNowNext(target: HTMLElement, rooms: readonly RoomNowNext<ProgrammeSession>[]): void {
  const line = (label: string, s: ProgrammeSession | null) => (s ? h('p', {}, h('strong', {}, `${label}: `), `${localTime(s.start)}–${localTime(s.end)} `, h('a', { href: `#${sessionAnchor(s.id)}` }, s.title)) : null);
  target.replaceChildren(
    h('ul', { class: 'tt-now' }, ...rooms.map((r) => h('li', {}, h('h3', {}, r.room), line('Now', r.now), line('Next', r.next)))),
  );
}
