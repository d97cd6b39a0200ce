/**
 * The error page at /error?msg={code} (docs/rules.md#pages-and-routes, #messages): the code as heading,
 * an explanation, and 'Go Back' and 'Home' buttons.
 */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../shared/routes';
import { identity } from '../../content/identity';
import './error.css';

/** Explanations per code (docs/rules.md#messages); any other code gets the generic text. */
const explanations: Record<string, string> = {
  'international-payments-error':
    'International payments are facing issues. We are working to resolve this as soon as possible. Please try again later.',
};

/** Heading = the msg query or 'unknown-error'; text from `explanations` or 'An unexpected error occurred.' */
export default function ErrorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('msg') || 'unknown-error';
  const text = Object.hasOwn(explanations, code) ? explanations[code] : 'An unexpected error occurred.';
  return (
    <section className="card error-page" aria-labelledby="error-heading">
      <title>{`Error | ${identity.name}`}</title>
      <h1 id="error-heading">{code}</h1>
      <p>{text}</p>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => void navigate(-1)}>
          Go Back
        </button>
        <button type="button" className="button" onClick={() => void navigate(paths.home)}>
          Home
        </button>
      </div>
    </section>
  );
}
