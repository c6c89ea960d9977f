import type { AccountDeletionStep } from '../../hooks/account-deletion';
import { findAccount } from '../accounts/accounts.service';
import { forgetAddressOf } from './co-bidders.repository';

/** Account deletion's part in the bidder groups (decision 065): the address goes, open invitations lapse. */
export const forgetInvitationsOf: AccountDeletionStep = async (tx, userId) => {
  const account = await findAccount(tx, userId);
  if (account) await forgetAddressOf(tx, userId, account.email);
};
