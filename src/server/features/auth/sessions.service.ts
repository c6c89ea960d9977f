import type { DbOrTx } from '../../db/client';
import { deleteUserSessions } from './sessions.repository';

// Ending a user's sessions belongs to the auth feature; accounts and admin end them when a password changes,
// when the configured administrator takes over an address, or when an account goes. A module of its own, not
// auth.service.ts: that one creates accounts through accounts.service, which calls this, and the two
// importing each other would be a cycle.

/** Ends every session of a user, or every one but `exceptSid` (the one making the change). */
export function endSessionsOf(db: DbOrTx, userId: string, exceptSid?: string): Promise<void> {
  return deleteUserSessions(db, userId, exceptSid);
}
