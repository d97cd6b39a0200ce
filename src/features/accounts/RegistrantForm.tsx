/**
 * The Registration ID and registered e-mail form the accounts pages share ("the name-change style lookup"; docs/rules.md#the-registration-form-and-its-checks: both required, the e-mail input of
 * e-mail type, '⚠️ Please enter both Registration ID and Email.').
 */
import { conference } from '../../content/conference';
import { useId, useRef, useState, type FormEvent } from 'react';
import { keepFocus } from '../../lib/focus';
import { loadRequestSchemas, prefetchOnInteraction } from '../../lib/load-once';
import { checkRegistrant, type Registrant } from './accounts-api';
import { words } from '../../components/self-service-words';

interface RegistrantFormProps {
  /** The submit button's label ('Find invoices', 'Check refund'). */
  submitLabel: string;
  /** True while the page's call runs: the button is disabled and reads words.fetching. */
  busy: boolean;
  /** The message for the alert region under the fields: the page's refusal, or null. */
  error: string | null;
  /**
   * The server refused the ID and e-mail (it answers a wrong e-mail and an unknown ID alike, so
   * both fields are marked invalid while `error` shows).
   */
  refused?: boolean;
  /** Called with checked values only; the form waits for it to settle before tidying focus. */
  onSubmit: (who: Registrant) => Promise<void>;
  /** Called with the check's message when a field is empty or malformed. */
  onInvalid: (message: string) => void;
  /** Called on every edit, so the page can drop results that belong to the old values. */
  onEdit: () => void;
}

/**
 * Labelled Registration ID and e-mail fields and a submit button. Checks the fields with the
 * server's schema before calling `onSubmit`; on a refusal focus goes to the field concerned
 * and the fields point at the message (aria-describedby) so it is read with them.
 */
export function RegistrantForm({ submitLabel, busy, error, refused = false, onSubmit, onInvalid, onEdit }: RegistrantFormProps) {
  const id = useId();
  const [regId, setRegId] = useState('');
  const [email, setEmail] = useState('');
  const [invalidField, setInvalidField] = useState<'regId' | 'email' | null>(null);
  const regIdRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const checking = useRef(false);
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // checking: the first submit may wait for the schema's code; a second press must not send twice.
    if (busy || checking.current) return;
    checking.current = true;
    const checked = await checkRegistrant(regId, email).finally(() => (checking.current = false));
    if (!checked.ok) {
      setInvalidField(checked.field);
      onInvalid(checked.message);
      (checked.field === 'regId' ? regIdRef : emailRef).current?.focus();
      return;
    }
    setInvalidField(null);
    void onSubmit(checked.value).then(() => keepFocus(buttonRef.current));
  };

  const describedBy = error ? errorId : undefined;
  const bothRefused = refused && Boolean(error) && invalidField === null;
  return (
    // noValidate: the page's own message (docs/rules.md#the-registration-form-and-its-checks) replaces the browser's bubble.
    <form className="accounts-form" onSubmit={(e) => void submit(e)} noValidate {...prefetchOnInteraction(loadRequestSchemas)}>
      <div className="accounts-form__fields">
        <div className="accounts-field">
          <label htmlFor={`${id}-regid`}>{words.registrationId}</label>
          <input
            ref={regIdRef}
            id={`${id}-regid`}
            name="regId"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={`e.g. ${conference.exampleRegistrationNumber}`}
            maxLength={41}
            value={regId}
            onChange={(e) => {
              setRegId(e.target.value);
              setInvalidField(null);
              onEdit();
            }}
            aria-invalid={invalidField === 'regId' || bothRefused || undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="accounts-field">
          <label htmlFor={`${id}-email`}>{words.registeredEmail}</label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setInvalidField(null);
              onEdit();
            }}
            aria-invalid={invalidField === 'email' || bothRefused || undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      {/* Always in the DOM so screen readers announce a message placed in it. */}
      <div role="alert" id={errorId} className="accounts-form__error">
        {error && <p className="notice notice--error">{error}</p>}
      </div>
      <div className="button-row">
        <button ref={buttonRef} type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? words.fetching : submitLabel}
        </button>
      </div>
    </form>
  );
}
