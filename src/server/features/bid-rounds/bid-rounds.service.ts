import { formatMoney } from '../../../shared/format/money';
import { defaultRoundDeadline } from '../../../shared/rules/round-deadlines';
import { MAX_ROUND_PHOTOS, TOO_MANY_PHOTOS_MESSAGE } from '../../../shared/rules/round-edits';
import { type BidRoundView, type CreateRoundInput, toObjectPath } from '../../../shared/schemas/bid-round';
import type { Db, DbOrTx } from '../../db/client';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { NotFound, ValidationError } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { requireVerifiedIdentity } from '../../security/identity-requirement';
import { recordIfActingAsAdmin } from '../admin-actions/admin-actions.service';
import { findHighestLiveBid, ROUND_NOT_FOUND } from '../bids/bids.service';
import { isStoredPropertyImage } from '../images/upload.service';
import { recordOpened, recordStartingPrice } from '../round-chain/round-acts';
import { signedLink } from '../round-chain/round-chain.service';
import type { ActiveRound, ActiveRoundsCache } from './active-rounds-cache';
import {
  findRoundForReading,
  insertProperty,
  insertRound,
  isImageInUse,
  updatePropertyPrice,
  updateRound,
} from './bid-rounds.repository';
import { recordRoundChange } from './round-changes';
import { lockOpenRoundToManage } from './round-lifecycle.service';
import { roundViewFor, toPublicRound, toRoundView } from './round-views';
import { findRoundRows, type RoundListFilter } from './round-views.repository';

/** Creates a property and its round in one transaction. Deadlines are checked against database time. */
export async function createRound(db: Db, ownerId: string, input: CreateRoundInput): Promise<string> {
  return db.transaction(async (tx) => {
    const now = await databaseNow(tx);
    const deadline = input.deadline ? new Date(input.deadline) : defaultRoundDeadline(now);
    if (deadline <= now) {
      throw new ValidationError('Budfristen for budrunden må være frem i tid', [
        { path: 'deadline', message: 'Budfristen for budrunden må være frem i tid' },
      ]);
    }
    const minimumBidDeadline = input.minimumBidDeadline ? new Date(input.minimumBidDeadline) : null;
    if (minimumBidDeadline && minimumBidDeadline > deadline) {
      const message = 'Korteste akseptfrist kan ikke være etter budfristen for budrunden';
      throw new ValidationError(message, [{ path: 'minimumBidDeadline', message }]);
    }
    const photos = roundPhotos(input);
    const propertyId = await insertProperty(tx, {
      title: input.title,
      address: input.address,
      description: input.description || null,
      price: input.startingPrice,
      size: input.size ?? null,
      rooms: input.rooms ?? null,
      buildYear: input.buildYear ?? null,
      floor: input.floor || null,
      imageUrl: photos[0] ?? null,
      imageUrls: photos,
      ownerId,
    });
    const roundId = await insertRound(tx, {
      propertyId,
      deadline,
      minimumBidDeadline,
      sellerMinimumBidDeadline: minimumBidDeadline,
      minimumBidDeadlineReason: minimumBidDeadline ? 'seller' : null,
    });
    await recordOpened(tx, { id: roundId, price: input.startingPrice, deadline, minimumBidDeadline }, now);
    await publishEvent(tx, { type: 'round', roundId, change: 'created' });
    return roundId;
  });
}

/**
 * The open rounds, soonest deadline first. Visitors get public fields only, the starting price among them: no
 * bids, no highest bid, no owner details. Read from the shared cache, which each viewer's `hasBid` is worked
 * out from.
 *
 * The whole answer is kept as bytes per set of viewer flags (decision 050): most viewers own no open round
 * and have bid on few, so they share one answer, written once per change of the list instead of being
 * joined and encoded for every request (measured: the join, its garbage and the UTF-8 encoding were a fifth
 * of the server's work on the signed-in list). Dropped with the cache's entry, so as fresh as the rounds.
 */
export async function listActiveRounds(cache: ActiveRoundsCache, viewer: Viewer | null): Promise<Buffer> {
  const { rounds, answers } = await cache.get();
  const key = viewerFlagsKey(rounds, viewer);
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = Buffer.from(`[${rounds.map((round) => activeRoundJson(round, viewer)).join(',')}]`, 'utf8');
    if (answers.size < MAX_ANSWERS) answers.set(key, answer);
  }
  return answer;
}

/** Enough for every owner and bidder of a busy list; past it, a rare combination is written per request. */
const MAX_ANSWERS = 200;

/** What the answer depends on for this viewer: the rounds they own or have bid on, by position. */
function viewerFlagsKey(rounds: readonly ActiveRound[], viewer: Viewer | null): string {
  if (!viewer) return 'visitor';
  let key = 'user';
  for (let i = 0; i < rounds.length; i++) {
    const round = rounds[i] as ActiveRound;
    const isOwner = round.row.property.ownerId === viewer.id;
    const hasBid = round.bidderIds.has(viewer.id);
    if (isOwner || hasBid) key += `,${i}${isOwner ? 'o' : ''}${hasBid ? 'b' : ''}`;
  }
  return key;
}

/**
 * One open round as JSON for this viewer. A round's JSON depends on the viewer only through roundViewFor's
 * two flags (or on nothing, for visitors), so it is serialised once per cache fill and variant, and a
 * request between changes only joins strings: the round list is what every screen asks for.
 */
function activeRoundJson({ row, bidderIds, json }: ActiveRound, viewer: Viewer | null): string {
  const isOwner = viewer !== null && row.property.ownerId === viewer.id;
  const hasBid = viewer !== null && bidderIds.has(viewer.id);
  const key = viewer ? `${isOwner}:${hasBid}` : 'visitor';
  let text = json.get(key);
  if (text === undefined) {
    text = JSON.stringify(viewer ? roundViewFor(row, isOwner, hasBid) : toPublicRound(row));
    json.set(key, text);
  }
  return text;
}

export async function listRounds(db: Db, viewer: Viewer, filter: RoundListFilter): Promise<BidRoundView[]> {
  return (await findRoundRows(db, filter, viewer.id)).map((row) => toRoundView(row, viewer.id));
}

export async function getRound(db: Db, viewer: Viewer, id: string): Promise<BidRoundView> {
  const [round] = await listRounds(db, viewer, { kind: 'one', id });
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  return round;
}

/** Whether a round exists, whoever asks: its page answers 404 when it was never made or has been deleted. */
export async function roundExists(db: Db, id: string): Promise<boolean> {
  return (await findRoundForReading(db, id)) !== null;
}

/** Owner or admin, while the round is open; never above the current highest live bid (PRODUCT.md). */
export async function updateStartingPrice(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  price: number,
): Promise<{ newStartingBid: number } & ReturnType<typeof signedLink>> {
  return deps.db.transaction(async (tx) => {
    const { round, now } = await lockOpenRoundToManage(tx, viewer, roundId);
    const highest = await findHighestLiveBid(tx, roundId, now);
    if (highest !== null && price > highest) {
      const message = 'Startprisen kan ikke være høyere enn det høyeste budet';
      throw new ValidationError(message, [{ path: 'newStartingBid', message }]);
    }
    await updatePropertyPrice(tx, round.propertyId, price);
    const link = await recordStartingPrice(tx, round.id, price, round.price, now);
    await publishEvent(tx, { type: 'round', roundId, change: 'price' });
    // Shown under 'Endringer' (decision 046), with both prices while a live bid stands (decision 054); the
    // admin's audit row is the one below, which names both prices.
    await recordRoundChange(tx, deps, round, viewer, ['starting-price'], now, {
      audited: true,
      values: { 'starting-price': { from: round.price, to: price } },
    });
    await recordIfActingAsAdmin(
      tx,
      viewer,
      round.ownerId,
      'update-starting-price',
      round.id,
      `Endret startprisen i budrunden «${round.title}» fra ${formatMoney(round.price)} til ${formatMoney(price)}`,
    );
    return { newStartingBid: price, ...signedLink(deps, link) };
  });
}

export async function setSmsNotifications(
  db: Db,
  viewer: Viewer,
  roundId: string,
  enabled: boolean,
): Promise<boolean> {
  await db.transaction(async (tx) => {
    // Nothing more is sent about a round that has ended; a switch that seems to work there would mislead.
    const { round } = await lockOpenRoundToManage(tx, viewer, roundId);
    await updateRound(tx, roundId, { smsNotificationsEnabled: enabled });
    await publishEvent(tx, { type: 'round', roundId, change: 'settings' });
    await recordIfActingAsAdmin(
      tx,
      viewer,
      round.ownerId,
      'sms-notifications',
      round.id,
      `Slo ${enabled ? 'på' : 'av'} SMS-varsler i budrunden «${round.title}»`,
    );
  });
  return enabled;
}

/**
 * The round's photos as stored paths: `imageUrl`, the cover, first, then `imageUrls` in their order, each
 * once (decision 043). SPEC.md's clients send only `imageUrl`; the create form sends both.
 */
export function roundPhotos(input: Pick<CreateRoundInput, 'imageUrl' | 'imageUrls'>): string[] {
  const paths = [input.imageUrl, ...(input.imageUrls ?? [])]
    .filter((url): url is string => Boolean(url))
    .map((url) => toObjectPath(url) ?? url);
  return [...new Set(paths)];
}

/** POST /api/bid-round: the signed-in user becomes the owner. Every image must be one this server stored. */
export async function createRoundFor(
  deps: AppDeps,
  viewer: Viewer,
  input: CreateRoundInput,
): Promise<BidRoundView> {
  requireVerifiedIdentity(deps.env, viewer, 'round');
  const photos = roundPhotos(input);
  if (photos.length > MAX_ROUND_PHOTOS) {
    throw new ValidationError(TOO_MANY_PHOTOS_MESSAGE, [
      { path: 'imageUrls', message: TOO_MANY_PHOTOS_MESSAGE },
    ]);
  }
  for (const photo of photos) {
    if (await isStoredPropertyImage(deps.storage, photo)) continue;
    const message = 'Fant ikke bildet. Last opp på nytt.';
    throw new ValidationError(message, [
      { path: photo === photos[0] && input.imageUrl ? 'imageUrl' : 'imageUrls', message },
    ]);
  }
  const id = await createRound(deps.db, viewer.id, input);
  return getRound(deps.db, viewer, id);
}

/**
 * Whether any property still shows this image, as its cover or among its photos: one upload may have been
 * used for more than one round. Rows stored before decision 043 may hold the path without /objects/.
 */
export function isPropertyImageInUse(db: DbOrTx, imageUrl: string): Promise<boolean> {
  const path = toObjectPath(imageUrl) ?? imageUrl;
  return isImageInUse(db, [...new Set([imageUrl, path, path.replace(/^\/objects\//, '')])]);
}
