import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server that accepts every message and only counts it (no parsing: the bench shares the CPU). */
export class SmtpSink {
  /** Accepted messages since the last reset. */
  count = 0;
  /** performance.now() of each accepted message since the last reset. */
  times: number[] = [];
  /** Messages per recipient address since the last reset. */
  readonly perRecipient = new Map<string, number>();
  private server: SMTPServer | null = null;
  private waiters: { target: number; resolve: () => void }[] = [];

  async start(): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      // The server's pooled transport keeps connections open; closing the sink should not wait for them.
      closeTimeout: 100,
      // Plenty of parallel connections: a pooled sender may open several.
      maxClients: 200,
      logger: false,
      onData: (stream, session, callback) => {
        stream.on('data', () => {});
        stream.on('end', () => {
          this.accept(session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
          callback();
        });
      },
    });
    server.on('error', () => {
      // A client dropping its connection mid-message is the sender's problem, not the sink's.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return (server.server.address() as AddressInfo).port;
  }

  reset(): void {
    this.count = 0;
    this.times = [];
    this.perRecipient.clear();
  }

  /** Resolves true once `target` messages have arrived, or false after `timeoutMs`. */
  waitFor(target: number, timeoutMs: number): Promise<boolean> {
    if (this.count >= target) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      const waiter = {
        target,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      this.waiters.push(waiter);
    });
  }

  close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  private accept(recipients: string[]): void {
    this.count++;
    this.times.push(performance.now());
    for (const address of recipients)
      this.perRecipient.set(address, (this.perRecipient.get(address) ?? 0) + 1);
    const ready = this.waiters.filter((w) => this.count >= w.target);
    this.waiters = this.waiters.filter((w) => this.count < w.target);
    for (const waiter of ready) waiter.resolve();
  }
}
