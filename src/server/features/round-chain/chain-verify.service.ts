import type { FastifyBaseLogger } from 'fastify';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';
import type { ChainExport } from '../../../shared/schemas/responses/record';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../../http/viewer';
import { exportChain } from './chain-export.service';
import {
  findJournalDigests,
  findStoredBids,
  findStoredCounterOffers,
  findStoredOutcome,
} from './chain-rows.repository';
import { firstJournalMismatch } from './journal-audit';
import { firstOutcomeMismatch } from './outcome-audit';
import { findHead } from './round-chain.repository';
import { firstRowMismatch, type RowMismatch } from './row-audit';

export interface StoredChainCheck {
  ok: boolean;
  length: number;
  /** The stored chain's last link, signed as every head handed out (decision 057). */
  head: ChainExport['head'];
  brokenAt?: number;
}

const earliest = (a: RowMismatch | null, b: RowMismatch | null) => (a && (!b || a.seq <= b.seq) ? a : b);

/**
 * GET /api/admin/bid-rounds/{id}/journal/verify (decision 040): the admin's export of the stored chain,
 * checked as `npm run verify-journal` checks a file (an admin holds every secret, so every commitment is
 * checked), and then every bid and counter-offer row against its act (row-audit.ts) and the round row
 * against its 'winner' and 'closed' acts (outcome-audit.ts), and the stored journals against the latest
 * 'journals' act (journal-audit.ts, decision 058). The head is read before the rows and the chain
 * after them, so that an act placed meanwhile is never taken for a changed row: a row and its act are
 * committed together. 404 for a round that never was and has no chain.
 */
export async function verifyStoredChain(
  deps: AppDeps,
  admin: Viewer,
  roundId: string,
  log?: FastifyBaseLogger,
): Promise<StoredChainCheck> {
  const before = await findHead(deps.db, roundId);
  const [bids, counterOffers, outcome, journals] = await Promise.all([
    findStoredBids(deps.db, roundId),
    findStoredCounterOffers(deps.db, roundId),
    findStoredOutcome(deps.db, roundId),
    findJournalDigests(deps.db, roundId),
  ]);
  const exported = await exportChain(deps, admin, roundId);
  const chain = await verifyChainExport(exported);
  const settled = before?.seq ?? 0;
  const rows = earliest(
    earliest(
      firstRowMismatch(exported.acts, { bids, counterOffers }, settled),
      firstOutcomeMismatch(exported.acts, outcome, settled),
    ),
    firstJournalMismatch(exported.acts, journals, settled),
  );
  const brokenAt = Math.min(
    chain.brokenAt ?? Number.POSITIVE_INFINITY,
    rows?.seq ?? Number.POSITIVE_INFINITY,
  );
  const answer = { ok: chain.ok && rows === null, length: chain.length, head: exported.head };
  if (answer.ok) return answer;
  // The answer names only the seq; the reason goes to the log for whoever looks into it.
  const reason = chain.brokenAt === brokenAt ? chain.reason : rows?.reason;
  log?.warn({ roundId, brokenAt, reason }, 'round chain does not hold');
  return { ...answer, brokenAt };
}
