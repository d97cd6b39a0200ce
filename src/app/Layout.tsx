/**
 * The frame around every page: the sticky site header (logo, desktop navigation bar, mobile
 * drawer), the routed page (<Outlet/>) and the footer with the contact address, copyright and
 * credit (docs/rules.md#pages-and-routes).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { identity } from '../content/identity';
import { paths } from '../shared/routes';
import { useYear } from '../lib/render-time';
import { DesktopNav } from './DesktopNav';
import { MobileNav } from './MobileNav';
import './global.css';
import './nav.css';

/** Header, main area and footer; shows a thin progress bar while a lazy page loads. */
export function Layout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

/**
 * The site's frame around `children` (the routed page, or the routing-failure screen of
 * RouteError): skip link, sticky header with navigation, main area, footer.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // The render time's year in the prerendered HTML and while hydrating, then the clock's.
  const year = useYear();
  const mainRef = useRef<HTMLElement>(null);
  const lastPath = useRef<string | null>(null);

  // After a client-side navigation, move focus to the new page's content (the link that was
  // clicked may sit in a dropdown or drawer that has just closed). Not on the first load, and
  // not when the new page has already placed focus in its content.
  useEffect(() => {
    const main = mainRef.current;
    // A page that placed focus itself (an autofocused field) keeps it.
    if (lastPath.current !== null && lastPath.current !== pathname && main && !main.contains(document.activeElement)) {
      main.focus({ preventScroll: true });
    }
    lastPath.current = pathname;
  }, [pathname]);

  return (
    <div className="site">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          // Focus itself moves into main, not only the scroll position (a fragment link leaves focus
          // behind in some browsers, and the router may already be at #main).
          e.preventDefault();
          mainRef.current?.focus();
          mainRef.current?.scrollIntoView();
        }}
      >
        Skip to main content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to={paths.home} className="site-header__brand">
            <img src="/images/logo.svg" alt={`${identity.name} home`} width={240} height={64} />
          </Link>
          <DesktopNav />
          <MobileNav />
        </div>
        {navigation.state !== 'idle' && <div className="route-progress" aria-hidden="true" />}
      </header>
      <main id="main" ref={mainRef} className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer id="footer" className="site-footer">
        <div className="site-footer__inner">
          <p>
            Contact: <a href={`mailto:${identity.contactEmail}`}>{identity.contactEmail}</a>
          </p>
          <p>
            {/* The build's year in a prerendered page until a script sets the visitor's (frame-behaviour.ts). */}
            ©{' '}
            <span data-current-year="" suppressHydrationWarning>
              {year}
            </span>{' '}
            {identity.name}. All rights reserved.
          </p>
          <p>Built by the Coding Club, {identity.instituteShortName}</p>
        </div>
      </footer>
      <ScrollRestoration />
    </div>
  );
}

/** Shown in the page area while the first page's code loads. */
export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      Loading...
    </p>
  );
}
