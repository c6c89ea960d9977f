import { describe, expect, it } from 'vitest';
import { type SseMessage, SseParser } from './sse-parser';

function parse(...chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = new SseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return messages;
}

describe('SseParser', () => {
  it('reads named events with JSON data, and skips heartbeat comments', () => {
    expect(parse(': ping\n\nevent: hello\ndata: {"signedIn":true}\n\n: ping\n\n')).toEqual([
      { event: 'hello', data: '{"signedIn":true}' },
    ]);
  });

  it('joins a message cut across chunks anywhere, also between \\r and \\n', () => {
    expect(parse('eve', 'nt: round\r', '\ndata: {"a"', ':1}\r\n\r', '\n')).toEqual([
      { event: 'round', data: '{"a":1}' },
    ]);
  });

  it('joins several data lines with newlines and names unnamed events "message"', () => {
    expect(parse('data: one\ndata:two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('holds back a message until its blank line arrives', () => {
    expect(parse('event: journals\ndata: {}\n')).toEqual([]);
  });

  it('ignores a byte-order mark at the start, and fields it does not know', () => {
    expect(parse('\ufeffid: 7\nretry: 10\nevent: hello\ndata: {}\n\n')).toEqual([
      { event: 'hello', data: '{}' },
    ]);
  });
});
