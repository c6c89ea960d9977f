import type { ChainLink } from '../../../shared/record/round-act';
import type { CloseReason } from '../../../shared/schemas/bid-round';
import type { DbOrTx } from '../../db/client';
import type { LockedRound } from '../../db/round-lock';
import type { AppDeps } from '../../deps';
import { counterOfferAcceptedBidderMail, counterOfferOutcomeMail } from '../../mail/counter-offer-mails';
import type { AttachmentRequest } from '../../mail/mail-attachments';
import { enqueueMail } from '../../mail/mail-jobs';
import {
  journalReadyMail,
  roundDecidedMail,
  winnerChosenOwnerMail,
  winnerMail,
} from '../../mail/round-mails';
import { findAccount } from '../accounts/accounts.service';
import { roundUrl } from '../bids/bid-notices';
import type { BidWithBidder } from '../bids/bid-views';
import { linkOfLatest, signedLink } from '../round-chain/round-chain.service';

/**
 * A decided round's mails carry the reader's own journal (decision 066), and the parties' the acceptance
 * letter too: the seller and the buyer (`partyId` is the reader themself for either).
 */
function attachmentsFor(roundId: string, userId: string, partyId: string | undefined): AttachmentRequest[] {
  if (!partyId) return [];
  const journal: AttachmentRequest = { kind: 'journal-pdf', roundId, userId };
  return userId === partyId ? [{ kind: 'acceptance-letter', roundId }, journal] : [journal];
}

/**
 * On any close every participant hears that the journal is ready; when a winner is chosen, the winner, the
 * other bidders and the owner each get their own message instead. When the winner accepted the seller's
 * counter-offer, the winner's and the owner's messages say so. Deleted accounts get nothing.
 */
export async function queueRoundClosedNotifications(
  tx: DbOrTx,
  deps: AppDeps,
  round: LockedRound,
  reason: CloseReason,
  winningBidId: string | null,
  bids: BidWithBidder[],
  finalLink: ChainLink,
) {
  // 'Se budjournalen' opens that round's journal (the home page reads the parameter).
  const url = `${deps.env.APP_URL}/?budjournal=${round.id}`;
  const roundLink = roundUrl(deps, round.id);
  const winning = bids.find((b) => b.id === winningBidId);
  const byCounterOffer = reason === 'counter-offer';
  const bidders = new Map(bids.filter((b) => !b.user.deletedAt).map((b) => [b.userId, b.user]));
  // The receipts of the deciding act name its link in the round's chain (decision 040).
  const deciding = winning
    ? await linkOfLatest(tx, round.id, byCounterOffer ? 'counter-offer-accepted' : 'winner')
    : null;
  const link = deciding && signedLink(deps, deciding).signedHead;
  // Every mail at the end carries the round's last link, signed: each participant's own anchor (decision 057).
  const anchor = signedLink(deps, finalLink).signedHead;
  // The buyer's mail: the winner's, or the accepted counter-offer's.
  const buyersMail = (person: { email: string; firstName: string }, bid: BidWithBidder) =>
    byCounterOffer
      ? counterOfferAcceptedBidderMail(
          person,
          round,
          { amount: bid.amount, acceptedAt: bid.createdAt, link },
          url,
          anchor,
        )
      : winnerMail(person, round, bid.amount, url, anchor);
  for (const [userId, person] of bidders) {
    if (userId === round.ownerId) continue;
    let mail = journalReadyMail(person, round, reason, url, anchor);
    if (winning)
      mail =
        userId !== winning.userId
          ? roundDecidedMail(person, round, url, anchor)
          : buyersMail(person, winning);
    await enqueueMail(tx, mail, { roundId: round.id }, attachmentsFor(round.id, userId, winning?.userId));
  }
  // The winning bid's co-bidders are bound by it as much as its party (decision 065): each gets the same.
  for (const person of winning?.coBidders ?? []) {
    if (!winning || person.deletedAt || bidders.has(person.id)) continue;
    const attach = attachmentsFor(round.id, person.id, person.id);
    await enqueueMail(tx, buyersMail(person, winning), { roundId: round.id }, attach);
  }
  const owner = round.ownerId ? await findAccount(tx, round.ownerId) : null;
  if (owner) {
    await enqueueMail(
      tx,
      !winning
        ? journalReadyMail(owner, round, reason, url, anchor)
        : byCounterOffer
          ? counterOfferOutcomeMail(
              owner,
              round,
              'accepted',
              { amount: winning.amount, who: `${winning.user.firstName} ${winning.user.lastName}` },
              roundLink,
              anchor,
            )
          : winnerChosenOwnerMail(owner, round, winning.amount, url, link, anchor),
      { roundId: round.id },
      winning ? attachmentsFor(round.id, owner.id, owner.id) : [],
    );
  }
}
