/**
 * HTTP helpers shared by every function: the one JSON error shape, body reading with a size
 * limit, method checks, and the wrapper that maps failures to status codes
 * (docs/security.md#headers-errors-and-logs). No response ever carries a stack trace or internal message.
 */
import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants as zlibConstants, createGzip } from 'node:zlib';
import Negotiator from 'negotiator';
import * as z from 'zod/mini';
import type { ApiError } from '../../../src/shared/api';
import { MAX_BODY_BYTES } from '../../../src/shared/api-paths';
import { bindDeployContext, withDeployContext } from './deploy-context';
import { ConfigError } from './env';
import { withRequestScope } from './request-scope';
import { withInvocation } from './invocation';

/** An expected failure with its status, machine code and human message. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fieldErrors?: Record<string, string>,
    /** Extra top-level fields merged into the body (e.g. earlyBirdExpired, amount). */
    public readonly extra?: Record<string, unknown>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A refusal in the self-service shape: takes the status, machine code and message; returns the
 * HttpError whose body is the error shape plus the API's `{success: false, message}` (docs/rules.md#the-api). Here, not in
 * self-service.ts, because the cancellation and invoice calls answer the same way and server
 * modules never borrow from a service (eslint.config.js).
 */
export function refuse(status: number, code: string, message: string): HttpError {
  return new HttpError(status, code, message, undefined, { success: false, message });
}

/** Thrown by the store when Redis (or the bridge in front of it) cannot be reached. */
export class ServiceUnavailableError extends Error {
  constructor(
    public readonly publicMessage: string,
    options?: { cause?: unknown },
  ) {
    super(publicMessage, options);
    this.name = 'ServiceUnavailableError';
  }
}

const noStore = { 'Cache-Control': 'no-store' };

/** A JSON response; `no-store` unless headers say otherwise. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...noStore, ...headers } });
}

/**
 * A response whose body is streamed from `chunks` (text, sent as UTF-8), pulled one chunk at a
 * time as the client reads: Netlify streams a v2 function's ReadableStream body instead of
 * buffering it, which lifts the 6 MB limit on buffered function responses and lets the first
 * bytes leave before the last are made. When the client goes away the source is closed
 * (its `return()`), so nothing more is read. A source that fails mid-way ends the body with an
 * error (the client sees a cut transfer, never a complete-looking partial file) and is logged;
 * anything that may fail before the first byte should be done before calling this, so it still
 * answers with a status. `no-store` unless headers say otherwise. The body is pulled after the
 * handler has returned, by whoever reads it, so its reads run bound to the invocation's deploy
 * context (the key prefix).
 */
export function streamedResponse(status: number, chunks: AsyncIterable<string> | Iterable<string>, headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  const source = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    pull: bindDeployContext(async (controller: ReadableStreamDefaultController<Uint8Array>) => {
      try {
        for (;;) {
          const { done, value } = await source.next();
          if (done) return controller.close();
          // Empty chunks are skipped: pull() must enqueue something or close.
          if (value) return controller.enqueue(encoder.encode(value));
        }
      } catch (err) {
        console.error(`[stream] response body failed mid-way: ${describeCause(err)}`);
        controller.error(err);
      }
    }),
    cancel: bindDeployContext(async () => {
      await source.return?.();
    }),
  });
  return new Response(body, { status, headers: { ...noStore, ...headers } });
}

/**
 * `response` with its body gzip-compressed as it streams, when the client's Accept-Encoding takes
 * gzip (negotiated by `negotiator`, so `gzip;q=0` is a refusal); otherwise `response` itself.
 * Why: Netlify caps what a function streams at 20 MB, counted in the bytes the function sends;
 * the registrations list is about 1.5 KB a registration as JSON (20 MB near 13,600) and some
 * 10 times less gzipped. Level 1 (zlib's fastest): the list at 20,000 stays within its 1 s budget
 * (docs/performance.md#budgets), and the ratio of the slower levels is not needed. Browsers and fetch() decode the
 * body on their own. A body that fails mid-way, or a client that goes away, ends the compressed
 * stream the same way (pipeline() destroys every stage, which cancels the source).
 */
export function gzipWhenAccepted(req: Request, response: Response): Response {
  if (!response.body) return response;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': req.headers.get('accept-encoding') ?? undefined } });
  if (negotiator.encoding(['gzip']) !== 'gzip') return response;
  const gzip = createGzip({ level: zlibConstants.Z_BEST_SPEED });
  // Failures reach the client through the destroyed gzip stream; the callback only keeps
  // pipeline() from reporting them a second time as unhandled.
  pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), gzip, () => {});
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', 'gzip');
  headers.append('Vary', 'Accept-Encoding');
  return new Response(Readable.toWeb(gzip) as ReadableStream<Uint8Array>, { status: response.status, headers });
}

/**
 * The text of a JSON array, chunk by chunk, from pages of already-serialised items (each string
 * one JSON value): '[' + items joined by ',' + ']', one chunk per page.
 */
export async function* jsonArrayChunks(pages: AsyncIterable<readonly string[]> | Iterable<readonly string[]>): AsyncGenerator<string, void, undefined> {
  let first = true;
  for await (const page of pages) {
    if (!page.length) continue;
    yield (first ? '[' : ',') + page.join(',');
    first = false;
  }
  yield first ? '[]' : ']';
}

/**
 * A JSON array response streamed from `items`, serialised one at a time in pages of about
 * 256 KB (see streamedResponse). For arrays already in memory; the registrations list streams
 * stored JSON texts through jsonArrayChunks() instead.
 */
export function jsonArrayStream(status: number, items: readonly unknown[], headers: Record<string, string> = {}): Response {
  function* pages(): Generator<string[]> {
    const chunkChars = 256 * 1024;
    let page: string[] = [];
    let chars = 0;
    for (const item of items) {
      const text = JSON.stringify(item);
      page.push(text);
      chars += text.length;
      if (chars >= chunkChars) {
        yield page;
        page = [];
        chars = 0;
      }
    }
    yield page;
  }
  return streamedResponse(status, jsonArrayChunks(pages()), { 'Content-Type': 'application/json', ...headers });
}

/** The error body `{ error: { code, message, fieldErrors? } }` plus any extra top-level fields. */
export function errorBody(code: string, message: string, fieldErrors?: Record<string, string>, extra?: Record<string, unknown>): ApiError & Record<string, unknown> {
  return { ...extra, error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) } };
}

/** zod issues to `{ "data.email": "Emails do not match." }`, first message per field. */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '(body)';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Reads the raw body as text, refusing bodies over `maxBytes` (default MAX_BODY_BYTES, 64 KB)
 * with 413 BODY_TOO_LARGE: the declared Content-Length first, so an oversized upload is refused
 * unread, then the bytes actually read (readBodyBytes).
 */
export async function readRawBody(req: Request, maxBytes: number = MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(req, maxBytes));
}

/**
 * The request's body as bytes, at most `maxBytes` of them. A declared Content-Length over the
 * limit is refused before anything is read; otherwise the body is read chunk by chunk and the
 * reading stops (the stream is cancelled) as soon as the bytes read pass the limit, so a chunked
 * upload that declares no length is bounded too. Throws `tooLarge()` (default: 413
 * BODY_TOO_LARGE, "Request body must be at most … KB/MB.").
 */
export async function readBodyBytes(req: Request, maxBytes: number, tooLarge: () => HttpError = () => bodyTooLarge(maxBytes)): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/**
 * A multipart/form-data body of at most `maxBytes` (readBodyBytes: the bytes read are counted,
 * whatever Content-Length says), parsed by the platform's own parser (undici). Throws `tooLarge()`
 * past the limit and `notMultipart()` when the type is not multipart/form-data or the form cannot be read.
 */
export async function readMultipartForm(req: Request, maxBytes: number, errors: { tooLarge: () => HttpError; notMultipart: () => HttpError }): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(type)) throw errors.notMultipart();
  const body = await readBodyBytes(req, maxBytes, errors.tooLarge);
  try {
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw errors.notMultipart();
  }
}

/** 413 BODY_TOO_LARGE naming the limit in KB or MB. */
function bodyTooLarge(maxBytes: number): HttpError {
  const limit = maxBytes % (1024 * 1024) === 0 ? `${maxBytes / (1024 * 1024)} MB` : maxBytes % 1024 === 0 ? `${maxBytes / 1024} KB` : `${maxBytes} bytes`;
  return new HttpError(413, 'BODY_TOO_LARGE', `Request body must be at most ${limit}.`);
}

/**
 * Whether `url` asks for an import's dry run (a preview that writes nothing): `dryRun=1` or
 * `dryRun=true` (any case) preview; absent, `0` or `false` import. Anything else is refused with
 * 400 INVALID_DRY_RUN rather than guessed, since a guess the wrong way would write.
 */
export function isDryRun(url: URL): boolean {
  const v = (url.searchParams.get('dryRun') ?? '').trim().toLowerCase();
  if (v === '1' || v === 'true') return true;
  if (v === '' || v === '0' || v === 'false') return false;
  const message = 'dryRun must be 1 or true (a preview), or 0 or false.';
  throw new HttpError(400, 'INVALID_DRY_RUN', message, { dryRun: message });
}

/** Largest admin import upload: 2,000 papers with 6,000 authors is about 1 MB as CSV, a programme far less. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/**
 * Reads a multipart/form-data upload of at most `maxBytes`, counting the bytes actually read
 * (readMultipartForm): 413 BODY_TOO_LARGE over it, 400 INVALID_FORM when the body is not a form.
 * The admin imports (papers, programme) read their files so.
 */
export async function readUploadForm(req: Request, maxBytes: number): Promise<FormData> {
  return readMultipartForm(req, maxBytes, {
    tooLarge: () => new HttpError(413, 'BODY_TOO_LARGE', `The upload must be at most ${Math.round(maxBytes / (1024 * 1024))} MB.`),
    notMultipart: () => new HttpError(400, 'INVALID_FORM', 'Send the file as multipart/form-data.'),
  });
}

/** The bytes of file field `name` of `form`; 400 MISSING_FILE when the form has no such file. */
export async function uploadedFile(form: FormData, name: string): Promise<Uint8Array> {
  const value = form.get(name);
  if (!value || typeof value === 'string') throw new HttpError(400, 'MISSING_FILE', `The form has no "${name}" file.`, { [name]: 'A file is required.' });
  return new Uint8Array(await value.arrayBuffer());
}

/**
 * The path segment at `index` of the request's URL (0 is 'api' in /api/admin/team/{id}),
 * percent-decoded; '' when there is none or it does not decode. For `:id` routes, whose id the
 * function checks itself.
 */
export function pathSegment(req: Request, index: number): string {
  const segment = new URL(req.url).pathname.split('/').filter(Boolean)[index] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** Parses `text` as JSON or throws 400 INVALID_JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'Request body must be valid JSON.');
  }
}

/** Validates a parsed value with a shared schema or throws 400 VALIDATION_FAILED with fieldErrors. */
export function validate<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error);
    const first = Object.entries(fieldErrors)[0];
    throw new HttpError(400, 'VALIDATION_FAILED', first ? `Invalid request: ${first[0]}: ${first[1]}` : 'Invalid request.', fieldErrors);
  }
  return result.data;
}

/** Reads, parses and validates a JSON body in one step (413 / 400 on failure). */
export async function readJson<S extends z.core.$ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  return validate(schema, parseJsonText(await readRawBody(req)));
}

/**
 * A one-line description of a dependency failure for the log. @upstash/redis appends the whole
 * command (delegates' personal data) to its messages, so everything from ", command was:" is cut.
 */
export function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const own = cause.message.split(', command was:')[0];
  const inner = cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
  return `${cause.name}: ${own}${inner}`;
}

/**
 * The part of Netlify's per-invocation Context the functions read (the v2 handler's second
 * argument; `Context` of @netlify/functions). Absent when a script calls a handler directly,
 * which then runs under production rules (netlify/server/platform/deploy-context.ts).
 */
export interface RequestContext {
  /** The client's address as Netlify's edge saw it. */
  ip?: string;
  /** `deploy.context`: production, deploy-preview, branch-deploy or dev; anything else means production. */
  deploy?: { context?: string };
  /** Keeps the invocation alive for work after the answer (netlify/server/platform/invocation.ts). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** The one bucket every request without Netlify's context.ip shares (local runs, direct handler calls). */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The client's address for rate limits and coupon holds: Netlify's context.ip, which Netlify's
 * edge sets from the connection and the client cannot choose (docs/security.md#rate-limits-and-the-client-address). No header is read:
 * X-Forwarded-For and x-nf-client-connection-ip arrive from the client on any server that does
 * not overwrite them, so trusting them would let a client pick a fresh bucket per request.
 * Without context.ip every request shares the UNKNOWN_CLIENT bucket (the local dev server sets
 * context.ip from the socket's remote address). Returns at most 64 characters. Here beside
 * RequestContext, not in auth.ts: the rate limits and the coupon holds read it too.
 */
export function clientAddress(_req: Request, context?: RequestContext): string {
  const ip = context?.ip?.trim();
  return ip ? ip.slice(0, 64) : UNKNOWN_CLIENT;
}

type Handler = (req: Request, context?: RequestContext) => Promise<Response>;

/**
 * Wraps a function body: runs it in the invocation's deploy context (context.deploy.context;
 * unknown means production rules), answers methods not in `methods` with 405 (and Allow),
 * HttpError with its status and the error shape, ServiceUnavailableError with 503, and anything
 * else with a plain 500 whose details go only to the log.
 */
export function endpoint(methods: string[], fn: Handler, opts: EndpointOptions = {}): (req: Request, context?: RequestContext) => Promise<Response> {
  // The self-service calls answer every failure with {success: false, message} too (docs/rules.md#the-api).
  // Their pages show `message` as it is, so a validation failure says just what is wrong with the field.
  const fail = (code: string, message: string, fieldErrors?: Record<string, string>, extra?: Record<string, unknown>) =>
    errorBody(code, message, fieldErrors, opts.successFlag ? { success: false, message: Object.values(fieldErrors ?? {})[0] ?? message, ...extra } : extra);
  // Each request gets its own scope: the client's address, and once an admin token holds, who acts (the audit record).
  return (req: Request, context?: RequestContext) =>
    withDeployContext(context?.deploy?.context, () =>
      withInvocation(req, context, () => withRequestScope(clientAddress(req, context), async () => withNosniff(await answer(req, context)))),
    );
  async function answer(req: Request, context?: RequestContext): Promise<Response> {
    if (!methods.includes(req.method)) {
      return json(405, fail('METHOD_NOT_ALLOWED', `Use ${methods.join(' or ')} for this endpoint.`), { Allow: methods.join(', ') });
    }
    try {
      return await fn(req, context);
    } catch (err) {
      if (err instanceof HttpError) {
        return json(err.status, fail(err.code, err.message, err.fieldErrors, err.extra), err.headers);
      }
      if (err instanceof ServiceUnavailableError) {
        console.error(`[${new URL(req.url).pathname}] dependency unavailable: ${describeCause(err.cause)}`);
        return json(503, fail('SERVICE_UNAVAILABLE', err.publicMessage), { 'Retry-After': '30' });
      }
      if (err instanceof ConfigError) {
        console.error(`[${new URL(req.url).pathname}] configuration error: ${err.message}`);
      } else {
        console.error(`[${new URL(req.url).pathname}] unexpected error:`, err);
      }
      return json(500, fail('INTERNAL_ERROR', 'Something went wrong on our side. Please try again later.'));
    }
  }
}

/**
 * Wraps a scheduled function's run (`config.schedule`): runs `run` in the invocation's deploy
 * context, answers 200 with what it returns, or a plain 500 saying `failure` whose cause goes
 * only to the log, under `[name]`.
 */
export function scheduled(name: string, failure: string, run: () => Promise<unknown>): (req: Request, context?: RequestContext) => Promise<Response> {
  return (req: Request, context?: RequestContext) =>
    withDeployContext(context?.deploy?.context, () => withInvocation(req, context, async () => {
      try {
        return json(200, await run());
      } catch (err) {
        console.error(`[${name}] run failed: ${describeCause(err)}`);
        return json(500, errorBody('INTERNAL_ERROR', failure));
      }
    }));
}

export interface EndpointOptions {
  /** Add `{success: false, message}` to every error body (the self-service calls, docs/rules.md#the-api). */
  successFlag?: boolean;
}

/**
 * Adds `X-Content-Type-Options: nosniff` to a function's answer: netlify.toml's [[headers]]
 * reach only static files, not function responses.
 */
function withNosniff(res: Response): Response {
  try {
    res.headers.set('X-Content-Type-Options', 'nosniff');
    return res;
  } catch {
    // Headers of a Response taken from fetch() are immutable; copy them once.
    const headers = new Headers(res.headers);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}
