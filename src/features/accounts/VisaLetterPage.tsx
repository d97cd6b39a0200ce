/**
 * /registration/visa-letter and /visa-letters/verify. The request page: a paid,
 * international registrant asks for a visa invitation letter with the Registration ID, the
 * registered e-mail and the passport details (POST /api/visa-letters/request; the same answer for a
 * wrong e-mail as for an unknown ID, rate-limited on the server). The form is checked with the
 * server's schema (src/shared/visa-letters.ts), the six-month passport rule included. The verify page (a letter's QR) shows the reference, the name and whether the letter
 * is valid, nothing else.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { conference } from '../../content/conference';
import { failureMessage, postJson } from '../../lib/api';
import { apiPaths } from '../../shared/api-paths';
import { COUNTRIES } from '../../shared/countries';
import { formatDay } from '../../shared/dates';
import { VALIDATION_LOAD_FAILED, loadVisaLetterSchemas, prefetchOnInteraction } from '../../lib/load-once';
import './accounts.css';
import { TextOptions } from '../../components/TextOptions';

type FieldErrors = Record<string, string>;

const FIELDS: { name: string; label: string; type: 'text' | 'email' | 'date' | 'country'; hint?: string; autoComplete?: string }[] = [
  { name: 'regId', label: 'Registration ID', type: 'text', hint: 'e.g. PESGRE25-7K2M9QX4' },
  { name: 'email', label: 'Registered e-mail', type: 'email', autoComplete: 'email' },
  { name: 'passportName', label: 'Full name as in the passport', type: 'text' },
  { name: 'nationality', label: 'Nationality', type: 'country' },
  { name: 'passportNumber', label: 'Passport number', type: 'text' },
  { name: 'passportIssueDate', label: 'Date of issue', type: 'date' },
  { name: 'passportExpiryDate', label: 'Date of expiry', type: 'date' },
  { name: 'dateOfBirth', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
  { name: 'paperTitle', label: 'Paper title (authors)', type: 'text', hint: 'Optional: the paper ID is taken from your registration.' },
];

/** The request page. */
export default function VisaLetterPage() {
  // `?reg_no=` fills the Registration ID in (the success page and the confirmation e-mail link here).
  // A page opened with a query is rendered afresh, not hydrated (src/main.tsx).
  const [params] = useSearchParams();
  const prefilledId = (params.get('reg_no') ?? '').slice(0, 41);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const values = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    if (!values.paperTitle) delete values.paperTitle;
    setMessage(null);
    setBusy(true);
    const schemas = await loadVisaLetterSchemas().catch(() => null);
    if (!schemas) {
      setBusy(false);
      setMessage({ kind: 'error', text: VALIDATION_LOAD_FAILED });
      return;
    }
    const checked = schemas.visaLetterRequest.safeParse(values);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      setBusy(false);
      document.getElementById(`visa-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setErrors({});
    const result = await postJson<{ success: boolean; reference: string }>(apiPaths.visaLetterRequest, checked.data);
    setBusy(false);
    if (!result.ok) {
      setErrors(Object.fromEntries(Object.entries(result.error?.fieldErrors ?? {})));
      setMessage({ kind: 'error', text: failureMessage(result, 'The request could not be sent. Please try again.') });
      return;
    }
    setMessage({ kind: 'success', text: `Request received: reference ${result.data.reference}. The organisers check it and e-mail the letter to your registered address.` });
  };

  return (
    <article className="accounts">
      <title>{`Visa invitation letter | ${conference.name}`}</title>
      <h1>Visa invitation letter</h1>
      <section className="card accounts__section">
        <p>
          Delegates travelling to India from abroad whose registration is paid can ask for an invitation letter for their visa
          application. The letter names you as in your passport; the organisers also need these details for the clearances of
          an international conference. Your passport must be valid until at least six months after the conference ends on{' '}
          {formatDay(conference.endDate)}. Passport details are stored encrypted and deleted 90 days after the conference.
        </p>
        <form noValidate onSubmit={(e) => void submit(e)} className="accounts-form" {...prefetchOnInteraction(loadVisaLetterSchemas)}>
          <div className="accounts-form__fields">
          {FIELDS.map((f) => {
            const id = `visa-${f.name}`;
            const error = errors[f.name];
            const describedBy = [f.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
            return (
              <div className="accounts-field" key={f.name}>
                <label htmlFor={id}>{f.label}</label>
                {f.type === 'country' ? (
                  <select id={id} name={f.name} defaultValue="" aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
                    <TextOptions empty="Select" options={COUNTRIES} />
                  </select>
                ) : (
                  <input
                    id={id}
                    name={f.name}
                    type={f.type}
                    autoComplete={f.autoComplete}
                    defaultValue={f.name === 'regId' && prefilledId ? prefilledId : undefined}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy}
                  />
                )}
                {f.hint && (
                  <p id={`${id}-hint`} className="accounts-field__hint">
                    {f.hint}
                  </p>
                )}
                {error && (
                  <p id={`${id}-error`} className="accounts-field__error" role="alert">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          </div>
          <div>
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Sending...' : 'Request the letter'}
            </button>
          </div>
        </form>
        <div role="status">{message?.kind === 'success' && <p className="notice">{message.text}</p>}</div>
        {message?.kind === 'error' && (
          <p className="notice notice--error" role="alert">
            {message.text}
          </p>
        )}
      </section>
    </article>
  );
}
