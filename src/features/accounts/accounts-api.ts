/**
 * The browser side of the registrant's accounts calls: the invoice lookup
 * and PDF download, the cancellation quote and request. JSON calls go through src/lib/api.ts;
 * the download is a plain fetch because its success answer is a PDF, not JSON.
 */
import { fileNameFromDisposition } from '../../lib/content-disposition';
import { failureMessage, postJson, toApiResult, type ApiResult } from '../../lib/api';
import type { CancellationResponse, InvoicesLookupResponse, ProofStatusResponse, ProofUploadResponse } from '../../shared/api';
import { apiPaths } from '../../shared/api-paths';
import { selfServiceMessages } from '../../shared/messages';
import { VALIDATION_LOAD_FAILED, loadRequestSchemas } from '../../lib/load-once';

/** The registrant's id and registered e-mail as the server wants them (id trimmed and upper-cased). */
export interface Registrant {
  regId: string;
  email: string;
}

/**
 * Checks the two fields with the server's own schema (registrantRequest), so the page refuses
 * exactly what the server would: empty fields give the form's '⚠️ Please enter both Registration
 * ID and Email.' (docs/rules.md#the-registration-form-and-its-checks). Returns the values to send, or the first message and
 * the field it belongs to. The schema's code is fetched on first use (loadRequestSchemas); when it
 * cannot be fetched, the answer is VALIDATION_LOAD_FAILED on the ID field.
 */
export async function checkRegistrant(regId: string, email: string): Promise<{ ok: true; value: Registrant } | { ok: false; message: string; field: 'regId' | 'email' }> {
  // An empty field is reported as the one message of docs/rules.md#the-registration-form-and-its-checks even when the other one is malformed.
  if (!regId.trim() || !email.trim()) return { ok: false, message: selfServiceMessages.idAndEmailRequired, field: regId.trim() ? 'email' : 'regId' };
  let schemas: Awaited<ReturnType<typeof loadRequestSchemas>>;
  try {
    schemas = await loadRequestSchemas();
  } catch {
    return { ok: false, message: VALIDATION_LOAD_FAILED, field: 'regId' };
  }
  const parsed = schemas.registrantRequest.safeParse({ regId, email });
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: issue?.message ?? selfServiceMessages.idAndEmailRequired, field: issue?.path[0] === 'email' ? 'email' : 'regId' };
}

/** POST /api/invoices/lookup: the registrant's tax documents. */
export function lookupInvoices(who: Registrant): Promise<ApiResult<InvoicesLookupResponse>> {
  return postJson<InvoicesLookupResponse>(apiPaths.invoicesLookup, who);
}

/** POST /api/cancellation/quote: what cancelling now would refund, or the state of a request already made. */
export function quoteCancellation(who: Registrant): Promise<ApiResult<CancellationResponse>> {
  return postJson<CancellationResponse>(apiPaths.cancellationQuote, who);
}

/** POST /api/cancellation/request: records the request (asking again answers the same). */
export function requestCancellation(who: Registrant): Promise<ApiResult<CancellationResponse>> {
  return postJson<CancellationResponse>(apiPaths.cancellationRequest, who);
}

/** The file name for document `number` when the answer names none: 'PG25/2526/00001' -> 'invoice-PG25-2526-00001.pdf'. */
export function fallbackFileName(number: string): string {
  return `invoice-${number.replace(/\//g, '-')}.pdf`;
}

/** A downloaded document: the PDF and the name to save it under. */
export interface DownloadedDocument {
  blob: Blob;
  fileName: string;
}

/** The message for a failed download when the server gives none. */
export const downloadFailed = 'Failed to download the document. Please try again.';

/**
 * POST /api/invoices/download: one of the registrant's documents as a PDF. Never throws: a
 * refusal comes back as the server's message (the JSON error shape), a network failure or an
 * answer that is not a PDF as `downloadFailed`.
 */
export async function downloadDocument(who: Registrant, number: string): Promise<{ ok: true; document: DownloadedDocument } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await fetch(apiPaths.invoicesDownload, {
      method: 'POST',
      headers: { Accept: 'application/pdf, application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...who, number }),
    });
    if (!response.ok) {
      const failure = toApiResult<never>(response.status, await response.text());
      return { ok: false, message: failure.ok ? downloadFailed : failureMessage(failure, downloadFailed) };
    }
    // A 200 that is not a PDF (a proxy's HTML page, say) must not be saved as an invoice.
    if (!(response.headers.get('Content-Type') ?? '').toLowerCase().includes('application/pdf')) return { ok: false, message: downloadFailed };
    const blob = await response.blob();
    return { ok: true, document: { blob, fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackFileName(number) } };
  } catch {
    return { ok: false, message: downloadFailed };
  }
}

/** Hands `doc` to the browser's download through an object URL and a temporary <a download>. */
export function saveDocument(doc: DownloadedDocument): void {
  const url = URL.createObjectURL(doc.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = doc.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Not revoked at once: some browsers (Firefox, Safari) read the URL only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * POST /api/registration/proof: the registrant's proof of student status as
 * multipart/form-data (regId, email, file). The server reads the file's type from its bytes.
 */
export async function uploadProof(who: Registrant, file: File): Promise<ApiResult<ProofUploadResponse>> {
  const form = new FormData();
  form.set('regId', who.regId);
  form.set('email', who.email);
  form.set('file', file);
  try {
    const response = await fetch(apiPaths.registrationProof, { method: 'POST', headers: { Accept: 'application/json' }, body: form });
    return toApiResult<ProofUploadResponse>(response.status, await response.text());
  } catch {
    return { ok: false, status: 0, data: null, error: null, network: true };
  }
}

/** POST /api/registration/proof/status: where the registrant's proof of student status stands. */
export function lookupProofStatus(who: Registrant): Promise<ApiResult<ProofStatusResponse>> {
  return postJson<ProofStatusResponse>(apiPaths.registrationProofStatus, who);
}
