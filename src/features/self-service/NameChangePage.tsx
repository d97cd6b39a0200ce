/**
 * /name-change (docs/rules.md#the-self-service-pages, #the-registration-form-and-its-checks, #the-api, #messages): the Registration ID and the registered
 * e-mail find the record ('Fetch Record'), then a title, first and last name replace the stored
 * name ('Update Name'). Both forms validate with the shared request schemas (src/shared/api.ts),
 * so the page and the server refuse the same input with the same words; the schemas and zod are
 * fetched on the page's first focus or press (name-change-resolvers.ts), not with the page.
 * The success message stays until the next lookup and takes focus (decision 008: clearing it after 5 s
 * took away the page's only confirmation, WCAG 2.2.1 and 2.4.3).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { failureMessage, postJson, refusedInput, type ApiResult } from '../../lib/api';
import { useFocusAfterRender } from '../../lib/focus';
import { VALIDATION_LOAD_FAILED, lazyResolver, loadOnce, prefetchOnInteraction } from '../../lib/lazy-resolver';
import type { GetNameResponse, getNameRequest, UpdateNameResponse } from '../../shared/api';
import { apiPaths } from '../../shared/api-paths';
import { selfServiceMessages } from '../../shared/messages';
import { TITLES } from '../../shared/form-options';
import { MessageBanner, type Banner } from './MessageBanner';
import type { nameFields } from './name-change-resolvers';
import './self-service.css';
import { SelfServiceLayout } from '../../components/SelfServiceLayout';
import { words } from '../../components/self-service-words';
import { TextOptions } from '../../components/TextOptions';

/** Both forms' resolvers (zod and the shared schemas), fetched once on the page's first focus or press. */
const loadResolvers = loadOnce(() => import('./name-change-resolvers'));
const lookupResolver = lazyResolver(() => loadResolvers().then((m) => m.lookupResolver));
const namesResolver = lazyResolver(() => loadResolvers().then((m) => m.namesResolver));
type LookupInput = z.input<typeof getNameRequest>;
type LookupOutput = z.output<typeof getNameRequest>;
type NameInput = z.input<typeof nameFields>;
type NameOutput = z.output<typeof nameFields>;

const emptyName: NameInput = { title: '', firstName: '', lastName: '' };

/** The first validation message of a form's errors, in field order. */
function firstError(errors: Partial<Record<string, { message?: unknown }>>, order: readonly string[]): string | null {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

/** The name-change page: lookup form, then the name form once a record was found. */
export default function NameChangePage() {
  const ids = useId();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [busy, setBusy] = useState<'fetch' | 'update' | null>(null);
  /** The ID and e-mail that found the record: the update is sent for exactly these. */
  const [found, setFound] = useState<LookupOutput | null>(null);
  const bannerMessage = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const firstNameRef = useRef<HTMLInputElement | null>(null);

  const lookup = useForm<LookupInput, unknown, LookupOutput>({
    resolver: lookupResolver,
    defaultValues: { regId: '', email: '' },
    shouldFocusError: true,
  });
  const names = useForm<NameInput, unknown, NameOutput>({
    resolver: namesResolver,
    defaultValues: emptyName,
    shouldFocusError: true,
  });

  useEffect(() => {
    if (found) firstNameRef.current?.focus();
  }, [found]);

  const show = (next: Banner | null) => setBanner(next);

  const onLookup = async (values: LookupOutput) => {
    if (busy) return;
    setBusy('fetch');
    show(null);
    setFound(null);
    const result = await postJson<GetNameResponse>(apiPaths.getName, values);
    setBusy(null);
    if (!result.ok || !result.data?.success) {
      const text = result.ok ? selfServiceMessages.recordNotFound : failureMessage(result, selfServiceMessages.recordNotFound);
      show({ tone: 'error', text });
      // A wrong e-mail and an unknown ID get the same answer, so both fields are marked.
      if (refusedInput(result)) {
        lookup.setError('regId', { type: 'server', message: text });
        lookup.setError('email', { type: 'server', message: text });
      }
      return;
    }
    const { title, firstName, lastName } = result.data;
    names.reset({ title: (TITLES as readonly string[]).includes(title) ? (title as NameInput['title']) : '', firstName, lastName });
    setFound(values);
  };

  const onUpdate = async (values: NameOutput) => {
    if (busy || !found) return;
    setBusy('update');
    show(null);
    const result = await postJson<UpdateNameResponse>(apiPaths.updateName, { ...found, ...values });
    setBusy(null);
    if (!result.ok || !result.data?.success) {
      const text = result.ok ? selfServiceMessages.updateFailed : result.network ? selfServiceMessages.updateNameFailed : failureMessage(result, selfServiceMessages.updateFailed);
      show({ tone: 'error', text });
      if (refusedInput(result)) markRefusedFields(result, text);
      return;
    }
    // docs/rules.md#the-self-service-pages: on success the form resets. The message stays and takes focus (decision 008).
    lookup.reset();
    names.reset(emptyName);
    setFound(null);
    show({ tone: 'success', text: result.data.message || 'Name updated successfully.' });
    focusAfterRender(bannerMessage);
  };

  /**
   * Marks the fields of an update the server refused: those its fieldErrors name, or, for a
   * record no longer matching (404), the ID and the e-mail.
   */
  const markRefusedFields = (result: ApiResult<unknown>, text: string) => {
    const named = Object.keys((!result.ok && result.error?.fieldErrors) || {});
    const lookupFields = named.filter((f): f is keyof LookupInput => f === 'regId' || f === 'email');
    const nameFieldsNamed = named.filter((f): f is keyof NameInput => f in emptyName);
    if (!named.length && result.status === 404) lookupFields.push('regId', 'email');
    for (const field of lookupFields) lookup.setError(field, { type: 'server', message: text });
    for (const field of nameFieldsNamed) names.setError(field, { type: 'server', message: text });
  };

  // handleSubmit rejects only when the resolvers could not be fetched (onLookup and onUpdate do not throw).
  const validationUnavailable = () => show({ tone: 'error', text: VALIDATION_LOAD_FAILED });
  const prefetch = prefetchOnInteraction(loadResolvers);
  const lookupErrors = lookup.formState.errors;
  const nameErrors = names.formState.errors;
  const errorRef = `${ids}-error`;
  const invalidProps = (invalid: boolean, hint?: string) => ({
    'aria-invalid': invalid || undefined,
    'aria-describedby': [hint, invalid ? errorRef : ''].filter(Boolean).join(' ') || undefined,
  });
  const { ref: firstNameRegisterRef, ...firstNameField } = names.register('firstName');
  // Editing the ID or e-mail after a lookup means a different record: the name form goes away.
  const forget = () => {
    if (found) setFound(null);
  };

  return (
    <SelfServiceLayout className="ss" heading="Change Registered Name">
      <p>Correct the name on your registration. Enter your Registration ID and the e-mail address you registered with to find your record.</p>

      <form className="card ss-form" onSubmit={(e) =>
          lookup
            .handleSubmit(onLookup, (errors) =>
              show({ tone: 'error', text: firstError(errors, ['regId', 'email']) ?? selfServiceMessages.idAndEmailRequired }),
            )(e)
            .catch(validationUnavailable)
        } noValidate aria-labelledby={`${ids}-lookup`} {...prefetch}>
        <h2 id={`${ids}-lookup`}>Find your registration</h2>
        <div className="ss-field">
          <label htmlFor={`${ids}-regid`}>{words.registrationId}</label>
          <input
            id={`${ids}-regid`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            aria-required="true"
            {...invalidProps(Boolean(lookupErrors.regId))}
            {...lookup.register('regId', { onChange: forget })}
          />
        </div>
        <div className="ss-field">
          <label htmlFor={`${ids}-email`}>{words.registeredEmail}</label>
          <input
            id={`${ids}-email`}
            type="email"
            autoComplete="email"
            aria-required="true"
            {...invalidProps(Boolean(lookupErrors.email))}
            {...lookup.register('email', { onChange: forget })}
          />
        </div>
        <div className="button-row">
          <button type="submit" className="button" disabled={busy !== null} aria-busy={busy === 'fetch' || undefined}>
            {busy === 'fetch' ? words.fetching : 'Fetch Record'}
          </button>
        </div>
      </form>

      <MessageBanner banner={banner} id={ids} messageRef={bannerMessage} />

      {found && (
        <form className="card ss-form" onSubmit={(e) =>
            names
              .handleSubmit(onUpdate, (errors) =>
                show({ tone: 'error', text: firstError(errors, ['firstName', 'lastName', 'title']) ?? selfServiceMessages.namesRequired }),
              )(e)
              .catch(validationUnavailable)
          } noValidate aria-labelledby={`${ids}-names`} {...prefetch}>
          <h2 id={`${ids}-names`}>New name for {found.regId}</h2>
          <div className="ss-field">
            <label htmlFor={`${ids}-title`}>Title</label>
            <select id={`${ids}-title`} autoComplete="honorific-prefix" {...invalidProps(Boolean(nameErrors.title))} {...names.register('title')}>
              <TextOptions empty="(none)" options={TITLES} />
            </select>
          </div>
          <div className="ss-field">
            <label htmlFor={`${ids}-first`}>First Name</label>
            <input
              id={`${ids}-first`}
              type="text"
              autoComplete="given-name"
              aria-required="true"
              {...invalidProps(Boolean(nameErrors.firstName))}
              {...firstNameField}
              ref={(el) => {
                firstNameRegisterRef(el);
                firstNameRef.current = el;
              }}
            />
          </div>
          <div className="ss-field">
            <label htmlFor={`${ids}-last`}>Last Name</label>
            <input
              id={`${ids}-last`}
              type="text"
              autoComplete="family-name"
              aria-required="true"
              {...invalidProps(Boolean(nameErrors.lastName))}
              {...names.register('lastName')}
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button" disabled={busy !== null} aria-busy={busy === 'update' || undefined}>
              {busy === 'update' ? words.processing : 'Update Name'}
            </button>
          </div>
        </form>
      )}
    </SelfServiceLayout>
  );
}
