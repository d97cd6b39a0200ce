/**
 * The behaviour of the site frame's navigation (docs/rules.md#pages-and-routes), in plain DOM code with no
 * framework: the information pages run it from the small bootstrap script (src/boot.ts)
 * before React is loaded, and main.tsx runs it for the pages React renders. The markup is React's
 * (DesktopNav.tsx, MobileNav.tsx), the same on the server and in the browser; what CSS and HTML
 * already do without any script is not repeated here:
 *  - desktop dropdowns open on hover and while focus is inside them (nav.css);
 *  - the drawer is an HTML popover (`popovertarget` opens it, Escape and a click outside close it,
 *    focus returns to the hamburger) and its sections are exclusive `<details name>`, so one
 *    section is open at a time.
 * What this adds: the dropdowns' keyboard model (Enter/Space/ArrowDown open and focus the first
 * item, ArrowUp the last, arrows/Home/End move, Escape closes to the button) and their
 * aria-expanded state; in the drawer, focus on its close button when it opens, Tab kept inside,
 * closing when a link is followed (a client-side navigation keeps the document) or the window
 * grows to the desktop bar; and the footer's year from the visitor's clock (the HTML has the
 * build's). Listeners are delegated to the document, so they serve markup React renders or
 * replaces later. Browser only; installing twice is harmless.
 */

const GROUP = '.desktop-nav__group';
const DRAWER_ID = 'site-drawer';
/** Wide screens show the desktop bar; the drawer closes when the window grows past this. */
const desktopQuery = '(min-width: 1024px)';

let installed = false;

function groupOf(node: EventTarget | null): HTMLElement | null {
  return node instanceof Element ? node.closest<HTMLElement>(GROUP) : null;
}

function menuLinks(group: HTMLElement): HTMLAnchorElement[] {
  return Array.from(group.querySelectorAll<HTMLAnchorElement>('.desktop-nav__menu a'));
}

/** The group the mouse is over (pointer events, so a touch's emulated hover does not count). */
let hovered: HTMLElement | null = null;

/** Whether keyboard focus (:focus-visible) is inside `group`. */
function keyboardInside(group: HTMLElement): boolean {
  const active = document.activeElement;
  return active !== null && group.contains(active) && active.matches(':focus-visible');
}

/**
 * Sets a dropdown's button's aria-expanded to what nav.css shows: forced open or closed by
 * `data-state`, else open while hovered or holding keyboard focus.
 */
function sync(group: HTMLElement, focusInside = keyboardInside(group)): void {
  const { state } = group.dataset;
  const open = state === 'open' || (state !== 'closed' && (hovered === group || focusInside));
  group.querySelector('.desktop-nav__trigger')?.setAttribute('aria-expanded', String(open));
}

function setState(group: HTMLElement, state: 'open' | 'closed' | null): void {
  if (state) group.dataset.state = state;
  else delete group.dataset.state;
  sync(group);
}

function onKeyDown(event: KeyboardEvent): void {
  const target = event.target as Element | null;
  const drawer = document.getElementById(DRAWER_ID);
  if (drawer && target && drawer.contains(target)) return trapTab(event, drawer);
  const group = groupOf(target);
  if (!group || !target) return;
  const links = menuLinks(group);
  if (target.matches('.desktop-nav__trigger')) {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setState(group, 'open');
      (event.key === 'ArrowUp' ? links[links.length - 1] : links[0])?.focus();
    } else if (event.key === 'Escape' && target.getAttribute('aria-expanded') === 'true') {
      event.preventDefault();
      setState(group, 'closed');
    }
    return;
  }
  const index = links.indexOf(target as HTMLAnchorElement);
  if (index < 0) return;
  const moves: Record<string, number> = { ArrowDown: (index + 1) % links.length, ArrowUp: (index - 1 + links.length) % links.length, Home: 0, End: links.length - 1 };
  if (event.key === 'Escape') {
    event.preventDefault();
    setState(group, 'closed');
    group.querySelector<HTMLElement>('.desktop-nav__trigger')?.focus();
  } else if (moves[event.key] !== undefined) {
    event.preventDefault();
    links[moves[event.key]!]?.focus();
  }
}

/** Keeps Tab inside the open drawer (it is modal: the page behind is dimmed). */
function trapTab(event: KeyboardEvent, drawer: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(drawer.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), summary')).filter((el) => el.offsetParent !== null);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function onPointer(event: PointerEvent): void {
  if (event.pointerType !== 'mouse') return;
  const group = groupOf(event.target);
  if (!group || groupOf(event.relatedTarget) === group) return;
  if (event.type === 'pointerover') {
    hovered = group;
    // A dropdown closed by Escape opens again when the mouse comes back.
    if (group.dataset.state === 'closed') delete group.dataset.state;
  } else {
    hovered = null;
    // A click's 'open' lasts while the mouse is there; a keyboard user's dropdown stays open.
    if (group.dataset.state === 'open' && !keyboardInside(group)) delete group.dataset.state;
  }
  sync(group);
}

function onFocus(event: FocusEvent): void {
  const group = groupOf(event.target);
  const other = groupOf(event.relatedTarget);
  if (!group || other === group) return;
  if (event.type === 'focusin') {
    // Keyboard focus entering a group opens it; a mouse click's focus does not (the click decides).
    if ((event.target as Element).matches(':focus-visible')) delete group.dataset.state;
    sync(group);
  } else {
    if (hovered !== group) delete group.dataset.state;
    sync(group, false);
  }
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element | null;
  const trigger = target?.closest<HTMLButtonElement>('.desktop-nav__trigger');
  const group = groupOf(trigger ?? null);
  // A press of the trigger (Enter and Space were handled as keys): with a mouse the dropdown is
  // already open from hovering, and a click keeps it open; a touch or pen toggles it.
  if (trigger && group) {
    if (event.detail === 0) return;
    setState(group, hovered === group || trigger.getAttribute('aria-expanded') !== 'true' ? 'open' : 'closed');
    return;
  }
  const link = target?.closest('a[href]');
  if (!link) return;
  const drawer = document.getElementById(DRAWER_ID);
  if (drawer?.contains(link) && drawer.matches(':popover-open')) drawer.hidePopover();
  const linkGroup = groupOf(link);
  if (linkGroup) {
    hovered = null;
    setState(linkGroup, 'closed');
  }
}

function onToggle(event: Event): void {
  const drawer = event.target as HTMLElement;
  if (drawer.id === DRAWER_ID) drawerToggled(drawer, (event as ToggleEvent).newState === 'open');
}

/** The hamburger's aria-expanded follows the drawer; an opened drawer takes focus to its close button. */
function drawerToggled(drawer: HTMLElement, open: boolean): void {
  document.querySelector(`[popovertarget="${DRAWER_ID}"].mobile-nav__hamburger`)?.setAttribute('aria-expanded', String(open));
  if (open) drawer.querySelector<HTMLElement>('.drawer__close')?.focus();
}

/**
 * Installs the frame's navigation behaviour on the document (once). Browser only. `early`: key
 * presses that came before this code was loaded (main.tsx fetches it at the visitor's first
 * interaction); those on a desktop dropdown are handled now, so that focusing a dropdown and
 * pressing Enter at once still opens it. The state a pointer or the drawer reached meanwhile is
 * taken over: the hovered dropdown and an open drawer.
 */
export function installFrameBehaviour(early: readonly KeyboardEvent[] = []): void {
  if (installed) return;
  installed = true;
  hovered = document.querySelector<HTMLElement>(`${GROUP}:hover`);
  for (const group of document.querySelectorAll<HTMLElement>(GROUP)) sync(group);
  const drawer = document.getElementById(DRAWER_ID);
  if (drawer?.matches(':popover-open')) drawerToggled(drawer, true);
  for (const event of early) if (groupOf(event.target)) onKeyDown(event);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('pointerover', onPointer);
  document.addEventListener('pointerout', onPointer);
  document.addEventListener('focusin', onFocus);
  document.addEventListener('focusout', onFocus);
  document.addEventListener('click', onClick);
  // 'toggle' does not bubble: listen in the capture phase.
  document.addEventListener('toggle', onToggle, true);
  matchMedia(desktopQuery).addEventListener('change', (media) => {
    const drawer = document.getElementById(DRAWER_ID);
    if (media.matches && drawer?.matches(':popover-open')) drawer.hidePopover();
  });
  // The footer's year is the build's in the HTML; the visitor's clock gives this year.
  for (const year of document.querySelectorAll<HTMLElement>('[data-current-year]')) year.textContent = String(new Date().getFullYear());
}
