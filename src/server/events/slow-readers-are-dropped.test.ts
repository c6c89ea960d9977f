import { describe, expect, it } from 'vitest';
import { MAX_BUFFERED_BYTES, writeWithinLimit } from './events.routes';

// A reader that stops reading leaves its frames in the server's write buffer: past the limit the stream is
// cut (the client reconnects and refetches) rather than the buffer growing for as long as events come.
function fakeResponse() {
  const res = {
    writableLength: 0,
    destroyed: false,
    written: [] as string[],
    write(text: string) {
      res.written.push(text);
      // Nobody reads: everything written stays buffered.
      res.writableLength += Buffer.byteLength(text);
      return false;
    },
    destroy() {
      res.destroyed = true;
      return res;
    },
  };
  return res;
}

describe('a stream whose reader falls behind', () => {
  it('is written to while its backlog is under the limit, then cut, and never written to past it', () => {
    const res = fakeResponse();
    const frame = `event: round\ndata: ${'x'.repeat(10_000)}\n\n`;
    let writes = 0;
    while (writeWithinLimit(res as never, frame, MAX_BUFFERED_BYTES)) writes++;
    expect(res.destroyed).toBe(true);
    expect(writes).toBe(Math.floor(MAX_BUFFERED_BYTES / Buffer.byteLength(frame)) + 1);
    expect(res.writableLength).toBeLessThanOrEqual(MAX_BUFFERED_BYTES + Buffer.byteLength(frame));
  });

  it('keeps a reader that keeps up', () => {
    const res = fakeResponse();
    for (let i = 0; i < 1000; i++) {
      expect(writeWithinLimit(res as never, 'event: ping\ndata: {}\n\n', MAX_BUFFERED_BYTES)).toBe(true);
      res.writableLength = 0;
    }
    expect(res.destroyed).toBe(false);
  });
});
