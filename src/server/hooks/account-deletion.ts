import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';

/** What a step leaves for the very end of the deletion, in the same transaction. */
export type AfterDeletion = () => Promise<void>;

/**
 * One feature's part in deleting an account, in the deletion's transaction (the user's own or an
 * administrator's). It may leave a follow-up with `atTheEnd`: run last, once every step and the account's
 * own scrub are done, with what the step read while the account still existed.
 */
export type AccountDeletionStep = (
  tx: Tx,
  userId: string,
  deps: AppDeps,
  atTheEnd: (followUp: AfterDeletion) => void,
) => Promise<void>;

export interface AccountDeletionSteps {
  /** Before the account's row is scrubbed: what needs the person still there, or must be gone before it. */
  whileItExists: AccountDeletionStep[];
  /** Once the row is scrubbed and the follows are gone. */
  onceScrubbed: AccountDeletionStep[];
}

// Account deletion reaches into most features, which all read accounts; so accounts lies lowest of them in
// the order of feature folders and imports none (decision 056). Each feature's part is registered here by
// the composition root (app.ts) when it loads, in the order the parts must run, and accounts runs them
// around its own scrub of the row.
const registered = {
  whileItExists: new Set<AccountDeletionStep>(),
  onceScrubbed: new Set<AccountDeletionStep>(),
};

export function registerAccountDeletionSteps(steps: AccountDeletionSteps): void {
  for (const step of steps.whileItExists) registered.whileItExists.add(step);
  for (const step of steps.onceScrubbed) registered.onceScrubbed.add(step);
}

/**
 * Runs one phase's steps, one after the other in their order, and gives back the follow-ups they left.
 * Throws if none was registered (app.ts never loaded) rather than delete an account by halves.
 */
export async function runAccountDeletionSteps(
  phase: keyof AccountDeletionSteps,
  tx: Tx,
  userId: string,
  deps: AppDeps,
): Promise<AfterDeletion[]> {
  if (registered[phase].size === 0)
    throw new Error(
      'No account-deletion steps registered: load src/server/app.ts before deleting an account',
    );
  const followUps: AfterDeletion[] = [];
  for (const step of registered[phase]) await step(tx, userId, deps, (followUp) => followUps.push(followUp));
  return followUps;
}
