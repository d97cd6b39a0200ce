/**
 * Helpers for the papers tests (decision 011): multipart uploads to the import function as the admin
 * page sends them, the fixture files in the vendors' layouts, and CSV answers parsed with csv-parse.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { DEV, type Fn } from './helpers';

export const FIXTURES = path.join(import.meta.dirname, '../fixtures/papers');
export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

/** POSTs a multipart form of `files` (field -> bytes) and `fields` to `fn` at `query`; returns status and parsed body. */
export async function upload(fn: Fn, query: string, files: Record<string, { bytes: Uint8Array; name: string }>, headers: Record<string, string>, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [field, f] of Object.entries(files)) form.append(field, new Blob([f.bytes as Uint8Array<ArrayBuffer>]), f.name);
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  const res = await fn(new Request(`http://localhost/api/admin/papers/import${query}`, { method: 'POST', body: form, headers }), { ...DEV, ip: '198.51.100.7' });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, any>, headers: res.headers };
}

/** GETs a CSV function; returns status, headers and the rows (header first) as csv-parse reads them. */
export async function csvOf(fn: Fn, headers: Record<string, string>) {
  const res = await fn(new Request('http://localhost/', { headers }), DEV);
  const text = await res.text();
  const rows = res.status === 200 ? (parse(text, { bom: true }) as string[][]) : [];
  return { status: res.status, headers: res.headers, rows, text };
}
