import { describe, expect, it } from 'vitest';
import { RoundBusy, RoundQueue } from './round-queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Work that logs when it starts and ends. */
const logged = (log: string[], name: string, ms: number) => async () => {
  log.push(`start ${name}`);
  await sleep(ms);
  log.push(`end ${name}`);
  return name;
};

describe('RoundQueue', () => {
  it('lets one round’s work through in the order it arrived, one at a time with a limit of one', async () => {
    const queue = new RoundQueue(1);
    const log: string[] = [];
    const results = await Promise.all([
      queue.run('r1', 1000, logged(log, 'a', 30)),
      queue.run('r1', 1000, logged(log, 'b', 1)),
      queue.run('r1', 1000, logged(log, 'c', 10)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('has at most its limit under way, and starts the rest in arrival order as places free up', async () => {
    const queue = new RoundQueue(2);
    const log: string[] = [];
    await Promise.all([
      queue.run('r1', 1000, logged(log, 'a', 40)),
      queue.run('r1', 1000, logged(log, 'b', 10)),
      queue.run('r1', 1000, logged(log, 'c', 10)),
      queue.run('r1', 1000, logged(log, 'd', 10)),
    ]);
    expect(log.filter((e) => e.startsWith('start'))).toEqual(['start a', 'start b', 'start c', 'start d']);
    // Never three at once. Which of the two under way ends first is up to the timers (under load, a may end
    // before c), so the log is walked rather than compared with one order.
    let running = 0;
    let most = 0;
    for (const entry of log) {
      running += entry.startsWith('start') ? 1 : -1;
      most = Math.max(most, running);
    }
    expect(most).toBe(2);
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end b'));
  });

  it('lets different rounds run side by side', async () => {
    const queue = new RoundQueue(1);
    const log: string[] = [];
    await Promise.all([
      queue.run('r1', 1000, logged(log, 'r1', 30)),
      queue.run('r2', 1000, logged(log, 'r2', 1)),
    ]);
    expect(log).toEqual(['start r1', 'start r2', 'end r2', 'end r1']);
  });

  it('gives each caller its own failure, and goes on with the next', async () => {
    const queue = new RoundQueue(1);
    const failed = queue.run('r1', 1000, async () => {
      throw new Error('refused');
    });
    const next = queue.run('r1', 1000, async () => 'placed');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('placed');
    await expect(queue.run('r1', 1000, async () => 'again')).resolves.toBe('again');
  });

  it('lets a bid behind a stuck one give up when its budget runs out, holding no place at the database', async () => {
    const queue = new RoundQueue(1);
    let release = () => {};
    let started = 0;
    const stuck = queue.run(
      'r1',
      0,
      () => new Promise<string>((resolve) => (release = () => resolve('stuck'))),
    );
    const before = Date.now();
    const behind = queue.run('r1', 50, async () => {
      started++;
    });
    await expect(behind).rejects.toBeInstanceOf(RoundBusy);
    await expect(behind).rejects.toMatchObject({ code: '55P03' });
    expect(Date.now() - before).toBeGreaterThanOrEqual(45);
    expect(started).toBe(0);
    release();
    await expect(stuck).resolves.toBe('stuck');
    // The line is whole again: the next one goes straight through, with its whole budget left.
    await expect(queue.run('r1', 1000, async (left) => left)).resolves.toBeGreaterThan(990);
  });

  it('hands a finished place to the next in line, so a newcomer at that moment waits its turn', async () => {
    const queue = new RoundQueue(1);
    const log: string[] = [];
    let release = () => {};
    const first = queue.run('r1', 1000, () => new Promise<void>((resolve) => (release = resolve)));
    const second = queue.run('r1', 1000, logged(log, 'second', 20));
    // Arrives just as the first has finished, before the second has started.
    const third = first.then(() => queue.run('r1', 1000, logged(log, 'third', 1)));
    release();
    await Promise.all([first, second, third]);
    expect(log).toEqual(['start second', 'end second', 'start third', 'end third']);
  });
});
