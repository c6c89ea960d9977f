import type { DbOrTx } from '../../db/client';
import { deleteUserSessions } from './sessions.repository';

// A user's sessions are the account's: accounts ends them when a password changes, when the configured
// administrator takes over an address, or when the account goes, and auth when a password is reset
// (endEveryWayInOf). They were auth's until decision 056; auth imports accounts, so accounts cannot import
// auth back.

/** Ends every session of a user, or every one but `exceptSid` (the one making the change). */
export function endSessionsOf(db: DbOrTx, userId: string, exceptSid?: string): Promise<void> {
  return deleteUserSessions(db, userId, exceptSid);
}
