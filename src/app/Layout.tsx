/**
 * The frame around every page: site header, the routed page (<Outlet/>) and the footer
 * with the contact address, copyright and credit.
 */
import { Link, Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { conference } from '../content/conference';
import { paths } from '../shared/routes';
import './global.css';

/** Header, main area and footer; shows a thin progress bar while a lazy page loads. */
export function Layout() {
  const navigation = useNavigation();
  const year = new Date().getFullYear();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to={paths.home} className="site-header__brand">
            {conference.name}
          </Link>
          <nav aria-label="Main">
            <ul className="site-nav">
              <li>
                <Link to={paths.registrationInfo}>Registration</Link>
              </li>
            </ul>
          </nav>
        </div>
        {navigation.state !== 'idle' && <div className="route-progress" aria-hidden="true" />}
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer id="footer" className="site-footer">
        <div className="site-footer__inner">
          <p>
            Contact: <a href={`mailto:${conference.contactEmail}`}>{conference.contactEmail}</a>
          </p>
          <p>
            © {year} {conference.name}. All rights reserved.
          </p>
          <p>Built by the Coding Club, IIIT Dharwad</p>
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
