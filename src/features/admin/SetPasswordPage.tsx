/**
 * /admin/set-password#token=... (decision 044): where the one-time link e-mailed to a new
 * organiser (or one who asked the owner for a new link) leads. The secret is read from the
 * fragment, which never reaches a server log, and the fragment is cleared from the address bar.
 * The person types a new password twice; POST /api/admin-auth/set-password sets it (once: the
 * link then stops working) and the page offers the sign-in with their e-mail filled in.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { conference } from '../../content/conference';
import { postJson } from '../../lib/api';
import { adminApiPaths, SERVER_ERROR_MESSAGE } from '../../lib/admin-api';
import { fragmentToken } from '../../lib/device-enrolment';
import { MIN_ACCOUNT_PASSWORD } from '../../shared/admin-team';
import { paths } from '../../shared/routes';
import './admin.css';

type State = { step: 'no-link' } | { step: 'form'; token: string } | { step: 'done'; email: string };

/** The page's first state, from the link's fragment (the admin area is rendered in the browser only). */
function initialState(): State {
  const token = typeof window === 'undefined' ? null : fragmentToken(window.location.hash);
  return token ? { step: 'form', token } : { step: 'no-link' };
}

/** The page. */
export default function SetPasswordPage() {
  const ids = useId();
  const [state, setState] = useState<State>(initialState);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The secret leaves the address bar (and the history) once read.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.step !== 'form' || busy) return;
    if (password.length < MIN_ACCOUNT_PASSWORD) return setError(`Use at least ${MIN_ACCOUNT_PASSWORD} characters: a few words you will remember make a good one.`);
    if (password !== repeat) return setError('The two passwords differ.');
    setBusy(true);
    setError(null);
    const r = await postJson<{ email?: string }>(adminApiPaths.setPassword, { token: state.token, password });
    setBusy(false);
    if (r.ok) return typeof r.data?.email === 'string' ? setState({ step: 'done', email: r.data.email }) : setError(SERVER_ERROR_MESSAGE);
    setError(r.network ? SERVER_ERROR_MESSAGE : (r.error?.fieldErrors?.password ?? r.error?.message ?? SERVER_ERROR_MESSAGE));
  };

  return (
    <div className="admin-login">
      <title>{`Set your password | ${conference.name}`}</title>
      <div className="card admin-login__card">
        <h1>Set your password</h1>
        {state.step === 'no-link' && <p role="alert">Open this page from the link in the e-mail you received. If it no longer works, ask the owner to send a new one.</p>}
        {state.step === 'done' && (
          <div role="status">
            <p className="notice notice--success">Your password is set.</p>
            <p>
              <Link to={`${paths.adminLogin}?email=${encodeURIComponent(state.email)}`}>Sign in</Link> with {state.email} and your new password.
            </p>
          </div>
        )}
        {state.step === 'form' && (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <p>At least {MIN_ACCOUNT_PASSWORD} characters. The link works once.</p>
            <div className="admin-field">
              <label htmlFor={`${ids}-new`}>New password</label>
              <input id={`${ids}-new`} type="password" autoComplete="new-password" required minLength={MIN_ACCOUNT_PASSWORD} maxLength={256} value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${ids}-error` : undefined} />
            </div>
            <div className="admin-field">
              <label htmlFor={`${ids}-repeat`}>Repeat the new password</label>
              <input id={`${ids}-repeat`} type="password" autoComplete="new-password" required maxLength={256} value={repeat} onChange={(e) => setRepeat(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${ids}-error` : undefined} />
            </div>
            <div role="alert" id={`${ids}-error`} className="admin-login__error">
              {error && <p className="notice notice--error">{error}</p>}
            </div>
            <button type="submit" className="button admin-login__submit" disabled={busy} aria-busy={busy || undefined}>
              Set password
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
