import type { ChainLink } from '../../../shared/record/round-act';
import type { CloseReason } from '../../../shared/schemas/bid-round';
import type { DbOrTx } from '../../db/client';
import type { LockedRound } from '../../db/round-lock';
import type { AppDeps } from '../../deps';
import { counterOfferAcceptedBidderMail, counterOfferOutcomeMail } from '../../mail/counter-offer-mails';
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
  for (const [userId, person] of bidders) {
    if (userId === round.ownerId) continue;
    let mail = journalReadyMail(person, round, reason, url, anchor);
    if (winning)
      mail =
        userId !== winning.userId
          ? roundDecidedMail(person, round, url, anchor)
          : byCounterOffer
            ? counterOfferAcceptedBidderMail(
                person,
                round,
                { amount: winning.amount, acceptedAt: winning.createdAt, link },
                url,
                anchor,
              )
            : winnerMail(person, round, winning.amount, url, anchor);
    await enqueueMail(tx, mail, { roundId: round.id });
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
    );
  }
}
