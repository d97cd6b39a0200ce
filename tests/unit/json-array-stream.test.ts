/** jsonArrayStream: a streamed JSON array that parses back to the items, in several chunks when large. */
import { describe, expect, it } from 'vitest';
import { jsonArrayStream } from '../../netlify/server/http';

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
