import { describe, expect, it } from 'vitest';
import { placeInOpenList, replaceInList } from './round-list-updates';

const NOW = new Date('2030-05-31T12:00:00Z');

function round(id: string, deadline: string, extra: Partial<{ isClosed: boolean; isActive: boolean }> = {}) {
  return {
    id,
    deadline: `2030-06-${deadline}T12:00:00Z`,
    createdAt: '2030-05-01T12:00:00Z',
    isActive: true,
    isClosed: false,
    ...extra,
  };
}

const ids = (list: { id: string }[] | undefined) => list?.map((r) => r.id);

describe('placeInOpenList', () => {
  const list = [round('a', '02'), round('b', '05'), round('c', '09')];

  it('puts a new open round in its place by deadline', () => {
    expect(ids(placeInOpenList(list, 'n', round('n', '06'), NOW))).toEqual(['a', 'b', 'n', 'c']);
    expect(ids(placeInOpenList(list, 'n', round('n', '01'), NOW))).toEqual(['n', 'a', 'b', 'c']);
    expect(ids(placeInOpenList(list, 'n', round('n', '20'), NOW))).toEqual(['a', 'b', 'c', 'n']);
  });

  it('after rounds with the same deadline that were created earlier', () => {
    expect(ids(placeInOpenList(list, 'n', round('n', '05'), NOW))).toEqual(['a', 'b', 'n', 'c']);
  });

  it('replaces a changed round, and moves it when its deadline moved', () => {
    const changed = { ...round('b', '05'), isActive: true, deadline: '2030-06-10T12:00:00Z' };
    const next = placeInOpenList(list, 'b', changed, NOW);
    expect(ids(next)).toEqual(['a', 'c', 'b']);
    expect(next[2]).toBe(changed);
  });

  it('drops a round that closed, was deleted, or whose deadline passed', () => {
    expect(ids(placeInOpenList(list, 'b', round('b', '05', { isClosed: true }), NOW))).toEqual(['a', 'c']);
    expect(ids(placeInOpenList(list, 'b', null, NOW))).toEqual(['a', 'c']);
    expect(ids(placeInOpenList(list, 'a', round('a', '01'), new Date('2030-06-03T00:00:00Z')))).toEqual([
      'b',
      'c',
    ]);
  });
});

describe('replaceInList', () => {
  const list = [round('a', '02'), round('b', '05')];

  it('replaces the round where it is, or drops it when deleted', () => {
    const closed = round('a', '02', { isClosed: true });
    expect(replaceInList(list, 'a', closed)?.[0]).toBe(closed);
    expect(ids(replaceInList(list, 'a', null))).toEqual(['b']);
  });

  it('cannot place a round the list does not hold', () => {
    expect(replaceInList(list, 'x', round('x', '03'))).toBeUndefined();
  });
});
