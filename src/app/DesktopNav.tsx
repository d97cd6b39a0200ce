/**
 * The navigation bar for wide screens (>= 1024 px; CSS hides it below). Entries with sub-items
 * are disclosure buttons whose dropdown opens on mouse hover and on keyboard focus (docs/rules.md#navigation). The markup only: nav.css opens a dropdown on hover and while keyboard focus is
 * inside it, with no script (the information pages run no framework before the first
 * interaction), and src/app/frame-behaviour.ts adds the keyboard model (Enter/Space/ArrowDown
 * open and focus the first item, ArrowUp the last, ArrowUp/ArrowDown/Home/End move within,
 * Escape closes and returns focus to the button) and keeps aria-expanded true while it is open.
 */
import { Link, useLocation } from 'react-router-dom';
import { groupMatches, isGroup, matchesPath, navEntries, type NavGroupEntry } from './nav';
import { NavCaret, SubmenuList } from './NavParts';

/** The main navigation as a horizontal bar with dropdowns. */
export function DesktopNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="desktop-nav">
      <ul className="desktop-nav__list">
        {navEntries.map((entry) =>
          isGroup(entry) ? (
            <NavDropdown key={entry.id} entry={entry} pathname={pathname} />
          ) : (
            <li key={entry.to} className="desktop-nav__item">
              <Link to={entry.to} className="desktop-nav__link" aria-current={matchesPath(entry.to, pathname) ? 'page' : undefined}>
                {entry.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** One dropdown: its trigger button and the list of sub-links. */
function NavDropdown({ entry, pathname }: { entry: NavGroupEntry; pathname: string }) {
  const listId = `nav-menu-${entry.id}`;
  const active = groupMatches(entry, pathname);
  return (
    <li className="desktop-nav__item desktop-nav__group">
      <button
        type="button"
        className={`desktop-nav__link desktop-nav__trigger${active ? ' is-active' : ''}`}
        aria-expanded={false}
        aria-controls={listId}
      >
        {entry.label}
        <NavCaret size={10} />
      </button>
      <SubmenuList entry={entry} pathname={pathname} id={listId} className="desktop-nav__menu" linkClassName="desktop-nav__menu-link" />
    </li>
  );
}
