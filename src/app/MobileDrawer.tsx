/**
 * The mobile navigation's drawer (spec part 1 section 2), rendered by MobileNav while it is open:
 * a modal dialog over a dimmed backdrop with the navigation entries. It takes focus on its close
 * button when it appears and keeps Tab inside itself; Escape, the backdrop and the close button
 * call `onClose` (which returns focus to the hamburger). A separate chunk (MobileNav.tsx says why).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { groupMatches, isGroup, matchesPath, navEntries } from './nav';

export interface MobileDrawerProps {
  /** The current path: its entry is marked aria-current. */
  pathname: string;
  /** The id of the expanded group, or null. */
  expanded: string | null;
  onExpand: (id: string | null) => void;
  onClose: () => void;
}

/** The open drawer: backdrop plus dialog. */
export default function MobileDrawer({ pathname, expanded, onExpand, onClose }: MobileDrawerProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const close = onClose;
  const setExpanded = onExpand;

  useEffect(() => {
    closeRef.current?.focus();
  }, []);

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
  );
}
