/**
 * The browser's JSON client for the functions under /api (docs/rules.md#the-api).
 * It never throws for an HTTP answer: callers branch on `ok` and read the one error shape
 * `{ error: { code, message, fieldErrors? } }` (docs/development.md#writing-a-function). A request that never
 * got an answer comes back as `{ ok: false, status: 0, network: true }` so callers can tell
 * "the server said no" from "we could not reach it".
 */
import type { ApiError } from '../shared/api';

export type ApiErrorBody = ApiError['error'];

export interface ApiSuccess<T> {
  ok: true;
  status: number;
  data: T;
}

export interface ApiFailure {
  ok: false;
  /** HTTP status, or 0 when there was no answer (offline, DNS, CORS, aborted). */
  status: number;
  /** The parsed body, if it was JSON (some legacy answers carry extra fields next to `error`). */
  data: unknown;
  /** The error shape when the body had one, else null. */
  error: ApiErrorBody | null;
  /** True when fetch itself failed: no HTTP answer at all. */
  network: boolean;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/**
 * Reads `{ error: { code, message, fieldErrors? } }` out of any parsed body; returns null when
 * the body is not that shape. Legacy answers with `error` as a plain string (docs/rules.md#the-stored-registration-and-the-csv, order response) are accepted too, with code 'error'.
 */
export function parseApiError(body: unknown): ApiErrorBody | null {
  if (!isRecord(body)) return null;
  const err = body.error;
  if (typeof err === 'string' && err.trim()) return { code: 'error', message: err };
  if (!isRecord(err) || typeof err.message !== 'string') return null;
  const parsed: ApiErrorBody = { code: typeof err.code === 'string' ? err.code : 'error', message: err.message };
  if (isRecord(err.fieldErrors)) {
    const fieldErrors: Record<string, string> = {};
    for (const [k, v] of Object.entries(err.fieldErrors)) if (typeof v === 'string') fieldErrors[k] = v;
    parsed.fieldErrors = fieldErrors;
  }
  return parsed;
}

/**
 * The message to show for a failed call: the error shape's message, else a top-level
 * `message` string (as the coupon and order answers of docs/rules.md#the-stored-registration-and-the-csv carry), else `fallback`.
 * Network failures always give `fallback`.
 */
export function failureMessage(result: ApiFailure, fallback: string): string {
  if (result.network) return fallback;
  if (result.error?.message) return result.error.message;
  if (isRecord(result.data) && typeof result.data.message === 'string' && result.data.message.trim()) return result.data.message;
  return fallback;
}

/**
 * Whether the server refused what was typed (400 or 404: bad input, or an ID and e-mail that
 * match no registration), as opposed to failing or limiting: only then does a page mark its
 * fields aria-invalid (WCAG 3.3.1).
 */
export function refusedInput(result: ApiResult<unknown>): boolean {
  return !result.ok && !result.network && (result.status === 400 || result.status === 404);
}

/** GET `path` and parse JSON. Extra headers (e.g. Authorization) are merged in. */
export function getJson<T>(path: string, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<ApiResult<T>> {
  return send<T>(path, { method: 'GET', headers: { Accept: 'application/json', ...init.headers }, signal: init.signal });
}

/** POST `body` as JSON to `path` and parse the JSON answer. */
export function postJson<T>(
  path: string,
  body: unknown,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  return send<T>(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init.headers },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

/** `method` (PATCH, DELETE...) to `path` with `body` as JSON when given; parses the JSON answer. */
export function requestJson<T>(method: string, path: string, body?: unknown, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<ApiResult<T>> {
  return send<T>(path, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: init.signal,
  });
}

/** POST a multipart form (file uploads) to `path` and parse the JSON answer; the browser sets the boundary. */
export function postForm<T>(path: string, form: FormData, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<ApiResult<T>> {
  return send<T>(path, { method: 'POST', headers: { Accept: 'application/json', ...init.headers }, body: form, signal: init.signal });
}

/** Turns a status and the raw response text into an ApiResult; pure so it can be tested without fetch. */
export function toApiResult<T>(status: number, text: string): ApiResult<T> {
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      // A non-JSON body (an HTML 502 page from a proxy, say) still has a meaningful status.
      data = null;
    }
  }
  if (status >= 200 && status < 300) return { ok: true, status, data: data as T };
  return { ok: false, status, data, error: parseApiError(data), network: false };
}

async function send<T>(path: string, init: RequestInit): Promise<ApiResult<T>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, init);
    text = await response.text();
  } catch {
    return { ok: false, status: 0, data: null, error: null, network: true };
  }
  return toApiResult<T>(response.status, text);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
