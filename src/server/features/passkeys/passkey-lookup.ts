import type { Db, DbOrTx } from '../../db/client';
import {
  findPasskeyByCredentialId,
  hasPasskey,
  listPasskeysOf,
  type PasskeyRow,
  recordPasskeyUse,
} from './passkeys.repository';

// What other features (signing, decision 039) read and write of the passkeys, without their repository.

export type { PasskeyRow };

export const findPasskeyOfCredential = (db: DbOrTx, credentialId: string) =>
  findPasskeyByCredentialId(db, credentialId);

export const passkeysOfUser = (db: DbOrTx, userId: string) => listPasskeysOf(db, userId);

export const userHasPasskey = (db: Db, userId: string) => hasPasskey(db, userId);

/** Records a use with the new counter, if the stored counter is still `expected` (see recordPasskeyUse). */
export const recordUse = (db: DbOrTx, id: string, expected: number, counter: number, at: Date) =>
  recordPasskeyUse(db, id, expected, counter, at);
