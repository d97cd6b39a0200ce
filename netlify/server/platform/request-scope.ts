/**
 * Who is acting in the current invocation, for the audit record (docs/security.md, "The audit
 * record"; decision 044). The endpoint wrapper (http.ts) opens a scope per request with the
 * client's address; the admin guard (auth.ts requireRole) names the organiser or device once the
 * token holds. Audit entries written anywhere during the request then carry who, from where and
 * with which roles, without that being passed through every service call (the same reason the
 * deploy context is read from AsyncLocalStorage: decision 001).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** An organiser, or a desk device, as the audit record names them. */
export interface Actor {
  /** Stable id: 'admin' (the shared password), an account id, or a device id. */
  actor: string;
  /** For people, 'Name <e-mail>'; for devices, the device's name; for the shared password, a description. */
  actorName: string;
  roles: readonly string[];
  kind: 'password' | 'account' | 'device';
}

interface Scope {
  address: string;
  actor?: Actor;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs `fn` in a fresh request scope for a client at `address` (http.ts endpoint()). */
export function withRequestScope<T>(address: string, fn: () => T): T {
  return scope.run({ address }, fn);
}

/** Names who acts for the rest of this request (auth.ts, once a token has been checked). Outside a request it does nothing. */
export function setActor(actor: Actor): void {
  const s = scope.getStore();
  if (s) s.actor = actor;
}

/** Who acts in this request, or undefined (no admin token checked, or outside a request). */
export function currentActor(): Actor | undefined {
  return scope.getStore()?.actor;
}

/** The fields an admin's audit entry carries: who and from where. */
export interface ActingFields {
  actor: string;
  actorName?: string;
  roles?: string[];
  address?: string;
}

/**
 * The audit fields of the organiser or device acting now: `actor` (id), `actorName`, `roles` and
 * the client `address`. Without one (server code called outside a request: a script, a test
 * calling a service directly) it is `{actor: 'admin'}`, what every admin entry said before roles.
 */
export function actingFields(): ActingFields {
  const s = scope.getStore();
  if (!s?.actor) return { actor: 'admin' };
  const { actor, actorName, roles } = s.actor;
  return { actor, actorName, roles: [...roles], address: s.address };
}

/** A short name of who acts, for records shown beside the data ("marked presented by ..."): the actor's name, else `fallback`. */
export function actingLabel(fallback: string): string {
  const a = scope.getStore()?.actor;
  return a && a.kind !== 'password' ? a.actorName : fallback;
}
