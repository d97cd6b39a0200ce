/**
 * /certificates/verify?no=... (issue 25): the page a certificate's QR opens. It shows the
 * certificate number, the name and whether the certificate is valid (GET /api/certificates/verify),
 * nothing else.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { conference } from '../../content/conference';
import { failureMessage, getJson } from '../../lib/api';
import { apiPaths } from '../../shared/api-paths';
import './accounts.css';

type State = { kind: 'loading' } | { kind: 'found'; number: string; name: string; valid: boolean } | { kind: 'error'; message: string };

/** The certificate verification page. */
export default function CertificateVerifyPage() {
  const [params] = useSearchParams();
  const no = params.get('no') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!no) return;
    const abort = new AbortController();
    void getJson<{ number: string; name: string; valid: boolean }>(`${apiPaths.certificatesVerify}?no=${encodeURIComponent(no)}`, { signal: abort.signal }).then((res) => {
      if (abort.signal.aborted) return;
      setState(res.ok ? { kind: 'found', ...res.data } : { kind: 'error', message: failureMessage(res, 'No certificate has this number.') });
    });
    return () => abort.abort();
  }, [no]);

  return (
    <article className="accounts">
      <title>{`Certificate verification | ${conference.name}`}</title>
      <h1>Certificate verification</h1>
      <section className="card accounts__section" aria-live="polite">
        {!no ? (
          <p>Open this page from the QR code on a certificate: its address carries the certificate number.</p>
        ) : state.kind === 'loading' ? (
          <p>Checking certificate {no}...</p>
        ) : state.kind === 'error' ? (
          <p>{state.message}</p>
        ) : (
          <dl>
            <dt>Certificate number</dt>
            <dd>{state.number}</dd>
            <dt>Name</dt>
            <dd>{state.name}</dd>
            <dt>Status</dt>
            <dd>{state.valid ? 'Valid' : 'Not valid (revoked)'}</dd>
          </dl>
        )}
      </section>
    </article>
  );
}
