import type { DbOrTx } from '../db/client';
import type { AppDeps } from '../deps';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/worker';

export const DELETE_OBJECTS_JOB = 'storage:delete';

/**
 * Deletes stored files once the caller's transaction commits, with the queue's retries: storage is not part
 * of the transaction, and a private file (a financing proof) must not outlive the rows that owned it.
 */
export async function enqueueObjectDeletion(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length > 0) await enqueueJob(db, DELETE_OBJECTS_JOB, { keys });
}

export function storageJobHandlers({ storage }: Pick<AppDeps, 'storage'>): Record<string, JobHandler> {
  return {
    [DELETE_OBJECTS_JOB]: async (payload) => {
      // Deleting a file that is already gone succeeds, so a retried job does no harm.
      for (const key of (payload as { keys: string[] }).keys) await storage.delete(key);
    },
  };
}
