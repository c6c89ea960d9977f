import type { DbOrTx } from '../../db/client';
import type { LockedRound } from '../../db/round-lock';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../../http/viewer';
import { coBidderChangeMail, coBidderInvitationMail, type GroupChange } from '../../mail/co-bidder-mails';
import { enqueueMail } from '../../mail/mail-jobs';
import { roundUrl } from '../bids/bid-notices';
import { findPlaces } from './co-bidders.repository';

// Who hears of a bidder group's changes (decision 065), queued in the change's own transaction.

type MailRound = Pick<LockedRound, 'id' | 'title' | 'address'>;

/** The invited address: to the round, or first to register with that very address. */
export async function tellInvitee(
  tx: DbOrTx,
  deps: AppDeps,
  invitation: { email: string; inviter: string; round: MailRound; hasAccount: boolean },
): Promise<void> {
  const url = roundUrl(deps, invitation.round.id);
  const register = invitation.hasAccount ? null : `${deps.env.APP_URL}/register`;
  await enqueueMail(
    tx,
    coBidderInvitationMail(invitation.email, invitation.inviter, invitation.round, { round: url, register }),
    { roundId: invitation.round.id },
  );
}

/**
 * The group's other members when someone joins or leaves; the one who invited when someone declines. Read
 * after the change, so the one who left is no longer among them.
 */
export async function tellGroup(
  tx: DbOrTx,
  deps: AppDeps,
  round: MailRound,
  groupId: string,
  actor: Viewer,
  change: GroupChange,
): Promise<void> {
  const places = await findPlaces(tx, groupId);
  const inviterId = places.find((p) => p.userId === actor.id)?.invitedBy;
  const to = places.filter(
    (p) =>
      p.userId !== null &&
      p.userId !== actor.id &&
      p.accountEmail !== null &&
      (change === 'declined' ? p.userId === inviterId : p.state === 'accepted'),
  );
  const who = `${actor.firstName} ${actor.lastName}`.trim();
  const url = roundUrl(deps, round.id);
  for (const p of to)
    await enqueueMail(
      tx,
      coBidderChangeMail(
        { email: p.accountEmail ?? p.email, firstName: p.firstName ?? '' },
        change,
        who,
        round,
        url,
      ),
      { roundId: round.id },
    );
}
