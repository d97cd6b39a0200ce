/**
 * The gates every change of an existing registration passes before anything is written: the
 * lifecycle's verdict (src/shared/registration-lifecycle.ts) and, for a paid change, the sale
 * window (docs/rules.md#the-self-service-pages). Shared by the self-service calls and the kinds of
 * order that create a paid change.
 */
import { CHANGES_CLOSED_MESSAGE } from '../../../src/shared/messages';
import { paidChangesOnSaleAt } from '../../../src/shared/edition';
import { decide, type LifecycleAction } from '../../../src/shared/registration-lifecycle';
import { refuse } from '../platform/http';
import type { Registration } from '../registrations';

/** Throws refuse(409, code) when the registration's lifecycle state does not allow `action` now. */
export function allow(r: Registration, action: LifecycleAction): void {
  const verdict = decide(r, action);
  if (!verdict.allowed) throw refuse(409, verdict.code, verdict.reason);
}

/**
 * Throws refuse(409, CHANGES_CLOSED) once paid changes are no longer sold at `at`: the
 * conference has ended (src/shared/schedule.ts paidChangesOnSale, decision 031's addendum). Only
 * the create-order calls ask it; the apply step of a paid order keeps the lifecycle's rules, so a
 * payment for an order made before the end is never lost.
 */
export function assertChangesOnSale(at: Date): void {
  if (!paidChangesOnSaleAt(at)) throw refuse(409, 'CHANGES_CLOSED', CHANGES_CLOSED_MESSAGE);
}
