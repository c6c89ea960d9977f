import type { PersonalDataExport } from '../../../shared/schemas/responses/user';
import type { AppDeps } from '../../deps';
import { NotFound } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { toCurrentUser } from '../accounts/accounts.service';
import { listRounds } from '../bid-rounds/bid-rounds.service';
import { listUserBids } from '../bids/bids.service';
import { counterOffersTo } from '../counter-offers/counter-offer-records';
import { noticeDataForExport } from '../fair-notice/fair-notice.service';
import { listJournals } from '../journals/journals.service';
import { passkeysForExport } from '../passkeys/passkey-records';
import { viewingSignupsForExport } from '../viewings/viewing-signups.service';
import {
  findAdminActionsForExport,
  findFollowsForExport,
  findProfileForExport,
  findProofsForExport,
  findResetRequestsForExport,
  findSessionsForExport,
} from './data-export.repository';

/** What GET /api/users/me/export returns, typed by the schema that documents it. */
export type { PersonalDataExport };

export const EXPORT_FILENAME = 'budrunde-mine-data.json';

const ABOUT =
  'Alle opplysninger Budrunde har om deg da filen ble laget (personvernforordningen art. 15 og 20). ' +
  'I budjournaler der du er budgiver, er de andre budgiverne anonyme. I budjournaler der du er selger, ' +
  'står budgivernes navn og kontaktopplysninger, slik selgeren skal ha dem (eiendomsmeglingsforskriften § 3-5).';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything the product holds about the signed-in user (decision 014). Bids, rounds and journals come
 * from the same services as the user's own pages, so the export shows exactly what those show and never
 * more: other bidders stay pseudonymous in a bidder's journal, and only the seller's own journal copy names
 * them. Other people's details that a page shows next to the user's own (the seller's contact on a round
 * the user bid on) are left out.
 */
export async function exportPersonalData(deps: AppDeps, viewer: Viewer): Promise<PersonalDataExport> {
  const { db } = deps;
  const profile = await findProfileForExport(db, viewer.id);
  if (!profile) throw new NotFound('Fant ikke brukeren');
  const now = deps.clock.now();
  // One after the other: in parallel, one download would hold most of the pool's connections at once.
  const sessions = await findSessionsForExport(db, viewer.id, now);
  const bids = await listUserBids(deps, viewer);
  const rounds = await listRounds(db, viewer, { kind: 'user', userId: viewer.id });
  const follows = await findFollowsForExport(db, viewer.id);
  const journals = await listJournals(deps, viewer);
  const counterOffersReceived = await counterOffersTo(db, viewer.id, now);
  const resets = await findResetRequestsForExport(db, viewer.id);
  const proofs = await findProofsForExport(db, viewer.id);
  const actions = await findAdminActionsForExport(db, viewer.id);
  const passkeys = await passkeysForExport(db, viewer.id);
  const viewingSignups = await viewingSignupsForExport(db, viewer.id);
  const roundNotices = await noticeDataForExport(db, viewer.id);
  return {
    about: ABOUT,
    exportedAt: now.toISOString(),
    profile: {
      ...toCurrentUser(profile),
      birthDate: profile.birthDate,
      emailVerificationSentAt: iso(profile.emailVerificationSentAt),
      passwordResetSentAt: iso(profile.passwordResetSentAt),
      updatedAt: profile.updatedAt.toISOString(),
    },
    sessions: sessions.map(({ sess, expire }) => {
      const times = sess as { createdAt?: number; lastSeenAt?: number };
      return {
        startedAt: times.createdAt ? new Date(times.createdAt).toISOString() : null,
        lastUsedAt: times.lastSeenAt ? new Date(times.lastSeenAt).toISOString() : null,
        expiresAt: expire.toISOString(),
      };
    }),
    bids,
    ownRounds: rounds
      .filter((round) => round.isOwner)
      .map((round) => ({
        id: round.id,
        createdAt: round.createdAt,
        deadline: round.deadline,
        minimumBidDeadline: round.minimumBidDeadline,
        isClosed: round.isClosed,
        closedAt: round.closedAt,
        closeReason: round.closeReason,
        smsNotificationsEnabled: round.smsNotificationsEnabled,
        property: {
          title: round.property.title,
          address: round.property.address,
          description: round.property.description,
          startingPrice: round.property.price,
          size: round.property.size,
          rooms: round.property.rooms,
          buildYear: round.property.buildYear,
          floor: round.property.floor,
          imageUrl: round.property.imageUrl,
        },
      })),
    follows: follows.map((f) => ({
      bidRoundId: f.bidRoundId,
      followedAt: f.followedAt.toISOString(),
      property: { title: f.title, address: f.address },
    })),
    journals,
    counterOffersReceived,
    passwordResetRequests: resets.map((r) => ({
      ...r,
      requestedAt: r.requestedAt.toISOString(),
      approvedAt: iso(r.approvedAt),
      completedAt: iso(r.completedAt),
    })),
    financingProofs: proofs.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    administratorActions: actions.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    viewingSignups,
    passkeys,
    roundNotices,
  };
}
