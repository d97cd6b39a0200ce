/**
 * The navigation for small screens (< 1024 px; CSS hides it above): a hamburger button that opens
 * a modal side drawer (from the left) over a dimmed backdrop (spec part 1 section 2). In the drawer, entries
 * without sub-items navigate and close it; entries with sub-items expand or collapse, one at a
 * time. A click on the backdrop, Escape or the close button closes it; focus stays inside while
 * it is open and returns to the hamburger afterwards.
 *
 * The drawer itself (MobileDrawer.tsx) is its own chunk, loaded when the hamburger is first
 * approached (pointer, touch or keyboard focus) or pressed: every page loads the header, few
 * visitors open the menu, and the entry chunk is under a size budget (issue 10).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { groupMatches, isGroup, navEntries } from './nav';

/** Wide screens show the desktop bar; the drawer closes itself when the window grows past this. */
const desktopQuery = '(min-width: 1024px)';

const loadDrawer = () => import('./MobileDrawer');
const MobileDrawer = lazy(loadDrawer);

/** Hamburger button plus the drawer it opens. */
export function MobileNav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [lastPath, setLastPath] = useState(pathname);
  const hamburgerRef = useRef<HTMLButtonElement>(null);

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

  // Fetch the drawer's chunk as soon as a visitor heads for the button, so it opens at once.
  const prefetch = () => void loadDrawer();

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
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileDrawer pathname={pathname} expanded={expanded} onExpand={setExpanded} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

/** The id of the group holding the current page, or null. */
function currentGroupId(pathname: string): string | null {
  for (const entry of navEntries) if (isGroup(entry) && groupMatches(entry, pathname)) return entry.id;
  return null;
}
