import type { AppDeps } from '../deps';
import { bidLapseJobHandlers } from '../features/bids/bid-lapse';
import { bidNoticeJobHandlers } from '../features/bids/bid-notices';
import { bidPlacedJobHandlers } from '../features/bids/bid-notifications';
import { mailJobHandlers } from '../mail/mail-jobs';
import { smsJobHandlers } from '../sms/sms-jobs';
import { storageJobHandlers } from '../storage/storage-jobs';
import type { JobHandler } from './worker';

/** Every job type the worker knows, by name. */
export function createJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    ...mailJobHandlers(deps),
    ...smsJobHandlers(deps),
    ...storageJobHandlers(deps),
    ...bidLapseJobHandlers(deps),
    ...bidPlacedJobHandlers(deps),
    ...bidNoticeJobHandlers(deps),
  };
}
