/**
 * /registration/proof (docs/rules.md#the-registration-wizard: a student sends a proof of
 * student status, and the registration is confirmed only once it is verified): a student
 * sends the proof with the Registration ID and the registered e-mail. PDF, JPEG or PNG, at most
 * 5 MB; the page checks the size before sending, the server checks the type from the bytes. An
 * unknown ID and a wrong e-mail get the same answer.
 *
 * `?reg_no=` fills the Registration ID in (the success page and the e-mail link here),
 * and "Check status" says where the proof stands (awaiting, received, rejected with the reason,
 * approved: POST /api/registration/proof/status, the same lookup rules).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { conference } from '../../content/conference';
import { failureMessage } from '../../lib/api';
import { loadRequestSchemas, prefetchOnInteraction } from '../../lib/load-once';
import { dayIn, formatDay } from '../../shared/dates';
import { selfServiceMessages } from '../../shared/messages';
import { MAX_PROOF_BYTES, PROOF_RULES_TEXT, PROOF_TYPES, proofMessages, proofStateMessage } from '../../shared/proof-rules';
import { checkRegistrant, lookupProofStatus, uploadProof } from './accounts-api';
import './accounts.css';
import { SelfServiceLayout } from '../../components/SelfServiceLayout';
import { words } from '../../components/self-service-words';

/** The upload page. */
export default function ProofPage() {
  const id = useId();
  const [params] = useSearchParams();
  // A page opened with a query is rendered afresh, not hydrated (src/main.tsx): the first render may read it.
  const [regId, setRegId] = useState(() => (params.get('reg_no') ?? '').slice(0, 41));
  const [email, setEmail] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'upload' | 'status' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [proofStatus, setProofStatus] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const checking = useRef(false);
  const errorId = `${id}-error`;

  /**
   * The two fields checked with the server's schema, once per press (a second press while the
   * schema's code loads is ignored): the registrant to send, or null after showing why not.
   */
  const registrant = async () => {
    if (busy || checking.current) return null;
    setDone(null);
    setProofStatus(null);
    checking.current = true;
    const checked = await checkRegistrant(regId, email).finally(() => (checking.current = false));
    if (checked.ok) return checked.value;
    setError(checked.message);
    document.getElementById(`${id}-${checked.field === 'regId' ? 'regid' : 'email'}`)?.focus();
    return null;
  };

  const checkStatus = async () => {
    const who = await registrant();
    if (!who) return;
    setBusy('status');
    setError(null);
    const result = await lookupProofStatus(who);
    setBusy(null);
    if (!result.ok) {
      setError(failureMessage(result, selfServiceMessages.recordNotFound));
      return;
    }
    setProofStatus(proofStateMessage(result.data, (iso) => formatDay(dayIn(new Date(iso), conference.timeZone))));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The first submit may wait for the schema's code; a second press must not upload twice.
    const who = await registrant();
    if (!who) return;
    if (!file) {
      setError(proofMessages.missing);
      fileRef.current?.focus();
      return;
    }
    if (file.size > MAX_PROOF_BYTES) {
      setError(proofMessages.tooLarge);
      fileRef.current?.focus();
      return;
    }
    setBusy('upload');
    setError(null);
    const result = await uploadProof(who, file);
    setBusy(null);
    if (!result.ok) {
      setError(failureMessage(result, selfServiceMessages.recordNotFound));
      return;
    }
    setDone(result.data.message);
  };

  return (
    <SelfServiceLayout className="accounts" heading="Proof of student status">
      <section className="card accounts__section" aria-labelledby={`${id}-send`}>
      <h2 id={`${id}-send`}>Send your proof</h2>
      <p>
        Student registrations are confirmed only after the proof of student status is verified. {PROOF_RULES_TEXT} You will get your ticket by e-mail once the
        organisers have checked it. To see where your proof stands, enter your Registration ID and e-mail and press Check status.
      </p>
      <form className="accounts-form" onSubmit={(e) => void submit(e)} noValidate {...prefetchOnInteraction(loadRequestSchemas)}>
        <div className="accounts-form__fields">
          <div className="accounts-field">
            <label htmlFor={`${id}-regid`}>{words.registrationId}</label>
            <input id={`${id}-regid`} name="regId" type="text" autoComplete="off" spellCheck={false} placeholder={`e.g. ${conference.exampleRegistrationNumber}`} maxLength={41} value={regId} onChange={(e) => setRegId(e.target.value)} aria-describedby={error ? errorId : undefined} />
          </div>
          <div className="accounts-field">
            <label htmlFor={`${id}-email`}>{words.registeredEmail}</label>
            <input id={`${id}-email`} name="email" type="email" autoComplete="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby={error ? errorId : undefined} />
          </div>
          <div className="accounts-field">
            <label htmlFor={`${id}-file`}>Proof (PDF, JPEG or PNG, at most 5 MB)</label>
            <input
              ref={fileRef}
              id={`${id}-file`}
              name="file"
              type="file"
              accept={Object.keys(PROOF_TYPES).join(',')}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        </div>
        <div role="alert" id={errorId} className="accounts-form__error">
          {error && <p className="notice notice--error">{error}</p>}
        </div>
        <div role="status">
          {done && <p className="notice notice--success">{done}</p>}
          {proofStatus && (
            <p className="notice" data-testid="proof-status">
              {proofStatus}
            </p>
          )}
        </div>
        <div className="button-row">
          <button type="submit" className="button" disabled={busy !== null} aria-busy={busy === 'upload' || undefined}>
            {busy === 'upload' ? 'Uploading...' : 'Upload proof'}
          </button>
          <button type="button" className="button button--secondary" disabled={busy !== null} aria-busy={busy === 'status' || undefined} onClick={() => void checkStatus()}>
            Check status
          </button>
        </div>
      </form>
      </section>
    </SelfServiceLayout>
  );
}
