import type { AdminActionView } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import type { Viewer } from '../../http/viewer';
import { findActionsOnTarget, insertAdminAction } from './admin-actions.repository';

// The audit trail of decision 008, in a folder of its own below every feature that writes it: an owner's
// controls used by an administrator (bid-rounds, bids) record here as the admin feature's own calls do, and
// no feature imports the admin folder back (decision 056).

export type AdminActionName =
  | 'approve-user'
  | 'reject-user'
  | 'delete-user'
  | 'update-user'
  | 'change-password'
  | 'approve-password-reset'
  | 'reject-password-reset'
  | 'delete-round'
  | 'close-round'
  | 'select-winner'
  | 'reject-bid'
  | 'update-starting-price'
  | 'sms-notifications'
  // A change to a listing: its text, photos, salgsoppgave or viewings (decision 046).
  | 'edit-round'
  // A verification released, so the person may verify another account (decision 064).
  | 'release-identity';

export interface AdminActionTarget {
  type: 'user' | 'round';
  id: string;
}

/**
 * Writes the audit row for an administrator's action. Call it in the action's own transaction: the row and
 * the change commit together or not at all. The summary is short and never holds a secret.
 */
export function recordAdminAction(
  tx: DbOrTx,
  admin: Pick<Viewer, 'id'>,
  action: AdminActionName,
  target: AdminActionTarget,
  summary: string,
): Promise<void> {
  return insertAdminAction(tx, {
    adminId: admin.id,
    action,
    targetType: target.type,
    targetId: target.id,
    summary,
  });
}

/**
 * An action an admin takes on a round through the owner's controls (close, winner, starting price, SMS) is
 * an admin action only when the round is someone else's: an admin selling their own home acts as its owner.
 */
export async function recordIfActingAsAdmin(
  tx: DbOrTx,
  viewer: Viewer,
  ownerId: string | null,
  action: AdminActionName,
  roundId: string,
  summary: string,
): Promise<void> {
  if (viewer.isAdmin && viewer.id !== ownerId) {
    await recordAdminAction(tx, viewer, action, { type: 'round', id: roundId }, summary);
  }
}

export const LATEST_ACTIONS = 20;

export async function listActionsOnUser(db: DbOrTx, userId: string): Promise<AdminActionView[]> {
  const rows = await findActionsOnTarget(db, 'user', userId, LATEST_ACTIONS);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
