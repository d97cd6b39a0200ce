/**
 * Dev only: keeps `npm start` alive when a browser aborts a request while @netlify/dev is still
 * streaming it (a page navigates away mid-call). @netlify/dev then fails with "Response body
 * object should not be disturbed or locked" outside any handler, and by default Node ends the
 * whole process, taking the site, every function and the e2e test run with it. Only that error
 * is swallowed (with a one-line log); any other uncaught error still ends the process as Node
 * would. Production never runs this code.
 */
const ABORTED_BODY = /disturbed or locked|aborted|ECONNRESET|ERR_STREAM_PREMATURE_CLOSE/i;

function isAbortedRequest(err: unknown): boolean {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return ABORTED_BODY.test(message);
}

let installed = false;

/** Installs the guard once in the dev server's process. */
export function surviveAbortedRequests(): void {
  if (installed) return;
  installed = true;
  const fail = (err: unknown, kind: string) => {
    if (isAbortedRequest(err)) {
      console.warn(`[dev] a request was aborted by its client (${kind}: ${err instanceof Error ? err.message : String(err)}); the server keeps running`);
      return;
    }
    console.error(err);
    process.exit(1);
  };
  process.on('uncaughtException', (err) => fail(err, 'uncaught exception'));
  process.on('unhandledRejection', (reason) => fail(reason, 'unhandled rejection'));
}
