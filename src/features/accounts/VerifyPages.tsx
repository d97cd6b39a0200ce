/**
 * The public pages a document's QR code opens (certificates and visa letters):
 * /certificates/verify?no=... and /visa-letters/verify?ref=... Each shows the document's number,
 * the holder's name and whether it is valid, as the API answers (GET /api/certificates/verify,
 * GET /api/visa-letters/verify), and nothing else. One component for both, in a module of their own
 * so that a verifier loads neither form (docs/performance.md#budgets: these pages read only their query string).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureMessage, getJson } from '../../lib/api';
import { useHydrated } from '../../lib/render-time';
import { apiPaths } from '../../shared/api-paths';
import './accounts.css';
import { SelfServiceLayout } from '../../components/SelfServiceLayout';

/** What one verify page says and asks. */
interface VerifyWords {
  heading: string;
  /** The query parameter holding the document's number. */
  param: string;
  /** The API path to ask, with `?<param>=<number>` appended. */
  apiPath: string;
  /** What the document's number is called ('Certificate number', 'Reference'). */
  numberLabel: string;
  noNumber: string;
  /** The note while the API answers; '' before the page knows the number (its prerendered HTML). */
  checking: (number: string) => string;
  unknown: string;
  revoked: string;
}

/** The API's answer: the number under either name, the holder's name and validity. */
type Answer = { number?: string; reference?: string; name: string; valid: boolean };
type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'found'; number: string; name: string; valid: boolean };

function VerifyPage({ words }: { words: VerifyWords }) {
  const [params] = useSearchParams();
  const number = params.get(words.param) ?? '';
  // The prerendered page has no query string: until hydrated it reads as a check in progress, so a
  // visitor who came from a QR code never sees the 'open this page from the QR code' note.
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!number) return;
    const abort = new AbortController();
    void getJson<Answer>(`${words.apiPath}?${words.param}=${encodeURIComponent(number)}`, { signal: abort.signal }).then((res) => {
      if (abort.signal.aborted) return;
      setState(res.ok ? { kind: 'found', number: res.data.number ?? res.data.reference ?? number, name: res.data.name, valid: res.data.valid } : { kind: 'error', message: failureMessage(res, words.unknown) });
    });
    return () => abort.abort();
  }, [number, words]);

  return (
    <SelfServiceLayout className="accounts" heading={words.heading}>
      <section className="card accounts__section" aria-live="polite">
        {!hydrated ? (
          <p>{words.checking('')}</p>
        ) : !number ? (
          <p>{words.noNumber}</p>
        ) : state.kind === 'loading' ? (
          <p>{words.checking(number)}</p>
        ) : state.kind === 'error' ? (
          <p>{state.message}</p>
        ) : (
          <dl>
            <dt>{words.numberLabel}</dt>
            <dd>{state.number}</dd>
            <dt>Name</dt>
            <dd>{state.name}</dd>
            <dt>Status</dt>
            <dd>{state.valid ? 'Valid' : words.revoked}</dd>
          </dl>
        )}
      </section>
    </SelfServiceLayout>
  );
}

const certificateWords: VerifyWords = {
  heading: 'Certificate verification',
  param: 'no',
  apiPath: apiPaths.certificatesVerify,
  numberLabel: 'Certificate number',
  noNumber: 'Open this page from the QR code on a certificate: its address carries the certificate number.',
  checking: (no) => (no ? `Checking certificate ${no}...` : 'Checking the certificate...'),
  unknown: 'No certificate has this number.',
  revoked: 'Not valid (revoked)',
};

const visaLetterWords: VerifyWords = {
  heading: 'Invitation letter verification',
  param: 'ref',
  apiPath: apiPaths.visaLetterVerify,
  numberLabel: 'Reference',
  noNumber: "Open this page from the QR code on an invitation letter: its address carries the letter's reference.",
  checking: (ref) => (ref ? `Checking letter ${ref}...` : 'Checking the letter...'),
  unknown: 'No issued letter has this reference.',
  revoked: 'Not valid (revoked: the registration was cancelled)',
};

/** /certificates/verify?no=... */
export function CertificateVerifyPage() {
  return <VerifyPage words={certificateWords} />;
}

/** /visa-letters/verify?ref=... */
export function VisaLetterVerifyPage() {
  return <VerifyPage words={visaLetterWords} />;
}
