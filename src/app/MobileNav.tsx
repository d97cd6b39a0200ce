/**
 * The navigation for small screens (< 1024 px; CSS hides it above): a hamburger button that opens
 * a modal side drawer (from the left) over a dimmed backdrop (spec part 1 section 2). In the drawer, entries
 * without sub-items navigate and close it; entries with sub-items expand or collapse, one at a
 * time. A click on the backdrop, Escape or the close button closes it; focus stays inside while
 * it is open and returns to the hamburger afterwards.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { groupMatches, isGroup, matchesPath, navEntries } from './nav';

/** Wide screens show the desktop bar; the drawer closes itself when the window grows past this. */
const desktopQuery = '(min-width: 1024px)';

/** Hamburger button plus the drawer it opens. */
export function MobileNav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [lastPath, setLastPath] = useState(pathname);
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  // Navigating (a link, or the browser's back button) closes the drawer.
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  const openDrawer = () => {
    // The section holding the current page starts expanded.
    setExpanded(currentGroupId(pathname));
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    hamburgerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const media = window.matchMedia(desktopQuery);
    const onMedia = () => {
      if (media.matches) setOpen(false);
    };
    media.addEventListener('change', onMedia);
    return () => {
      document.body.style.overflow = overflow;
      media.removeEventListener('change', onMedia);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(
      drawerRef.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [],
    ).filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || !drawerRef.current?.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="mobile-nav">
      <button
        ref={hamburgerRef}
        type="button"
        className="mobile-nav__hamburger"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls={open ? 'site-drawer' : undefined}
        onClick={openDrawer}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <>
          <div className="drawer-backdrop" data-testid="drawer-backdrop" aria-hidden="true" onClick={close} />
          <div
            ref={drawerRef}
            id="site-drawer"
            className="drawer"
            role="dialog"
            aria-modal="true"
            aria-label="Site menu"
            onKeyDown={onKeyDown}
          >
            <div className="drawer__top">
              <span className="drawer__title" aria-hidden="true">
                Menu
              </span>
              <button ref={closeRef} type="button" className="drawer__close" aria-label="Close menu" onClick={close}>
                <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
                  <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </div>
            <nav aria-label="Main">
              <ul className="drawer__list">
                {navEntries.map((entry) => {
                  if (!isGroup(entry)) {
                    return (
                      <li key={entry.to}>
                        <Link
                          to={entry.to}
                          className="drawer__link"
                          aria-current={matchesPath(entry.to, pathname) ? 'page' : undefined}
                          onClick={close}
                        >
                          {entry.label}
                        </Link>
                      </li>
                    );
                  }
                  const isExpanded = expanded === entry.id;
                  const sectionId = `drawer-section-${entry.id}`;
                  return (
                    <li key={entry.id}>
                      <button
                        type="button"
                        className={`drawer__link drawer__toggle${groupMatches(entry, pathname) ? ' is-active' : ''}`}
                        aria-expanded={isExpanded}
                        aria-controls={sectionId}
                        onClick={() => setExpanded(isExpanded ? null : entry.id)}
                      >
                        {entry.label}
                        <svg className="nav-caret" aria-hidden="true" width="12" height="12" viewBox="0 0 10 10">
                          <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
                        </svg>
                      </button>
                      <ul id={sectionId} className="drawer__sublist" hidden={!isExpanded}>
                        {entry.children.map((child) => (
                          <li key={child.to}>
                            <Link
                              to={child.to}
                              className="drawer__sublink"
                              aria-current={matchesPath(child.to, pathname) ? 'page' : undefined}
                              onClick={close}
                            >
                              {child.label}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </div>
        </>
      )}
    </div>
  );
}

/** The id of the group holding the current page, or null. */
function currentGroupId(pathname: string): string | null {
  for (const entry of navEntries) if (isGroup(entry) && groupMatches(entry, pathname)) return entry.id;
  return null;
}
