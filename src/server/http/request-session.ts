import { randomBytes } from 'node:crypto';
import type { SessionData } from './session-data';
import type { DbSessionStore } from './session-store';

/** 24 random bytes, as @fastify/session made them: ids it issued stay valid. */
const newSessionId = () => randomBytes(24).toString('base64url');

/**
 * The session of one request. A visitor's is empty and never stored; `startUser` (at login) gives it a
 * new id and makes it stored at the end of the request; after that it is saved only if a field changed.
 */
export class RequestSession implements SessionData {
  userId?: string;
  createdAt?: number;
  lastSeenAt?: number;
  /** Set by the login request: the one time a session row may be created (and the cookie sent). */
  justLoggedIn = false;
  private loaded: string;
  private ended = false;

  constructor(
    private readonly store: DbSessionStore,
    public sessionId: string = newSessionId(),
    data: SessionData | null = null,
  ) {
    this.userId = data?.userId;
    this.createdAt = data?.createdAt;
    this.lastSeenAt = data?.lastSeenAt;
    this.loaded = this.snapshot();
  }

  /** Deletes the stored session; the request goes on as a visitor's. */
  async destroy(): Promise<void> {
    this.ended = true;
    this.userId = undefined;
    this.createdAt = undefined;
    this.lastSeenAt = undefined;
    this.justLoggedIn = false;
    await this.store.destroy(this.sessionId);
  }

  /** Forgets the old session and takes a new id, so that an id planted before login is worth nothing after. */
  async regenerate(): Promise<void> {
    if (this.userId) await this.store.destroy(this.sessionId);
    this.sessionId = newSessionId();
    this.userId = undefined;
    this.createdAt = undefined;
    this.lastSeenAt = undefined;
    this.ended = false;
    this.loaded = this.snapshot();
  }

  /** Writes what changed at the end of the request; returns whether a new session was created (set the cookie). */
  async save(): Promise<boolean> {
    if (this.ended || !this.userId) return false;
    if (this.justLoggedIn) {
      await this.store.set(this.sessionId, this.data(), true);
      return true;
    }
    if (this.snapshot() !== this.loaded) await this.store.set(this.sessionId, this.data());
    return false;
  }

  private data(): SessionData {
    return { userId: this.userId, createdAt: this.createdAt, lastSeenAt: this.lastSeenAt };
  }

  private snapshot(): string {
    return `${this.userId}|${this.createdAt}|${this.lastSeenAt}`;
  }
}
