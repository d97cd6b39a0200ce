/**
 * The admin area's calls (docs/rules.md#the-admin-area, #the-api): login, token verification, and the
 * bearer-authorised helpers every guarded page uses. Any 401 removes the stored token and tells
 * the guard (onAdminUnauthorized) so it sends the browser to /admin/login.
 */
import { getJson, postForm, postJson, requestJson, type ApiFailure, type ApiResult } from './api';
import { fileNameFromDisposition } from './content-disposition';
import { adminVerifyPath, readAdminToken, removeAdminToken, writeAdminToken } from './admin-token';
// Type-only: the literals below are checked against the shared contract without pulling zod into the admin pages.
import type { AttentionPayment } from '../shared/api';
import type { apiPaths } from '../shared/api-paths';

type ApiPaths = typeof apiPaths;

/** The admin endpoints (src/shared/api.ts apiPaths; the compiler checks they agree). */
export const adminApiPaths = {
  login: '/api/admin-auth/login',
  verify: adminVerifyPath,
  summary: '/api/registrations/summary',
  registrations: '/api/registrations',
  exportCsv: '/api/registrations/export',
  resendTicket: '/api/registrations/resend-ticket',
  verifyQr: '/api/verification/verify-qr',
  paymentsAttention: '/api/payments/attention',
  invoices: '/api/admin/invoices',
  cancellations: '/api/admin/cancellations',
  cancellationDecide: '/api/admin/cancellations/decide',
  refundPay: '/api/admin/refunds/pay',
  attentionRefund: '/api/admin/attention/refund',
  papers: '/api/admin/papers',
  papersImport: '/api/admin/papers/import',
  papersExport: '/api/admin/papers/export',
  papersXplore: '/api/admin/papers/xplore',
  papersMark: '/api/admin/papers/mark',
  papersScan: '/api/admin/papers/scan',
  papersMail: '/api/admin/papers/mail',
  papersSessionCoupons: '/api/admin/papers/session-coupons',
  verifications: '/api/admin/verifications',
  verificationsDecide: '/api/admin/verifications/decide',
  visaLetters: '/api/admin/visa-letters',
  visaLettersDecide: '/api/admin/visa-letters/decide',
  visaLettersExport: '/api/admin/visa-letters/export',
  programme: '/api/admin/programme',
  programmeImport: '/api/admin/programme/import',
  team: '/api/admin/team',
  devices: '/api/admin/devices',
  audit: '/api/admin/audit',
  auditExport: '/api/admin/audit/export',
  setPassword: '/api/admin-auth/set-password',
} as const satisfies {
  login: ApiPaths['adminLogin'];
  verify: ApiPaths['adminVerify'];
  summary: ApiPaths['registrationsSummary'];
  registrations: ApiPaths['registrations'];
  exportCsv: ApiPaths['registrationsExport'];
  resendTicket: ApiPaths['resendTicket'];
  verifyQr: ApiPaths['verifyQr'];
  paymentsAttention: ApiPaths['paymentsAttention'];
  invoices: ApiPaths['adminInvoices'];
  cancellations: ApiPaths['adminCancellations'];
  cancellationDecide: ApiPaths['adminCancellationDecide'];
  refundPay: ApiPaths['adminRefundPay'];
  attentionRefund: ApiPaths['adminAttentionRefund'];
  papers: ApiPaths['adminPapers'];
  papersImport: ApiPaths['adminPapersImport'];
  papersExport: ApiPaths['adminPapersExport'];
  papersXplore: ApiPaths['adminPapersXplore'];
  papersMark: ApiPaths['adminPapersMark'];
  papersScan: ApiPaths['adminPapersScan'];
  papersMail: ApiPaths['adminPapersMail'];
  papersSessionCoupons: ApiPaths['adminPapersSessionCoupons'];
  verifications: ApiPaths['adminVerifications'];
  verificationsDecide: ApiPaths['adminVerificationsDecide'];
  visaLetters: ApiPaths['adminVisaLetters'];
  visaLettersDecide: ApiPaths['adminVisaLettersDecide'];
  visaLettersExport: ApiPaths['adminVisaLettersExport'];
  programme: ApiPaths['adminProgramme'];
  programmeImport: ApiPaths['adminProgrammeImport'];
  team: ApiPaths['adminTeam'];
  devices: ApiPaths['adminDevices'];
  audit: ApiPaths['adminAudit'];
  auditExport: ApiPaths['adminAuditExport'];
  setPassword: ApiPaths['adminSetPassword'];
};

/** The shown text for a login that never got an answer (docs/rules.md#messages). */
export const SERVER_ERROR_MESSAGE = 'Server error. Try again later.';

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Subscribes to "the session is gone" (a 401 from any admin call, or no token at all).
 * The token has already been removed when listeners run. Returns the unsubscribe function.
 */
export function onAdminUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** Removes the token and notifies the guard. Exported for callers that detect a 401 themselves. */
export function signalAdminUnauthorized(): void {
  removeAdminToken();
  for (const listener of [...unauthorizedListeners]) listener();
}

const noToken = (): ApiFailure => ({
  ok: false,
  status: 401,
  data: null,
  error: { code: 'NO_TOKEN', message: 'Not signed in.' },
  network: false,
});

function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

function watch<T>(result: ApiResult<T>): ApiResult<T> {
  if (!result.ok && result.status === 401) signalAdminUnauthorized();
  return result;
}

/** GET an admin endpoint with the stored token; a 401 (or no token) ends the session. */
export async function adminGet<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<ApiResult<T>> {
  const token = readAdminToken();
  if (!token) {
    signalAdminUnauthorized();
    return noToken();
  }
  return watch(await getJson<T>(path, { headers: bearer(token), signal: init.signal }));
}

/** POST JSON to an admin endpoint with the stored token; a 401 (or no token) ends the session. */
export async function adminPost<T>(path: string, body: unknown, init: { signal?: AbortSignal } = {}): Promise<ApiResult<T>> {
  const token = readAdminToken();
  if (!token) {
    signalAdminUnauthorized();
    return noToken();
  }
  return watch(await postJson<T>(path, body, { headers: bearer(token), signal: init.signal }));
}

/** PATCH (with a JSON body) or DELETE an admin endpoint with the stored token; a 401 (or no token) ends the session. */
export async function adminSend<T>(method: 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiResult<T>> {
  const token = readAdminToken();
  if (!token) {
    signalAdminUnauthorized();
    return noToken();
  }
  return watch(await requestJson<T>(method, path, body, { headers: bearer(token) }));
}

/** POST a multipart form (the papers import) to an admin endpoint with the stored token; a 401 (or no token) ends the session. */
export async function adminPostForm<T>(path: string, form: FormData): Promise<ApiResult<T>> {
  const token = readAdminToken();
  if (!token) {
    signalAdminUnauthorized();
    return noToken();
  }
  return watch(await postForm<T>(path, form, { headers: bearer(token) }));
}

/**
 * GET /api/payments/attention with the stored token: the payments taken but not applied to a
 * registration (amounts in whole units), newest first. Never throws: a failure comes back as an
 * ApiFailure (a 401 also ends the session). The data is the server's JSON as received: callers
 * check its shape (src/features/admin/attention-view.ts toAttentionRows).
 */
export function getAttentionPayments(signal?: AbortSignal): Promise<ApiResult<AttentionPayment[]>> {
  return adminGet<AttentionPayment[]>(adminApiPaths.paymentsAttention, { signal });
}

/** GET /api/admin/invoices?number=…: the path that downloads one tax document (invoice or credit note) by its number. */
export function invoicePath(number: string): string {
  return `${adminApiPaths.invoices}?number=${encodeURIComponent(number)}`;
}

/** GET /api/admin/invoices?day=…: the path that downloads every document dated `day` (YYYY-MM-DD, IST) as one PDF. */
export function invoicesOfDayPath(day: string): string {
  return `${adminApiPaths.invoices}?day=${encodeURIComponent(day)}`;
}

/** A downloaded file, or why it could not be fetched. */
export type DownloadResult = { ok: true; blob: Blob; filename: string } | { ok: false; status: number; message: string };

/**
 * GETs a file (the CSV export, a tax document PDF) with the stored token and returns its bytes untouched with the
 * file name from Content-Disposition (`fallbackName` when the header has none).
 */
export async function adminDownload(path: string, fallbackName: string): Promise<DownloadResult> {
  const token = readAdminToken();
  if (!token) {
    signalAdminUnauthorized();
    return { ok: false, status: 401, message: 'Not signed in.' };
  }
  let response: Response;
  try {
    response = await fetch(path, { headers: bearer(token) });
  } catch {
    return { ok: false, status: 0, message: SERVER_ERROR_MESSAGE };
  }
  if (!response.ok) {
    if (response.status === 401) signalAdminUnauthorized();
    const text = await response.text().catch(() => '');
    let message = `Download failed (HTTP ${response.status}).`;
    try {
      const body = JSON.parse(text) as { error?: { message?: unknown } };
      if (typeof body.error?.message === 'string') message = body.error.message;
    } catch {
      // Not the JSON error shape: keep the generic text.
    }
    return { ok: false, status: response.status, message };
  }
  const blob = await response.blob();
  return { ok: true, blob, filename: fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName };
}

/** Saves a blob through an object URL and a temporary <a download>. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Checks a token with GET /api/admin-auth/verify: 'valid' for a 2xx, 'rejected' for any other
 * answer (a 401, a 5xx), 'unreachable' when no answer came. Both failures remove the token (docs/rules.md#the-admin-area); the caller does so, for 'unreachable' only after UNREACHABLE_GRACE_MS (see
 * whenStillHere).
 */
export async function verifyAdminToken(token: string, signal?: AbortSignal): Promise<'valid' | 'rejected' | 'unreachable'> {
  const result = await getJson<{ ok?: boolean }>(adminVerifyPath, { headers: bearer(token), signal });
  if (!result.ok) return result.network ? 'unreachable' : 'rejected';
  return result.data === null || result.data?.ok !== false ? 'valid' : 'rejected';
}

/** How long a verification that got no answer waits before it counts as failed. */
export const UNREACHABLE_GRACE_MS = 1500;

/**
 * Runs `action` after UNREACHABLE_GRACE_MS unless `signal` aborts first. A reload or a link away
 * cancels the page's requests, which looks like "no answer": the page is gone before the grace
 * ends, so leaving it never signs the organiser out.
 */
export function whenStillHere(action: () => void, signal: AbortSignal): void {
  const timer = window.setTimeout(action, UNREACHABLE_GRACE_MS);
  signal.addEventListener('abort', () => window.clearTimeout(timer));
}

/** What the login form shows after a submit. */
export type LoginOutcome = { ok: true } | { ok: false; message: string };

/**
 * POST /api/admin-auth/login: the shared password alone, or a named account's `email` and password
 * (decision 044). Success stores the token under 'admin-token'. Failure messages follow docs/rules.md#messages: the server's message, else 'Invalid password'; no answer at all (or a 5xx without
 * the error shape, e.g. a proxy page) gives 'Server error. Try again later.'.
 */
export async function adminLogin(password: string, email?: string): Promise<LoginOutcome> {
  const result = await postJson<{ token?: unknown; expiresAt?: unknown }>(adminApiPaths.login, email?.trim() ? { email: email.trim(), password } : { password });
  if (result.ok) {
    const token = result.data?.token;
    if (typeof token !== 'string' || !token) return { ok: false, message: SERVER_ERROR_MESSAGE };
    if (!writeAdminToken(token)) return { ok: false, message: 'Could not store the session: allow site data (local storage) for this site.' };
    return { ok: true };
  }
  if (result.network) return { ok: false, message: SERVER_ERROR_MESSAGE };
  if (result.error?.message) return { ok: false, message: result.error.message };
  if (result.status >= 500) return { ok: false, message: SERVER_ERROR_MESSAGE };
  return { ok: false, message: 'Invalid password' };
}
