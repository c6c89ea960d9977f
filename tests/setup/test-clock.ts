import type { Clock } from '../../src/server/clock';

/** A clock tests can move. It follows real time until it is set or advanced. */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
