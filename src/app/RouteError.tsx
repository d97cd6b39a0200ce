/**
 * The routing-failure screen (docs/rules.md#pages-and-routes, #the-information-pages: 'Unexpected Application Error!' with
 * the message or status), shown inside the site's header and footer with a link home rather than
 * as React Router's unstyled default page. Takes nothing (reads useRouteError); renders the frame
 * with the heading, the status ('404 Not Found') or the error's message, and the link.
 */
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { identity } from '../content/identity';
import { paths } from '../shared/routes';
import { SiteFrame } from './Layout';

/** The status line: '404 Not Found' for a response, else the error's message. */
function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** The root route's ErrorBoundary. */
export function RouteError() {
  const error = useRouteError();
  // Details of a crash go to the console for whoever debugs it; the page shows only the message.
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteFrame>
      <section className="card route-error" aria-labelledby="route-error-heading">
        <title>{`Unexpected Application Error! | ${identity.name}`}</title>
        <h1 id="route-error-heading">Unexpected Application Error!</h1>
        <p className="route-error__status">{describe(error)}</p>
        <p>
          <Link className="button" to={paths.home}>
            Go to the home page
          </Link>
        </p>
      </section>
    </SiteFrame>
  );
}
