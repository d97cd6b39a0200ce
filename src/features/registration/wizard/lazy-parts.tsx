/**
 * The wizard's parts that are not needed to show its first step (issue 10 bundle budget), as
 * React.lazy components over one chunk (late-steps.ts): steps 8 and 9 and the admin's country
 * select. WizardForm prefetches the chunk on the form's first focus or press, so a delegate
 * reaches step 8 with it long loaded and step changes stay instant.
 */
import { lazy } from 'react';
import { loadOnce } from '../../../lib/lazy-resolver';

/** Fetches the late chunk once (a failed fetch is retried on the next call). */
export const loadLateParts = loadOnce(() => import('./late-steps'));

export const BillingStep = lazy(() => loadLateParts().then((m) => ({ default: m.BillingStep })));
export const SummaryStep = lazy(() => loadLateParts().then((m) => ({ default: m.SummaryStep })));
export const CountrySelectField = lazy(() => loadLateParts().then((m) => ({ default: m.CountrySelectField })));
