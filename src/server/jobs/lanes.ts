/**
 * A lane is a share of the worker with its own claim query and its own concurrency: a backlog or a slow
 * provider in one lane cannot hold up another. See docs/decisions/013-job-worker-lanes-and-timeouts.md.
 */
export interface JobLane {
  name: string;
  /** The job types this lane claims. Left out: every type that no other lane names (exactly one such lane). */
  types?: readonly string[];
  /** How many of this lane's jobs one process runs at once. */
  concurrency: number;
}

// The type names are written out rather than imported from mail/ and sms/, so that the queue does not load
// the features whose jobs it runs; lanes.test.ts checks that they still match.
export const DEFAULT_LANES: readonly JobLane[] = [
  // Someone is waiting at the screen for these links; a few at a time keeps them apart from each other.
  { name: 'account-mail', types: ['mail:verify-email', 'mail:password-reset'], concurrency: 2 },
  // Another provider than mail: a dead SMTP server must not hold up SMS, nor the other way round.
  // A new-bid notice's SMS is written as it is sent (decision 053), so it is an SMS job like the others.
  { name: 'sms', types: ['sms:send', 'bid:new-bid-sms'], concurrency: 2 },
  // The owner's and followers' notices about a round, and the digests that fold them (decision 028): few,
  // since they are folded per window, and never queued behind a storm's fan-out jobs and receipts.
  { name: 'notices', types: ['bid:notice-digest', 'mail:notice', 'bid:new-bid-mail'], concurrency: 2 },
  // Bid notifications and the rest: the bulk, which may wait a little.
  { name: 'default', concurrency: 4 },
];

/**
 * The most SMTP sends one process can have under way at once: every lane but SMS may send mail. The
 * SMTP pool is sized to it, so that a send never queues inside nodemailer behind another lane's mail.
 */
export const MAX_CONCURRENT_MAIL = DEFAULT_LANES.filter((lane) => lane.name !== 'sms').reduce(
  (sum, lane) => sum + lane.concurrency,
  0,
);

/** Refuses lane sets that would leave some job type without a lane, or claim one type twice. */
export function checkLanes(lanes: readonly JobLane[]): void {
  const catchAll = lanes.filter((lane) => !lane.types);
  if (catchAll.length !== 1)
    throw new Error('exactly one job lane must take every type the others do not name');
  const named = lanes.flatMap((lane) => lane.types ?? []);
  if (new Set(named).size !== named.length) throw new Error('a job type is named by more than one lane');
  if (lanes.some((lane) => !(lane.concurrency >= 1)))
    throw new Error('a job lane needs a concurrency of 1 or more');
}

/** The job types this lane must not claim: those that belong to the named lanes. */
export function typesOfOtherLanes(lane: JobLane, lanes: readonly JobLane[]): string[] {
  return lane.types ? [] : lanes.flatMap((other) => other.types ?? []);
}
