/** One message of a text/event-stream: its `event:` name ('message' when unnamed) and its joined `data:`. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * Reads text/event-stream text as it arrives, in chunks cut anywhere (WHATWG HTML, "Interpreting an event
 * stream"). The browser's EventSource does this too, but it swallows comment lines, and the server's
 * heartbeats are comments: reading the stream ourselves is what lets the client tell a quiet stream from a
 * dead one. `id:` and `retry:` are ignored: the client refetches on every 'hello' and sets its own backoff.
 */
export class SseParser {
  #rest = '';
  #event = '';
  #data: string[] = [];
  #started = false;

  constructor(private readonly onMessage: (message: SseMessage) => void) {}

  push(chunk: string): void {
    let text = this.#rest + chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.startsWith('\ufeff')) text = text.slice(1);
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char !== '\n' && char !== '\r') continue;
      // A '\r' at the very end may be the first half of '\r\n': wait for the next chunk to know.
      if (char === '\r' && i + 1 === text.length) break;
      this.#line(text.slice(start, i));
      if (char === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.#rest = text.slice(start);
  }

  #line(line: string): void {
    if (line === '') {
      if (this.#data.length > 0)
        this.onMessage({ event: this.#event || 'message', data: this.#data.join('\n') });
      this.#event = '';
      this.#data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
  }
}
