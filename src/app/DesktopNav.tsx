/**
 * The navigation bar for wide screens (>= 1024 px; CSS hides it below). Entries with sub-items
 * are disclosure buttons whose dropdown opens on mouse hover and on keyboard focus (spec part 1
 * section 2), with the keyboard model: Enter/Space/ArrowDown open and focus the first item,
 * ArrowUp opens and focuses the last, ArrowUp/ArrowDown/Home/End move within, Escape closes and
 * returns focus to the button, tabbing out closes.
 */
import { useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import { groupMatches, isGroup, matchesPath, navEntries, type NavGroupEntry } from './nav';

/** The main navigation as a horizontal bar with dropdowns. */
export function DesktopNav() {
  const { pathname } = useLocation();
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <nav aria-label="Main" className="desktop-nav">
      <ul className="desktop-nav__list">
        {navEntries.map((entry) =>
          isGroup(entry) ? (
            <NavDropdown
              key={entry.id}
              entry={entry}
              pathname={pathname}
              open={openId === entry.id}
              onOpen={() => setOpenId(entry.id)}
              onClose={() => setOpenId((current) => (current === entry.id ? null : current))}
            />
          ) : (
            <li key={entry.to} className="desktop-nav__item">
              <Link
                to={entry.to}
                className="desktop-nav__link"
                aria-current={matchesPath(entry.to, pathname) ? 'page' : undefined}
              >
                {entry.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

interface NavDropdownProps {
  entry: NavGroupEntry;
  pathname: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

/** One dropdown: its trigger button and the list of sub-links. */
function NavDropdown({ entry, pathname, open, onOpen, onClose }: NavDropdownProps) {
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const hovered = useRef(false);
  const listId = `nav-menu-${entry.id}`;
  const active = groupMatches(entry, pathname);

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  /** Opens the dropdown now (synchronously, so its links can take focus) and focuses one of them. */
  const openAndFocus = (which: 'first' | 'last') => {
    flushSync(onOpen);
    const items = links();
    (which === 'first' ? items[0] : items[items.length - 1])?.focus();
  };

  const closeToButton = () => {
    onClose();
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    switch (event.key) {
      case 'Enter':
      case ' ':
      case 'ArrowDown':
        event.preventDefault();
        openAndFocus('first');
        break;
      case 'ArrowUp':
        event.preventDefault();
        openAndFocus('last');
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          onClose();
        }
        break;
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    let next: number | null = null;
    switch (event.key) {
      case 'ArrowDown':
        next = (index + 1) % items.length;
        break;
      case 'ArrowUp':
        next = (index - 1 + items.length) % items.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = items.length - 1;
        break;
      case 'Escape':
        event.preventDefault();
        closeToButton();
        return;
      default:
        return;
    }
    event.preventDefault();
    items[next]?.focus();
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovered.current = true;
    onOpen();
  };

  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovered.current = false;
    // A keyboard user's dropdown stays open when the mouse happens to move away.
    const focused = document.activeElement;
    if (focused && itemRef.current?.contains(focused) && focused.matches(':focus-visible')) return;
    onClose();
  };

  const onFocus = (event: FocusEvent<HTMLLIElement>) => {
    const from = event.relatedTarget as Node | null;
    if (from && itemRef.current?.contains(from)) return;
    // Keyboard focus entering the group opens it; a mouse click's focus does not (the click decides).
    if (event.target.matches(':focus-visible')) onOpen();
  };

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    const to = event.relatedTarget as Node | null;
    if (to && itemRef.current?.contains(to)) return;
    if (!hovered.current) onClose();
  };

  const onClick = () => {
    // With a mouse the dropdown is already open from hovering: a click keeps it open.
    if (open && !hovered.current) onClose();
    else onOpen();
  };

  return (
    <li
      ref={itemRef}
      className={`desktop-nav__item desktop-nav__group${open ? ' is-open' : ''}`}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`desktop-nav__link desktop-nav__trigger${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onKeyDown={onButtonKeyDown}
        onClick={onClick}
      >
        {entry.label}
        <svg className="nav-caret" aria-hidden="true" width="10" height="10" viewBox="0 0 10 10">
          <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <ul id={listId} ref={listRef} className="desktop-nav__menu" hidden={!open} onKeyDown={onListKeyDown}>
        {entry.children.map((child) => (
          <li key={child.to}>
            <Link
              to={child.to}
              className="desktop-nav__menu-link"
              aria-current={matchesPath(child.to, pathname) ? 'page' : undefined}
              onClick={() => {
                hovered.current = false;
                onClose();
              }}
            >
              {child.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
