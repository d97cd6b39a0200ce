/**
 * The function tests' route to the mail-send function (decision 053): the payment functions hand
 * an applied order's e-mail off with a fetch to `{the request's origin}/api/internal/mail-send`.
 * On Netlify and in the dev runtime (scripts/dev-functions.ts) that URL reaches the function; the
 * function tests call handlers in-process with `http://localhost` requests (helpers.ts call()) or
 * serve one handler on a loopback port (helpers.ts serve()), so a fetch of that path on a loopback
 * host is answered here by the mail-send handler itself, in the caller's deploy context, as Netlify
 * would route it. Every other fetch goes out unchanged.
 *
 * `mailSendRoute.lost = true` drops the hand-off instead (a network error), as when the call never
 * reaches mail-send: the lease is then the retry run's to send. `mailSendRoute.hold`, while set,
 * delays the call until it resolves (a hand-off still on its way).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { MAIL_SEND_PATH } from '../../src/shared/mail-handoff';
import { deployContext } from '../../netlify/server/platform/deploy-context';

export const mailSendRoute: { lost: boolean; calls: number; hold?: Promise<void> } = { lost: false, calls: 0 };

const inside = new AsyncLocalStorage<true>();

/** True in code mail-send runs (its store requests): a test counting a payment function's own requests leaves them out. */
export function inMailSend(): boolean {
  return inside.getStore() === true;
}

const realFetch = globalThis.fetch;

/** Installs the route (once per test file, from tests/setup/function-env.ts). */
export function installMailSendRoute(): void {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== MAIL_SEND_PATH || !['localhost', '127.0.0.1'].includes(url.hostname)) return realFetch(input, init);
    mailSendRoute.calls++;
    if (mailSendRoute.lost) throw new TypeError('fetch failed (hand-off dropped by the test)');
    await mailSendRoute.hold;
    const { default: handler } = await import('../../netlify/functions/mail-send');
    return inside.run(true, () => handler(new Request(input, init), { deploy: { context: deployContext() } }));
  };
}
