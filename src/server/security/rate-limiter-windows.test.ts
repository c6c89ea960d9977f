import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../tests/setup/test-clock';
import { RateLimiter } from './rate-limiter';

const MINUTE = 60_000;

describe('RateLimiter', () => {
  it('refuses after the limit within the window, and allows again once it has passed', () => {
    const clock = new TestClock();
    const limiter = new RateLimiter(clock);
    const results = Array.from({ length: 4 }, () => limiter.hit('k', 3, MINUTE));
    expect(results).toEqual([true, true, true, false]);
    clock.advance(MINUTE);
    expect(limiter.hit('k', 3, MINUTE)).toBe(true);
  });

  it('release gives one attempt back; reset forgets the key', () => {
    const limiter = new RateLimiter(new TestClock());
    for (let i = 0; i < 3; i++) limiter.hit('k', 3, MINUTE);
    limiter.release('k');
    expect(limiter.hit('k', 3, MINUTE)).toBe(true);
    expect(limiter.hit('k', 3, MINUTE)).toBe(false);
    limiter.reset('k');
    expect(limiter.hit('k', 3, MINUTE)).toBe(true);
  });

  it('a flood of short-lived keys does not wipe a longer window early', () => {
    const clock = new TestClock();
    const limiter = new RateLimiter(clock);
    for (let i = 0; i < 3; i++) limiter.hit('hourly', 3, 60 * MINUTE);
    clock.advance(20 * MINUTE);
    for (let i = 0; i < 10_001; i++) limiter.hit(`flood-${i}`, 1, 15 * MINUTE);
    expect(limiter.hit('hourly', 3, 60 * MINUTE)).toBe(false);
  });
});
