import { placeBidSchema } from '../../shared/schemas/bid';
import { createRoundSchema } from '../../shared/schemas/bid-round';
import { databaseNow } from '../db/time';
import type { AppDeps } from '../deps';
import { findViewerById, type Viewer } from '../features/accounts/accounts.repository';
import { createRound } from '../features/bid-rounds/bid-rounds.service';
import { selectWinner } from '../features/bid-rounds/round-lifecycle.service';
import { placeBid } from '../features/bids/bids.service';
import { uploadProof } from '../features/financing-proofs/financing-proofs.service';
import { demoFinancingProofPdf } from './demo-financing-proof';

const HOUR = 3_600_000;

async function viewer(deps: AppDeps, id: string): Promise<Viewer> {
  const found = await findViewerById(deps.db, id);
  if (!found) throw new Error(`demo user ${id} is missing`);
  return found;
}

/**
 * Bids on two of the open demo rounds and one round that is already decided, with journals, all placed
 * through the same services as real requests, so the demo shows a live bid list and a finished journal.
 */
export async function seedDemoBids(
  deps: AppDeps,
  ids: { seller: string; bidderA: string; bidderB: string },
  openRoundIds: string[],
): Promise<void> {
  const [seller, ola, ingrid] = await Promise.all([
    viewer(deps, ids.seller),
    viewer(deps, ids.bidderA),
    viewer(deps, ids.bidderB),
  ]);
  const now = await databaseNow(deps.db);
  const bid = (
    who: Viewer,
    bidRoundId: string,
    amount: number,
    conditions: string | { kind: string; text?: string; until?: string }[] | null = null,
    financingProofId: string | null = null,
  ) =>
    placeBid(
      deps,
      who,
      placeBidSchema.parse({
        bidRoundId,
        amount,
        conditions,
        bidDeadline: new Date(now.getTime() + 26 * HOUR),
        financingProofId,
      }),
    );

  const [, apartment, house] = openRoundIds;
  if (apartment) {
    // A typed condition with a deadline (decision 066): the seller sees it, and Ola may waive it.
    await bid(ola, apartment, 5_250_000, [
      { kind: 'Finansiering', until: new Date(now.getTime() + 20 * HOUR).toISOString() },
    ]);
    await bid(ingrid, apartment, 5_400_000);
    // Ola's last bid carries a financing proof, so the seller sees 'Vedlagt' and can download it.
    const proof = await uploadProof(
      deps,
      ola,
      'application/pdf',
      demoFinancingProofPdf('Ola Hansen', '6 000 000 kr'),
    );
    await bid(ola, apartment, 5_550_000, 'Forbehold om finansiering', proof.id);
  }
  if (house) await bid(ingrid, house, 8_500_000, 'Forbehold om salg av egen bolig');

  const decided = await createRound(
    deps.db,
    seller.id,
    createRoundSchema.parse({
      title: 'Solgt: leilighet på Frogner',
      address: 'Gyldenløves gate 20, 0260 Oslo',
      description: 'Et eksempel på en avsluttet budrunde med budjournal.',
      startingPrice: 6_000_000,
      deadline: new Date(now.getTime() + 48 * HOUR).toISOString(),
      size: 68,
      rooms: 3,
    }),
  );
  await bid(ingrid, decided, 6_000_000);
  await bid(ola, decided, 6_200_000);
  const winning = await bid(ingrid, decided, 6_350_000);
  await selectWinner(deps, seller, decided, winning.id);
}
