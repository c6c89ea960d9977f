import { describe, expect, it } from 'vitest';
import { type Outcome, RoundBusy, RoundQueue } from './round-queue';

interface Sent {
  items: string[];
  remainingMs: number;
  finish: (outcomes?: Outcome<string>[]) => void;
  fail: (error: Error) => void;
}

/** A queue whose batches wait until the test finishes them; each item's result is its own name, upper-cased. */
function queueOf(atOnce: number, perBatch = 32) {
  const sent: Sent[] = [];
  const queue = new RoundQueue<string, string>(
    (items, remainingMs) =>
      new Promise<Outcome<string>[]>((resolve, reject) => {
        sent.push({
          items,
          remainingMs,
          finish: (outcomes) => resolve(outcomes ?? items.map((i) => ({ ok: true, value: i.toUpperCase() }))),
          fail: reject,
        });
      }),
    atOnce,
    perBatch,
  );
  /** Resolves once the queue has sent its n-th batch. */
  const batch = async (n: number): Promise<Sent> => {
    await expect.poll(() => sent.length).toBeGreaterThanOrEqual(n);
    return sent[n - 1] as Sent;
  };
  return { queue, sent, batch };
}

describe('RoundQueue', () => {
  it('sends a lone bid at once, in a batch of its own', async () => {
    const { queue, sent, batch } = queueOf(2);
    const a = queue.run('r1', 1000, () => 'a');
    (await batch(1)).finish();
    await expect(a).resolves.toBe('A');
    expect(sent.map((s) => s.items)).toEqual([['a']]);
  });

  it('keeps the order of arrival while bids are still being checked: a slow check is not overtaken', async () => {
    const { queue, sent, batch } = queueOf(2);
    let checked = (_item: string) => {};
    const slow = queue.run('r1', 1000, () => new Promise<string>((resolve) => (checked = resolve)));
    const quick = ['b', 'c'].map((name) => queue.run('r1', 1000, () => name));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(0);
    checked('a');
    (await batch(1)).finish();
    expect(await Promise.all([slow, ...quick])).toEqual(['A', 'B', 'C']);
    expect(sent.map((s) => s.items)).toEqual([['a', 'b', 'c']]);
  });

  it('gives up the place of a bid whose check fails, and goes on with the ones behind it', async () => {
    const { queue, sent, batch } = queueOf(1);
    const refused = queue.run('r1', 1000, async () => {
      throw new Error('bad signature');
    });
    const next = queue.run('r1', 1000, () => 'b');
    await expect(refused).rejects.toThrow('bad signature');
    (await batch(1)).finish();
    await expect(next).resolves.toBe('B');
    expect(sent.map((s) => s.items)).toEqual([['b']]);
  });

  it('sends the bids that arrived while the round was busy together, in the order they arrived', async () => {
    const { queue, sent, batch } = queueOf(1);
    const a = queue.run('r1', 1000, () => 'a');
    const rest = ['b', 'c', 'd'].map((name) => queue.run('r1', 1000, () => name));
    const first = await batch(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toHaveLength(1);
    first.finish();
    (await batch(2)).finish();
    expect(await Promise.all([a, ...rest])).toEqual(['A', 'B', 'C', 'D']);
    expect(sent.map((s) => s.items)).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('puts at most its batch size in one batch', async () => {
    const { queue, sent, batch } = queueOf(1, 2);
    const all = ['a', 'b', 'c', 'd'].map((name) => queue.run('r1', 1000, () => name));
    for (let n = 1; n <= 3; n++) (await batch(n)).finish();
    expect(await Promise.all(all)).toEqual(['A', 'B', 'C', 'D']);
    expect(sent.map((s) => s.items)).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('has at most its limit of batches under way, and sends the next when one comes back', async () => {
    const { queue, sent, batch } = queueOf(2);
    const all = ['a', 'b', 'c', 'd'].map((name) => queue.run('r1', 1000, () => name));
    await batch(2);
    expect(sent.map((s) => s.items)).toEqual([['a'], ['b']]);
    (await batch(2)).finish();
    expect((await batch(3)).items).toEqual(['c', 'd']);
    (await batch(1)).finish();
    (await batch(3)).finish();
    expect(await Promise.all(all)).toEqual(['A', 'B', 'C', 'D']);
    expect(sent).toHaveLength(3);
  });

  it('lets different rounds go side by side', async () => {
    const { queue, sent, batch } = queueOf(1);
    const one = queue.run('r1', 1000, () => 'a');
    const two = queue.run('r2', 1000, () => 'b');
    await batch(2);
    expect(sent.map((s) => s.items)).toEqual([['a'], ['b']]);
    sent[1]?.finish();
    await expect(two).resolves.toBe('B');
    sent[0]?.finish();
    await expect(one).resolves.toBe('A');
  });

  it('gives each bid its own outcome, fails a whole batch that fails, and goes on with the next', async () => {
    const { queue, batch } = queueOf(1);
    const a = queue.run('r1', 1000, () => 'a');
    const b = queue.run('r1', 1000, () => 'b');
    const c = queue.run('r1', 1000, () => 'c');
    (await batch(1)).fail(new Error('database gone'));
    await expect(a).rejects.toThrow('database gone');
    (await batch(2)).finish([
      { ok: false, error: new Error('refused b') },
      { ok: true, value: 'C' },
    ]);
    await expect(b).rejects.toThrow('refused b');
    await expect(c).resolves.toBe('C');
    const d = queue.run('r1', 1000, () => 'd');
    (await batch(3)).finish();
    await expect(d).resolves.toBe('D');
  });

  it('lets a bid behind a stuck batch give up when its budget runs out, never reaching the database', async () => {
    const { queue, sent, batch } = queueOf(1);
    const stuck = queue.run('r1', 0, () => 'stuck');
    const before = Date.now();
    const behind = queue.run('r1', 50, () => 'behind');
    await expect(behind).rejects.toBeInstanceOf(RoundBusy);
    await expect(behind).rejects.toMatchObject({ code: '55P03' });
    expect(Date.now() - before).toBeGreaterThanOrEqual(45);
    (await batch(1)).finish();
    await expect(stuck).resolves.toBe('STUCK');
    expect(sent).toHaveLength(1);
    // The line is whole again: the next one goes straight through, with its whole budget left.
    const next = queue.run('r1', 1000, () => 'next');
    const sentNext = await batch(2);
    expect(sentNext.items).toEqual(['next']);
    expect(sentNext.remainingMs).toBeGreaterThan(990);
    sentNext.finish();
    await expect(next).resolves.toBe('NEXT');
  });

  it('gives a batch what is left of the budget that runs out first', async () => {
    const { queue, batch } = queueOf(1);
    const first = queue.run('r1', 0, () => 'first');
    expect((await batch(1)).remainingMs).toBe(Number.POSITIVE_INFINITY);
    const long = queue.run('r1', 5000, () => 'long');
    const short = queue.run('r1', 800, () => 'short');
    (await batch(1)).finish();
    const both = await batch(2);
    expect(both.items).toEqual(['long', 'short']);
    expect(both.remainingMs).toBeGreaterThan(700);
    expect(both.remainingMs).toBeLessThanOrEqual(800);
    both.finish();
    expect(await Promise.all([first, long, short])).toEqual(['FIRST', 'LONG', 'SHORT']);
  });
});
