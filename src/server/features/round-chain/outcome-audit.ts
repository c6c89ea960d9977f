import type { ExportedLink } from '../../../shared/chain-check/verify-chain';
import type { StoredOutcome } from './chain-rows.repository';
import type { RowMismatch } from './row-audit';

// Whether the round row still says how the round ended as its chain does: the 'closed' act's time, reason
// and winning bid, and the 'winner' act's bid (the owner's signed choice). A winner set or changed by SQL,
// or a round reopened behind the app's back, is found here; the rows of bids and counter-offers are
// row-audit.ts's. A round closed before its chain began, or deleted, has nothing to compare.

/**
 * Where the round's deadline, its open starting price or its shortest acceptance deadline differs from what
 * its acts recorded, on a round chained from its opening: the deadline never changes after 'opened', the
 * price is the 'opened' act's, or the latest 'starting-price' act's (a closed round's property may have moved
 * on to a new round and price), and the shortest acceptance deadline the latest one recorded.
 */
function termsMismatch(
  links: ExportedLink[],
  outcome: StoredOutcome,
  settledUpTo: number,
): RowMismatch | null {
  const opened = links[0];
  if (opened?.act.kind !== 'opened') return null;
  if (opened.act.deadline !== outcome.deadline)
    return { seq: opened.seq, reason: 'Fristen for budrunden i databasen er ikke fristen i kjeden' };
  const priced = links.filter((l) => l.act.kind === 'opened' || l.act.kind === 'starting-price').at(-1);
  if (!outcome.isClosed && priced && priced.seq <= settledUpTo && priced.act.price !== outcome.price)
    return { seq: priced.seq, reason: 'Prisantydningen i databasen er ikke den i kjeden' };
  // The shortest acceptance deadline: the 'opened' act's (from decision 058 on), or the latest change's.
  const limited = links
    .filter((l) => l.act.kind === 'minimum-bid-deadline' || (l === opened && 'minimumBidDeadline' in l.act))
    .at(-1);
  if (limited && limited.seq <= settledUpTo && limited.act.minimumBidDeadline !== outcome.minimumBidDeadline)
    return { seq: limited.seq, reason: 'Korteste akseptfrist i databasen er ikke den i kjeden' };
  return null;
}

/** The first way the round row differs from its 'opened', 'starting-price', 'winner' or 'closed' act, by seq. */
export function firstOutcomeMismatch(
  links: ExportedLink[],
  outcome: StoredOutcome | null,
  settledUpTo: number,
): RowMismatch | null {
  if (!outcome || links.length === 0) return null;
  const terms = termsMismatch(links, outcome, settledUpTo);
  const end = endMismatch(links, outcome, settledUpTo);
  return terms && (!end || terms.seq <= end.seq) ? terms : end;
}

/** Where the round row differs from its 'winner' or 'closed' act. */
function endMismatch(links: ExportedLink[], outcome: StoredOutcome, settledUpTo: number): RowMismatch | null {
  const closed = links.find((l) => l.act.kind === 'closed');
  const winner = links.find((l) => l.act.kind === 'winner');
  if (winner && winner.seq <= settledUpTo && outcome.winningBidId !== winner.act.bidId)
    return { seq: winner.seq, reason: 'Vinneren i databasen er ikke budet selgeren valgte i kjeden' };
  if (closed && closed.seq <= settledUpTo) {
    const reason = closedProblem(closed.act, outcome);
    return reason ? { seq: closed.seq, reason } : null;
  }
  if (closed) return null;
  // Closed in the row but not in the chain: wrong only if the chain was already there when it closed.
  const start = links[0]?.act.at;
  if (
    outcome.isClosed &&
    outcome.closedAt !== null &&
    typeof start === 'string' &&
    outcome.closedAt >= start
  ) {
    const at = outcome.closedAt;
    const place = links.find((l) => typeof l.act.at === 'string' && l.act.at > at)?.seq ?? links.at(-1)?.seq;
    return { seq: place ?? 1, reason: 'Budrunden er lukket i databasen, men ikke i kjeden' };
  }
  // A winner is only ever set as the round closes: one on an open round was set behind the app's back.
  if (outcome.winningBidId !== null && !outcome.isClosed)
    return { seq: links.at(-1)?.seq ?? 1, reason: 'Budrunden har en vinner i databasen, men ikke i kjeden' };
  return null;
}

function closedProblem(act: Record<string, unknown>, outcome: StoredOutcome): string | null {
  if (!outcome.isClosed) return 'Budrunden er ikke lukket i databasen';
  if (outcome.closedAt !== act.at) return 'Tidspunktet budrunden ble lukket i databasen er ikke det i kjeden';
  if (outcome.closeReason !== act.reason) return 'Hvordan budrunden endte i databasen er ikke det i kjeden';
  if (outcome.winningBidId !== act.winningBidId) return 'Vinneren i databasen er ikke vinneren i kjeden';
  return null;
}
