/**
 * The navigation for small screens (< 1024 px; CSS hides it above): a hamburger button that opens
 * a side drawer (from the left) over a dimmed backdrop (docs/rules.md#navigation). In the drawer,
 * entries without sub-items navigate; entries with sub-items expand or collapse, one at a time.
 *
 * Built from HTML that works before any script: the drawer is a popover
 * (`popovertarget` on the hamburger opens it; Escape and a click on the backdrop close it, and
 * focus returns to the hamburger), its sections are `<details>` sharing one `name` (the browser
 * keeps one open at a time), and the section of the current page starts open. Focus moving to
 * the close button on opening, Tab kept inside, and closing on a followed link during a
 * client-side navigation: src/app/frame-behaviour.ts.
 */
import { Link, useLocation } from 'react-router-dom';
import { groupMatches, isGroup, matchesPath, navEntries } from './nav';
import { NavCaret, SubmenuList } from './NavParts';

const DRAWER_ID = 'site-drawer';

/** Hamburger button plus the drawer it opens. */
export function MobileNav() {
  const { pathname } = useLocation();
  return (
    <div className="mobile-nav">
      <button
        type="button"
        className="mobile-nav__hamburger"
        aria-label="Open menu"
        aria-expanded={false}
        popoverTarget={DRAWER_ID}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={DRAWER_ID} className="drawer" popover="auto" role="dialog" aria-modal="true" aria-label="Site menu">
        <div className="drawer__top">
          <span className="drawer__title" aria-hidden="true">
            Menu
          </span>
          <button type="button" className="drawer__close" aria-label="Close menu" popoverTarget={DRAWER_ID} popoverTargetAction="hide">
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <nav aria-label="Main">
          <ul className="drawer__list">
            {navEntries.map((entry) =>
              isGroup(entry) ? (
                <li key={entry.id}>
                  <details name="drawer-section" className="drawer__section" open={groupMatches(entry, pathname)}>
                    <summary className={`drawer__link drawer__toggle${groupMatches(entry, pathname) ? ' is-active' : ''}`}>
                      {entry.label}
                      <NavCaret size={12} />
                    </summary>
                    <SubmenuList entry={entry} pathname={pathname} className="drawer__sublist" linkClassName="drawer__sublink" />
                  </details>
                </li>
              ) : (
                <li key={entry.to}>
                  <Link to={entry.to} className="drawer__link" aria-current={matchesPath(entry.to, pathname) ? 'page' : undefined}>
                    {entry.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
      </div>
    </div>
  );
}
