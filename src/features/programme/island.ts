/**
 * The /program page's island (decision 039): the page is a prerendered shell, and this plain-DOM
 * code (no framework) fetches GET /api/programme and renders the timetable into it, before React
 * and without it. src/boot.ts imports it right after the load event; ProgrammePage.tsx starts the
 * same controller when React renders the page (the first start wins: one controller per element).
 *
 * - By day, then start time; filters by day, track and room, and "only my agenda".
 * - During the conference days (the visitor's clock, read in the conference's time zone), "now"
 *   and "next" by room, refreshed every minute.
 * - Offline (the venue's Wi-Fi): the last programme fetched is kept in localStorage and shown with
 *   the time it was published; the page itself is kept by the service worker /program-sw.js
 *   (scripts/programme-sw.ts), registered here in the production build.
 * - The personal agenda: a link from the confirmation e-mail (`#agenda=<token>`) or the delegate's
 *   registration ID and e-mail (POST /api/agenda) opens it; the token is kept on the device. Stars
 *   are saved with PUT /api/agenda/{token}; the sessions of the delegate's own papers are on it
 *   without a star. The calendar feed (webcal) and the .ics are linked.
 * Text is set as text, never as HTML. Browser only.
 */
import { dayIn, formatDay } from '../../shared/dates';
import { agendaPath, distinct, localDay, nowAndNext, programmeApi, type AgendaLink, type AgendaState, type ProgrammeResponse, type ProgrammeSession } from '../../shared/programme';
import { dayHeading, h, renderNowNext, renderTimetable } from '../../lib/timetable';

const SAVED_PROGRAMME = 'pesgre-programme';
const SAVED_AGENDA = 'pesgre-agenda';
const SERVICE_WORKER = '/program-sw.js';
const SERVICE_WORKER_SCOPE = '/program';

interface SavedAgenda {
  token: string;
  links: AgendaLink | null;
  state: AgendaState;
}

/** A started island: `destroy` stops its timer and forgets it (the element is left as it is; a new start renders it afresh). */
export interface ProgrammeIsland {
  destroy(): void;
}

const islands = new WeakMap<HTMLElement, ProgrammeIsland>();

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked (private mode): the page works, only the offline copy is lost.
  }
}

/** JSON from `path`, or the error shape's message / null when there was no answer. */
async function call<T>(path: string, init: RequestInit = {}): Promise<{ ok: true; data: T } | { ok: false; message: string | null; status: number }> {
  try {
    const res = await fetch(path, { ...init, headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) } });
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (res.ok) return { ok: true, data: body as T };
    return { ok: false, message: body?.error?.message ?? null, status: res.status };
  } catch {
    return { ok: false, message: null, status: 0 };
  }
}

let timeFormat: Intl.DateTimeFormat | undefined;
/** An instant as the conference's local date and time ('18 December 2025, 09:30'). */
function published(iso: string, timeZone: string): string {
  timeFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  return timeFormat.format(new Date(iso));
}

/**
 * Starts the island on `root` (the page's `[data-island="programme"]`), once: a second call for
 * the same element returns the first one's controller.
 */
export function startProgramme(root: HTMLElement): ProgrammeIsland {
  const existing = islands.get(root);
  if (existing) return existing;
  const { start: firstDay = '', end: lastDay = '', tz: timeZone = 'UTC' } = root.dataset;
  let programme: ProgrammeResponse | null = null;
  let agenda: SavedAgenda | null = read<SavedAgenda>(SAVED_AGENDA);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const filters = { day: '', track: '', room: '', mine: false };

  const status = h('p', { class: 'pg__status', role: 'status' });
  // After the last day the page says so, by the visitor's clock in the conference's time zone.
  const ended = dayIn(new Date(), timeZone) > lastDay;
  const phase = ended ? h('p', { class: 'pg__phase' }, `The conference ended on ${formatDay(lastDay)}. This is its programme as last published.`) : null;
  const alert = h('div', { class: 'pg__alert', role: 'alert' });
  const nowSection = h('section', { class: 'card pg__now', 'aria-labelledby': 'pg-now-heading', hidden: true });
  const agendaSection = h('section', { class: 'card pg__agenda', 'aria-labelledby': 'pg-agenda-heading' });
  const filterForm = h('form', { class: 'pg__filters', 'aria-label': 'Filter the programme' });
  const timetable = h('div', { class: 'pg__timetable' });
  root.replaceChildren(...[phase, status, alert, nowSection, agendaSection, filterForm, timetable].filter((n): n is HTMLElement => n !== null));
  filterForm.addEventListener('submit', (e) => e.preventDefault());

  const say = (text: string) => (status.textContent = text);
  const warn = (text: string | null) => alert.replaceChildren(...(text ? [h('p', { class: 'notice notice--error' }, text)] : []));

  /** A select of `options` ([value, label]) bound to filters[key]. */
  function select(key: 'day' | 'track' | 'room', label: string, options: [string, string][]): HTMLElement {
    const id = `pg-filter-${key}`;
    const control = h('select', { id }, ...options.map(([value, text]) => h('option', { value, selected: value === filters[key] }, text)));
    control.addEventListener('change', () => {
      filters[key] = control.value;
      renderSessions();
    });
    return h('div', { class: 'pg__filter' }, h('label', { for: id }, label), control);
  }

  function renderFilters(sessions: readonly ProgrammeSession[]): void {
    filterForm.hidden = !sessions.length;
    if (!sessions.length) return void filterForm.replaceChildren();
    const days = [...new Set(sessions.map((s) => localDay(s.start)))];
    const parts = [
      select('day', 'Day', [['', 'All days'], ...days.map((d): [string, string] => [d, dayHeading(d)])]),
      select('track', 'Track', [['', 'All tracks'], ...distinct(sessions, 'track').map((t): [string, string] => [t, t])]),
      select('room', 'Room', [['', 'All rooms'], ...distinct(sessions, 'room').map((r): [string, string] => [r, r])]),
    ];
    if (agenda) {
      const box = h('input', { type: 'checkbox', id: 'pg-filter-mine', checked: filters.mine });
      box.addEventListener('change', () => {
        filters.mine = box.checked;
        renderSessions();
      });
      parts.push(h('div', { class: 'pg__filter pg__filter--check' }, box, h('label', { for: 'pg-filter-mine' }, 'Only my agenda')));
    }
    filterForm.replaceChildren(...parts);
  }

  const onAgenda = (id: string) => !!agenda && (agenda.state.sessions.includes(id) || agenda.state.own.includes(id));

  function renderSessions(): void {
    const all = programme?.sessions ?? [];
    const shown = all.filter((s) => (!filters.day || localDay(s.start) === filters.day) && (!filters.track || s.track === filters.track) && (!filters.room || s.room === filters.room) && (!filters.mine || onAgenda(s.id)));
    if (!programme) timetable.replaceChildren();
    else if (!all.length) timetable.replaceChildren(h('p', {}, 'The programme has not been published yet. It appears here as soon as the programme chair publishes it.'));
    else if (!shown.length) timetable.replaceChildren(h('p', {}, 'No session matches these filters.'));
    else renderTimetable(timetable, shown, agenda ? { starred: new Set(agenda.state.sessions), own: new Set(agenda.state.own), onStar: star } : {});
  }

  /** "Now" and "next" by room while the visitor's clock is on a conference day; refreshed at each minute. */
  function renderNow(): void {
    clearTimeout(timer);
    const now = new Date();
    const today = dayIn(now, timeZone);
    const rooms = today >= firstDay && today <= lastDay ? nowAndNext(programme?.sessions ?? [], now, timeZone) : [];
    nowSection.hidden = !rooms.length;
    if (rooms.length) {
      const body = h('div', {});
      renderNowNext(body, rooms);
      nowSection.replaceChildren(h('h2', { id: 'pg-now-heading' }, 'Now and next'), body);
    } else nowSection.replaceChildren();
    timer = setTimeout(renderNow, 60_000 - (Date.now() % 60_000) + 50);
  }

  function renderAll(): void {
    renderFilters(programme?.sessions ?? []);
    renderSessions();
    renderNow();
    renderAgenda();
  }

  async function saveStars(): Promise<void> {
    if (!agenda) return;
    const result = await call<AgendaState>(agendaPath(agenda.token), { method: 'PUT', body: JSON.stringify({ sessions: agenda.state.sessions }) });
    if (result.ok) {
      agenda.state = result.data;
      write(SAVED_AGENDA, agenda);
      warn(null);
      say('Your agenda is saved.');
    } else {
      warn(result.status === 0 ? 'Your agenda could not be saved: there is no connection. Your stars are kept on this device; star a session again once you are online to save them.' : (result.message ?? 'Your agenda could not be saved. Please try again.'));
    }
  }

  function star(id: string, starred: boolean): void {
    if (!agenda) return;
    agenda.state.sessions = starred ? [...agenda.state.sessions.filter((s) => s !== id), id] : agenda.state.sessions.filter((s) => s !== id);
    write(SAVED_AGENDA, agenda);
    if (filters.mine && !starred) renderSessions();
    void saveStars();
  }

  /** Opens the agenda of `token`: its state from the server, kept on the device. */
  async function openAgenda(token: string, links: AgendaLink | null): Promise<void> {
    const result = await call<AgendaState>(agendaPath(token));
    if (result.ok) {
      agenda = { token, links: links ?? agenda?.links ?? null, state: result.data };
      write(SAVED_AGENDA, agenda);
      warn(null);
    } else if (result.status === 404) {
      agenda = null;
      write(SAVED_AGENDA, null);
      warn(result.message);
    }
    renderAll();
  }

  function renderAgenda(): void {
    agendaSection.hidden = false;
    const heading = h('h2', { id: 'pg-agenda-heading', tabindex: '-1' }, 'My agenda');
    if (agenda) {
      const feed = agenda.links?.feedUrl ?? new URL(agendaPath(agenda.token, true), location.origin).href;
      const forget = h('button', { type: 'button', class: 'button button--secondary' }, 'Forget my agenda on this device');
      forget.addEventListener('click', () => {
        agenda = null;
        filters.mine = false;
        write(SAVED_AGENDA, null);
        renderAll();
        say('Your agenda is no longer opened on this device.');
      });
      const count = agenda.state.sessions.length + agenda.state.own.length;
      agendaSection.replaceChildren(
        heading,
        h('p', {}, `${count} session${count === 1 ? '' : 's'} on your agenda${agenda.state.own.length ? `, ${agenda.state.own.length} of them with your papers` : ''}. Star a session to add it.`),
        h('p', {}, 'Your phone’s calendar can follow your agenda, changes included: ', h('a', { href: feed.replace(/^https?:/, 'webcal:') }, 'subscribe to my agenda'), ' or ', h('a', { href: feed, download: 'agenda.ics' }, 'download it (.ics)'), '.'),
        forget,
      );
      return;
    }
    if (ended) {
      // Nothing left to attend: no new agenda after the conference.
      agendaSection.hidden = true;
      return;
    }
    const form = h('form', { class: 'pg__agenda-form', novalidate: true });
    const field = (id: string, label: string, attrs: Record<string, string>) => h('div', { class: 'pg__field' }, h('label', { for: id }, label), h('input', { id, name: id, required: true, ...attrs }));
    form.append(
      field('pg-reg-id', 'Registration ID', { autocomplete: 'off', placeholder: root.dataset.example ?? '' }),
      field('pg-email', 'E-mail you registered with', { type: 'email', autocomplete: 'email' }),
      h('button', { type: 'submit', class: 'button' }, 'Open my agenda'),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const regId = (form.querySelector('#pg-reg-id') as HTMLInputElement).value.trim();
      const email = (form.querySelector('#pg-email') as HTMLInputElement).value.trim();
      if (!regId || !email) return warn('Enter your registration ID and the e-mail you registered with.');
      void call<AgendaLink>(programmeApi.agenda, { method: 'POST', body: JSON.stringify({ regId, email }) }).then((result) => {
        if (result.ok)
          return openAgenda(result.data.token, result.data).then(() => {
            say('Your agenda is open: star the sessions you want to attend.');
            // The form is gone: focus goes to what replaced it.
            agendaSection.querySelector<HTMLElement>('h2')?.focus();
          });
        warn(result.status === 0 ? 'There is no connection: your agenda cannot be opened now.' : (result.message ?? 'Your agenda could not be opened. Please try again.'));
      });
    });
    agendaSection.replaceChildren(
      heading,
      h('p', {}, 'Star the sessions you want to attend and follow them in your phone’s calendar. The sessions of your own papers are on it already. Open it with the link in your confirmation e-mail, or here:'),
      form,
    );
  }

  async function load(): Promise<void> {
    const saved = read<{ data: ProgrammeResponse }>(SAVED_PROGRAMME);
    if (saved && !programme) {
      programme = saved.data;
      renderAll();
    }
    say('Loading the programme…');
    const result = await call<ProgrammeResponse>(programmeApi.programme);
    if (result.ok && Array.isArray(result.data.sessions)) {
      programme = result.data;
      write(SAVED_PROGRAMME, { data: programme });
      renderAll();
      say(programme.updatedAt ? `Programme as published on ${published(programme.updatedAt, timeZone)} (India time).` : '');
      registerServiceWorker();
    } else if (programme) {
      say(`You are offline or the site did not answer: this is the programme as published on ${programme.updatedAt ? published(programme.updatedAt, timeZone) : 'an earlier visit'}, kept on this device.`);
    } else {
      say('');
      warn(!result.ok && result.status === 0 ? 'The programme could not be loaded: there is no connection. Once this page has been opened online, it opens offline too.' : 'The programme could not be loaded. Please try again in a few minutes.');
    }
  }

  const fromLink = /(?:^#|&)agenda=([A-Za-z0-9._-]+)/.exec(location.hash)?.[1];
  if (fromLink) {
    // The token leaves the address bar (and anything shared or bookmarked from it) at once.
    history.replaceState(history.state, '', location.pathname + location.search);
    void openAgenda(fromLink, null);
  } else if (agenda) void openAgenda(agenda.token, agenda.links);
  void load().then(() => {
    const target = location.hash.startsWith('#session-') ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    target?.scrollIntoView();
  });

  const island: ProgrammeIsland = {
    destroy() {
      clearTimeout(timer);
      islands.delete(root);
    },
  };
  islands.set(root, island);
  return island;
}

/** The service worker that keeps /program and its last programme for offline use (production builds only). */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER, { scope: SERVICE_WORKER_SCOPE }).catch((err: unknown) => console.warn('programme service worker not registered', err));
}
