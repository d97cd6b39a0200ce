/**
 * jsonArrayStream: a streamed JSON array that parses back to the items, in several chunks when
 * large; streamedResponse / jsonArrayChunks, which the registrations list and the CSV export
 * stream through.
 */
import { describe, expect, it, vi } from 'vitest';
import { jsonArrayChunks, jsonArrayStream, streamedResponse } from '../../netlify/server/platform/http';

async function chunksOf(res: Response): Promise<string[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const out: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(decoder.decode(value));
  }
}

describe('jsonArrayStream', () => {
  it('streams an empty array, one item, and many items in chunks', async () => {
    expect(await jsonArrayStream(200, []).json()).toEqual([]);
    expect(await jsonArrayStream(200, [{ a: 'é, "q"' }]).json()).toEqual([{ a: 'é, "q"' }]);
    const items = Array.from({ length: 3000 }, (_, i) => ({ i, text: 'x'.repeat(200) }));
    const res = jsonArrayStream(200, items);
    expect(res.headers.get('content-type')).toBe('application/json');
    const chunks = await chunksOf(res);
    expect(chunks.length).toBeGreaterThan(1);
    expect(JSON.parse(chunks.join(''))).toEqual(items);
  });
});

describe('streamedResponse', () => {
  it('sends the chunks as UTF-8 in order, skipping empty ones, with no-store', async () => {
    const res = streamedResponse(200, ['a', '', 'é', 'z'], { 'Content-Type': 'text/plain' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('aéz');
    expect(await streamedResponse(200, jsonArrayChunks([[], []])).text()).toBe('[]');
    expect(await streamedResponse(200, jsonArrayChunks([['1', '{"a":2}'], [], ['3']])).json()).toEqual([1, { a: 2 }, 3]);
  });

  it('fails the body, rather than ending it early, when the source fails mid-way', async () => {
    async function* failing() {
      yield '[1';
      throw new Error('store went away');
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(streamedResponse(200, failing()).text()).rejects.toThrow('store went away');
      expect(errors).toHaveBeenCalledOnce();
    } finally {
      errors.mockRestore();
    }
  });

  it('closes the source when the reader cancels', async () => {
    let closed = false;
    async function* endless() {
      try {
        for (;;) yield 'x';
      } finally {
        closed = true;
      }
    }
    const reader = streamedResponse(200, endless()).body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
