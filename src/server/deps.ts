import type { Clock } from './clock';
import type { Db } from './db/client';
import type { Env } from './env';
import type { EventHub } from './events/event-hub';
import type { Mailer } from './mail/mailer';
import type { ChainKey } from './security/chain-key';
import type { RateLimiter } from './security/rate-limiter';
import type { SmsSender } from './sms/sms-sender';
import type { ObjectStorage } from './storage/storage';

/** Everything a service may need from the outside world; tests build their own. */
export interface AppDeps {
  env: Env;
  db: Db;
  clock: Clock;
  storage: ObjectStorage;
  mailer: Mailer;
  sms: SmsSender;
  limiter: RateLimiter;
  /** This process's live streams (GET /api/events). */
  events: EventHub;
  /** Signs every chain head handed out (decision 057). */
  chainKey: ChainKey;
}
