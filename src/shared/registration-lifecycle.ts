/**
 * The life of a registration as one state machine (docs/rules.md#the-api, #fees-arithmetic-and-timings; docs/payments.md, "The registration lifecycle"). Every create-order of a
 * change, every cancellation step and every apply of a paid order asks `decide()` here, so the
 * rules cannot drift apart between the place that sells a change and the place that applies it.
 *
 * A state is derived from the stored registration (nothing extra is stored). To add a state
 * (for example a status an organiser sets), add it to `LifecycleState`, derive it in
 * `lifecycleState()` and give it a row in `RULES`: TypeScript then refuses to compile until
 * every action has a verdict for it.
 *
 * Orders that are open (created, unpaid) are not a state of the registration: any number may
 * be open at once. Whether a paid order still applies is asked again when its payment arrives
 * (`decide(state, kind)` plus the order's own condition in netlify/server/orders/registry.ts); an
 * order that no longer applies is listed for a refund with the verdict's reason, never
 * half-applied.
 */
import type { StoredRegistration } from './api';
import type { FreeChangeKind, PaidChangeKind } from './paid-changes';

/**
 * The states: `confirmed` (paid, or free with a 100 % coupon), `request-declined` (confirmed,
 * after an organiser declined its cancellation request: it cannot be asked again),
 * `cancellation-requested` (an open request: the refund is fixed and nothing it depends on may
 * change), `cancelled` (approved; a refund due is paid after the conference).
 */
export type LifecycleState = 'confirmed' | 'request-declined' | 'cancellation-requested' | 'cancelled';

/** What can happen to a registration: the paid changes, the free name correction and the cancellation steps. */
export type LifecycleAction = PaidChangeKind | FreeChangeKind | 'cancellation-request' | 'cancellation-decide' | 'refund-pay';

/** The answer: allowed, or refused with the code and text the endpoints send (409). */
export type Verdict = { allowed: true } | { allowed: false; code: string; reason: string };

const ok: Verdict = { allowed: true };
const refused = (code: string, reason: string): Verdict => ({ allowed: false, code, reason });

const OPEN_REQUEST = refused('CANCELLATION_REQUESTED', 'This registration has an open cancellation request, so it cannot be changed.');
const CANCELLED = refused('REGISTRATION_CANCELLED', 'This registration is cancelled, so it cannot be changed.');

/**
 * The table (docs/payments.md prints the same): per state, per action. Paid changes are sold and
 * applied only in `confirmed`: a change paid after a request was made or approved is refunded, so
 * a request's refund amount always matches the registration it was made for.
 */
const CONFIRMED: { [A in LifecycleAction]: Verdict } = {
  'tier-upgrade': ok,
  'ieee-change': ok,
  'name-transfer': ok,
  'name-change': ok,
  'cancellation-request': ok,
  'cancellation-decide': refused('NO_OPEN_REQUEST', 'This registration has no open cancellation request.'),
  'refund-pay': refused('NO_REFUND_DUE', 'No refund is due on this registration.'),
};

export const RULES: { [S in LifecycleState]: { [A in LifecycleAction]: Verdict } } = {
  confirmed: CONFIRMED,
  'request-declined': { ...CONFIRMED, 'cancellation-request': refused('REQUEST_DECLINED', 'The cancellation request of this registration was declined.') },
  'cancellation-requested': {
    'tier-upgrade': OPEN_REQUEST,
    'ieee-change': OPEN_REQUEST,
    'name-transfer': refused('REGISTRATION_CANCELLED', 'This registration has a cancellation request, so it cannot be transferred.'),
    // Correcting the spelling of the holder's own name changes nothing the refund depends on.
    'name-change': ok,
    'cancellation-request': ok,
    'cancellation-decide': ok,
    'refund-pay': refused('NO_REFUND_DUE', 'No refund is due on this registration.'),
  },
  cancelled: {
    'tier-upgrade': CANCELLED,
    'ieee-change': CANCELLED,
    'name-transfer': CANCELLED,
    'name-change': CANCELLED,
    'cancellation-request': refused('ALREADY_CANCELLED', 'This registration is already cancelled.'),
    'cancellation-decide': refused('NO_OPEN_REQUEST', 'This registration has no open cancellation request.'),
    'refund-pay': ok,
  },
};

/** The state of `r` (pure). */
export function lifecycleState(r: Pick<StoredRegistration, 'cancellation'>): LifecycleState {
  const c = r.cancellation;
  if (!c) return 'confirmed';
  if (c.status === 'declined') return 'request-declined';
  return c.status === 'requested' ? 'cancellation-requested' : 'cancelled';
}

/** May `action` happen to `r` now? The one question every create and every apply asks. */
export function decide(r: Pick<StoredRegistration, 'cancellation'>, action: LifecycleAction): Verdict {
  return RULES[lifecycleState(r)][action];
}

/**
 * The reason a paid order of `action` can no longer be applied to `r` (its payment is listed for
 * a refund), or null when it can.
 */
export function paidOrderBlocked(r: Pick<StoredRegistration, 'cancellation'>, action: LifecycleAction): string | null {
  const v = decide(r, action);
  if (v.allowed) return null;
  return lifecycleState(r) === 'cancelled' ? 'The registration was cancelled before this payment arrived.' : 'A cancellation was requested before this payment arrived, so the change was not applied.';
}
