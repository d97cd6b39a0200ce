/**
 * /admin/login (docs/rules.md#the-admin-area, #messages): a required password field and 'Login'; an
 * optional e-mail field above it signs a named account in with its own password and roles
 * (decision 044), left empty the shared organisers' password signs in as owner.
 * On load a stored token is verified ('Checking authentication...'): if it holds, the browser
 * goes straight to /admin, otherwise the token is removed and the form is shown. A successful
 * login stores the token under 'admin-token' and goes to /admin.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { conference } from '../../content/conference';
import { adminLogin, verifyAdminToken, whenStillHere } from '../../lib/admin-api';
import { readAdminToken, removeAdminToken } from '../../lib/admin-token';
import { paths } from '../../shared/routes';
import './admin.css';

/** The admin login page. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const passwordId = useId();
  const emailId = useId();
  const errorId = useId();
  const [checking, setChecking] = useState(() => readAdminToken() !== null);
  // The set-password page sends the person here with their address filled in.
  const [email, setEmail] = useState(() => (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('email') ?? '')));
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const token = readAdminToken();
    if (!token) return;
    const controller = new AbortController();
    void verifyAdminToken(token, controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      const fail = () => {
        removeAdminToken();
        setChecking(false);
      };
      if (outcome === 'valid') void navigate(paths.admin, { replace: true });
      else if (outcome === 'rejected') fail();
      else whenStillHere(fail, controller.signal);
    });
    return () => controller.abort();
  }, [navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await adminLogin(password, email);
    if (outcome.ok) {
      void navigate(paths.admin, { replace: true });
      return;
    }
    setBusy(false);
    setError(outcome.message);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  return (
    <div className="admin-login">
      <title>{`Admin Login | ${conference.name}`}</title>
      {checking ? (
        <p className="admin-checking" role="status">
          Checking authentication...
        </p>
      ) : (
        <form className="card admin-login__card" onSubmit={(e) => void submit(e)} aria-labelledby={`${passwordId}-heading`}>
          <h1 id={`${passwordId}-heading`}>Admin Login</h1>
          <div className="admin-field">
            <label htmlFor={emailId}>E-mail (named accounts only)</label>
            <input id={emailId} name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby={`${emailId}-hint`} />
            <p id={`${emailId}-hint`} className="admin-muted admin-field__hint">
              Leave it empty to sign in with the organisers&apos; shared password.
            </p>
          </div>
          <div className="admin-field">
            <label htmlFor={passwordId}>Password</label>
            <input
              ref={inputRef}
              id={passwordId}
              name="password"
              type="password"
              required
              autoComplete="current-password"
              autoFocus={!email}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <div role="alert" id={errorId} className="admin-login__error">
              {error && <p className="notice notice--error">{error}</p>}
            </div>
          </div>
          <button type="submit" className="button admin-login__submit" disabled={busy} aria-busy={busy || undefined}>
            Login
          </button>
          <p className="admin-muted">
            A phone or laptop for the door? <Link to={paths.adminEnrol}>Enrol it as a desk device</Link>.
          </p>
        </form>
      )}
    </div>
  );
}
