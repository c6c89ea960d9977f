/** What the list helpers need of a round, member's or visitor's. */
interface ListedRound {
  id: string;
  deadline: string;
  createdAt: string;
  isActive: boolean;
  isClosed: boolean;
}

/** Open as GET /api/bid-rounds/active counts it: not closed, active, and before its deadline. */
export function isListedAsOpen(round: ListedRound, now: Date): boolean {
  return !round.isClosed && round.isActive && Date.parse(round.deadline) > now.getTime();
}

// The server's order for the open rounds: deadline first, then creation.
function comesBefore(a: ListedRound, b: ListedRound): boolean {
  const byDeadline = Date.parse(a.deadline) - Date.parse(b.deadline);
  return byDeadline !== 0 ? byDeadline < 0 : Date.parse(a.createdAt) < Date.parse(b.createdAt);
}

/**
 * The open-rounds list after a change to one round: it is replaced, or put in its place by deadline when
 * new (or moved), and dropped once it is closed, inactive or deleted (null).
 */
export function placeInOpenList<T extends ListedRound>(
  list: readonly T[],
  roundId: string,
  round: T | null,
  now: Date,
): T[] {
  const rest = list.filter((r) => r.id !== roundId);
  if (!round || !isListedAsOpen(round, now)) return rest;
  const at = rest.findIndex((r) => comesBefore(round, r));
  return at === -1 ? [...rest, round] : [...rest.slice(0, at), round, ...rest.slice(at)];
}

/**
 * A list that keeps rounds whatever their state (the user's, the admin's): the round replaced where it is,
 * or dropped when deleted (null). Undefined when it is not in the list, as only a refetch can place it.
 */
export function replaceInList<T extends { id: string }>(
  list: readonly T[],
  roundId: string,
  round: T | null,
): T[] | undefined {
  if (!round) return list.filter((r) => r.id !== roundId);
  const at = list.findIndex((r) => r.id === roundId);
  if (at === -1) return undefined;
  return list.map((r, i) => (i === at ? round : r));
}
