import type { Redis } from 'ioredis';
import { type Count, type Counters, CountersUnavailable } from './counters';

// INCR and, for the first count of a window, PEXPIRE, in one script: atomic, one round trip. The key's
// time to live is the window.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

// Only while the window runs: a DECR on an expired key would start a count with no expiry.
const DECREMENT = `
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`;

/** Counters in Redis (REDIS_URL), shared by every process that uses the same Redis. */
export class RedisCounters implements Counters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'budrunde:limit:',
  ) {}

  async increment(key: string, windowMs: number): Promise<Count> {
    const [count, ttl] = (await this.call(() =>
      this.redis.eval(INCREMENT, 1, this.prefix + key, windowMs),
    )) as [number, number];
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async decrement(key: string): Promise<void> {
    await this.call(() => this.redis.eval(DECREMENT, 1, this.prefix + key));
  }

  async remove(key: string): Promise<void> {
    await this.call(() => this.redis.del(this.prefix + key));
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new CountersUnavailable(error);
    }
  }
}
