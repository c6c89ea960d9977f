import type { ViewingSignup } from '../../../shared/schemas/viewing';
import type { Db, DbOrTx } from '../../db/client';
import { lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { enqueueMail } from '../../mail/mail-jobs';
import { viewingSignupMail } from '../../mail/viewing-mails';
import { followInTransaction } from '../bid-rounds/round-follows.service';
import { roundUrl } from '../bids/bid-notices';
import { ROUND_NOT_FOUND } from '../bids/bids.service';
import { ALREADY_CLOSED, assertCanManage } from '../bids/round-access';
import { calendarFile } from './viewing-calendar';
import {
  deleteSignup,
  deleteSignupsOfUser,
  findRoundListing,
  findSignedUpViewingIds,
  findSignups,
  findSignupsOfUser,
  findViewing,
  insertSignup,
} from './viewings.repository';
import { VIEWING_IS_OVER, VIEWING_NOT_FOUND, viewingOfRound } from './viewings.service';

export const OWN_ROUND = 'Du kan ikke melde deg på visning i din egen budrunde';

/**
 * Signs the user up for a viewing, or off it (the visningsliste, decision 045). Only a verified address, as
 * for following: the seller calls the people on the list. Signing up follows the round too, so that the
 * owner's follower list and visningsliste, open on their page, hear of it at once, and of a signing off too.
 * Under the round's lock, so that nobody joins the list of a round that has just closed; asking twice changes
 * nothing.
 */
export async function setSignedUp(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  viewingId: string,
  signedUp: boolean,
): Promise<{ signedUp: boolean }> {
  if (!viewer.emailVerified) throw new Forbidden('E-post ikke bekreftet');
  return deps.db.transaction(async (tx) => {
    const round = await lockRound(tx, roundId);
    if (!round) throw new NotFound(ROUND_NOT_FOUND);
    if (round.ownerId === viewer.id) throw new Forbidden(OWN_ROUND);
    const now = await databaseNow(tx);
    if (round.isClosed || round.deadline <= now) throw new Conflict(ALREADY_CLOSED);
    const viewing = await findViewing(tx, roundId, viewingId);
    if (!viewing) throw new NotFound(VIEWING_NOT_FOUND);
    // The list of a viewing that is over is what the seller follows up: it no longer changes.
    if (viewing.endsAt <= now) throw new Conflict(VIEWING_IS_OVER);
    if (signedUp) {
      const isNew = await insertSignup(tx, viewingId, viewer.id);
      await followInTransaction(tx, roundId, viewer.id);
      // Confirmed in writing, with the viewing as a calendar file; asking again sends nothing more.
      if (isNew) {
        const calendar = calendarFile(
          deps,
          { id: roundId, title: round.title, address: round.address },
          viewing,
        );
        const links = { round: roundUrl(deps, roundId) };
        const mail = viewingSignupMail(viewer, round, viewing, now, links, calendar);
        await enqueueMail(tx, mail, { roundId });
      }
    } else {
      await deleteSignup(tx, viewingId, viewer.id);
    }
    // Either way the owner's page refetches its lists: 'Visningsliste (n)' counts both.
    await publishEvent(tx, { type: 'round', roundId, change: 'followers' });
    return { signedUp };
  });
}

/** The viewings of the round the caller is signed up for: which buttons say 'Meld av'. */
export async function mySignups(db: Db, viewer: Viewer, roundId: string): Promise<{ viewingIds: string[] }> {
  if (!(await findRoundListing(db, roundId))) throw new NotFound(ROUND_NOT_FOUND);
  return { viewingIds: await findSignedUpViewingIds(db, roundId, viewer.id) };
}

/** A viewing's list for its round's owner or an administrator: name, e-mail and phone, to follow up. */
export async function viewingSignups(
  db: Db,
  viewer: Viewer,
  roundId: string,
  viewingId: string,
): Promise<{ viewing: { startsAt: Date }; signups: ViewingSignup[] }> {
  assertCanManage(await findRoundListing(db, roundId), viewer);
  const viewing = await viewingOfRound(db, roundId, viewingId);
  const rows = await findSignups(db, viewingId);
  return {
    viewing,
    signups: rows.map((r) => ({
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      signedUpAt: r.signedUpAt.toISOString(),
    })),
  };
}

/** The user's own signups, for their data export (decision 014): which round, and when the viewing was. */
export async function viewingSignupsForExport(db: Db, userId: string) {
  return (await findSignupsOfUser(db, userId)).map((s) => ({
    roundId: s.roundId,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
  }));
}

/**
 * With a deleted account (decision 014): the person leaves every viewing list, so that no owner's list or
 * CSV keeps their name, phone or e-mail; before, the rows stayed and were only hidden.
 */
export function forgetSignupsOf(tx: DbOrTx, userId: string): Promise<void> {
  return deleteSignupsOfUser(tx, userId);
}
