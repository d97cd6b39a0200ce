/**
 * The paper rule create-order and the wizard's check apply (decision 011), apart from papers.ts
 * so the payment path loads it without the papers' mail and import code (docs/performance.md,
 * "Cold starts").
 */
import { PAPER_NOT_FOUND, normalisePaperId, type StoredPaper } from '../../src/shared/papers';
import { HttpError } from './platform/http';
import { keys, withStore, type PipelineReads } from './platform/store';

/**
 * The registration rule (decision 011): once papers are imported, a named Paper ID
 * must be an accepted (not withdrawn) paper; before any import it stays free text. Takes the
 * Paper ID as typed (empty: nothing to check). Throws HttpError 400 PAPER_NOT_FOUND with the
 * issue's message on `data.paperId`; ServiceUnavailableError when the store is down. One request.
 * Create-order (through acceptedPaperReads, beside its coupon read) and the wizard's check
 * (POST /api/papers/check) both apply it.
 */
export async function assertAcceptedPaper(paperId: string): Promise<void> {
  const reads = acceptedPaperReads(paperId);
  if (!reads) return;
  const results = await withStore(async (r) => {
    const pipe = r.pipeline();
    reads.add(pipe);
    return pipe.exec();
  });
  reads.check(results);
}

/**
 * assertAcceptedPaper's reads, to ride along another rule's round trip (create-order's coupon
 * read): null when no Paper ID is named. `check` throws the same PAPER_NOT_FOUND.
 */
export function acceptedPaperReads(paperId: string): PipelineReads | null {
  const id = normalisePaperId(paperId);
  if (!id) return null;
  return {
    add(p) {
      p.hget<StoredPaper>(keys.papers(), id);
      p.exists(keys.papers());
    },
    check([paper, imported]) {
      const stored = paper as StoredPaper | null;
      if (imported && (!stored || stored.withdrawn)) {
        throw new HttpError(400, 'PAPER_NOT_FOUND', PAPER_NOT_FOUND, { 'data.paperId': PAPER_NOT_FOUND });
      }
    },
  };
}
