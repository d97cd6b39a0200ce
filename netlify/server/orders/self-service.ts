/**
 * Self-service changes of an existing registration (docs/rules.md#the-self-service-pages;
 * docs/payments.md#self-service-changes):
 *
 * - changeOrderEndpoint() / createNameTransferOrder(): the create-order calls of the paid changes,
 *   each its kind's creation (kinds/<kind>.ts, through the registry). A tier change's eligibility:
 *   a student tier upgrades to the professional tier of the same IEEE status, region and period;
 *   an IEEE-member tier converts to the non-member tier of the same type, region and period;
 *   registrations made with a coupon are changed by the organisers (tier-change.ts).
 * - lookupName() / changeName(): the registered name, only when the registration id and the
 *   registered e-mail (trimmed, case-insensitive) both match; an unknown id and a wrong e-mail
 *   get the same answer so the call cannot tell which numbers exist.
 *
 * Every refusal is an HttpError whose body carries the API's `{success: false, message}` (docs/rules.md#the-api) beside
 * the error shape; nothing is written on a refused call.
 */
import type { ChangeRecord } from '../../../src/shared/api';
import { fullName } from '../../../src/shared/person-name';
import { endpoint } from '../platform/http';
import { deliverConfirmation } from '../mail-delivery';
import { nameChangeNotice } from '../mail';
import { registrantOf, type Registration } from '../registrations';
import { updateRegistration } from '../registration-update';
import { allow } from './change-gates';
import type { ChangeKind } from '../../../src/shared/tier-rules';
import { orderKinds } from './registry';

export { assertChangesOnSale } from './change-gates';

// get-name's lookup lives in self-service-lookup.ts (its function starts without this module).
export { lookupName } from './self-service-lookup';

export interface NameChange {
  title: Registration['title'] | '';
  firstName: string;
  lastName: string;
}

/**
 * update-name: changes the registered title and names of `regNo` when `email` matches, keeps the
 * old name in the registration's history, writes an audit entry (one compare-and-set EVAL, so a
 * payment applied at the same moment is never overwritten) and e-mails the registered address.
 * An unchanged name is answered as done with nothing written. Returns whether anything changed.
 * Throws refuse(404, NO_MATCH) like lookupName; ServiceUnavailableError when the store is down.
 */
export async function changeName(regNo: string, email: string, name: NameChange, at: Date): Promise<{ changed: boolean }> {
  const outcome = await updateRegistration<{ changed: false } | { changed: true; registration: Registration; before: string; after: string }>(regNo, (found) => {
    const current = registrantOf(found, email);
    allow(current, 'name-change');
    const before = fullName(current);
    // The title is optional here; an empty one is stored as ''.
    const next: Registration = { ...current, title: name.title as Registration['title'], firstName: name.firstName, lastName: name.lastName };
    const after = fullName(next);
    if (before === after && (current.title ?? '') === name.title) return { stop: { changed: false } };
    const change: ChangeRecord = { kind: 'name-change', from: before, to: after, at: at.toISOString() };
    next.updatedAt = change.at;
    next.history = [...(current.history ?? []), change];
    return {
      write: next,
      audit: { at: change.at, actor: 'registrant', action: 'registration.name-change', details: { regNo, from: before, to: after } },
      result: (registration) => ({ changed: true, registration, before, after }),
    };
  });
  if (outcome.changed) {
    // The notice goes to the registered address; a failure is recorded, never fails the change.
    await deliverConfirmation(outcome.registration, at, false, nameChangeNotice(outcome.registration, outcome.before, outcome.after)).catch((err: unknown) => {
      console.error(`[mail] name-change notice for ${regNo} not recorded: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
  return { changed: outcome.changed };
}

/**
 * Starts a paid name transfer (kinds/name-transfer.ts): `(regNo, email, to, at)` in, the order
 * answer out; its refusals are listed there.
 */
export const createNameTransferOrder = orderKinds['name-transfer'].create;

/**
 * The handler of upgrade-tier and change-ieee-status (docs/rules.md#the-api): rate-limited per
 * client address, `{regId}` in, `{success: true, registrationNumber, order}` out (the kind's
 * creation, tier-change.ts createTierChangeOrder),
 * 409 CHANGES_CLOSED after the conference (before the rate limit), every failure with
 * `{success: false, message}` beside the error shape.
 */
export function changeOrderEndpoint(kind: ChangeKind) {
  return endpoint(['POST'], orderKinds[kind].create, { successFlag: true });
}
