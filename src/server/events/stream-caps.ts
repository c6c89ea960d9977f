export const TOO_MANY_STREAMS = 'For mange åpne tilkoblinger';

export interface StreamCapLimits {
  /** Open streams per signed-in user (EVENT_STREAMS_PER_USER). */
  perUser: number;
  /** Open streams per client address for visitors (EVENT_STREAMS_PER_ADDRESS). */
  perAddress: number;
}

/** Whose a stream is: the signed-in user, or for a visitor, the hashed address (IPv6 by its /64). */
export type StreamOwner = { userId: string } | { address: string };

/**
 * How many live streams each user and each visitors' address holds in this process, so that one client
 * cannot hold thousands of open connections (each a socket and a subscriber the fan-out writes to). A
 * signed-in stream counts against its user only, so colleagues behind one office address do not share an
 * allowance, and a visitor flooding from that address cannot take theirs (as for the API limit, decision
 * 017). Counted per process: the sockets and memory it protects are per process too.
 */
export class StreamCaps {
  private readonly open = new Map<string, number>();

  constructor(private readonly limits: StreamCapLimits) {}

  /** Takes a place for one more stream of `owner`: its release (call once, when the stream ends), or null if full. */
  take(owner: StreamOwner): (() => void) | null {
    const [key, limit] =
      'userId' in owner
        ? [`user:${owner.userId}`, this.limits.perUser]
        : [`address:${owner.address}`, this.limits.perAddress];
    const count = this.open.get(key) ?? 0;
    if (count >= limit) return null;
    this.open.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }
}
