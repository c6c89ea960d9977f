import { describe, expect, it } from 'vitest';
import { photoLabel, roundPhotoUrls, showPhotoLabel, stepIndex, swipeStep } from './gallery-index';

describe('the gallery goes round its photos', () => {
  it('steps forward and back, and past either end to the other', () => {
    expect(stepIndex(0, 12, 1)).toBe(1);
    expect(stepIndex(11, 12, 1)).toBe(0);
    expect(stepIndex(0, 12, -1)).toBe(11);
    expect(stepIndex(5, 12, -1)).toBe(4);
  });

  it('stays on a lone photo, and on nothing when there is none', () => {
    expect(stepIndex(0, 1, 1)).toBe(0);
    expect(stepIndex(0, 1, -1)).toBe(0);
    expect(stepIndex(0, 0, 1)).toBe(0);
  });
});

describe('a swipe across the photo', () => {
  it('to the left shows the next photo, to the right the previous', () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(120, -10)).toBe(-1);
  });

  it('is not a swipe when short or mostly up and down', () => {
    expect(swipeStep(-20, 0)).toBe(0);
    expect(swipeStep(15, 3)).toBe(0);
    expect(swipeStep(-80, 120)).toBe(0);
    expect(swipeStep(60, 60)).toBe(0);
  });
});

describe("a round's photos", () => {
  it('are its imageUrls, or its cover alone for a round from before there were several, or none', () => {
    expect(
      roundPhotoUrls({ imageUrl: '/objects/a.jpg', imageUrls: ['/objects/a.jpg', '/objects/b.jpg'] }),
    ).toEqual(['/objects/a.jpg', '/objects/b.jpg']);
    expect(roundPhotoUrls({ imageUrl: '/objects/a.jpg', imageUrls: [] })).toEqual(['/objects/a.jpg']);
    expect(roundPhotoUrls({ imageUrl: null, imageUrls: [] })).toEqual([]);
  });
});

describe('the names a screen reader hears', () => {
  it('count from 1, and a lone photo is not "1 av 1"', () => {
    expect(showPhotoLabel(2, 12)).toBe('Vis bilde 3 av 12');
    expect(showPhotoLabel(0, 1)).toBe('Vis bildet i full skjerm');
    expect(photoLabel(11, 12)).toBe('Bilde 12 av 12');
  });
});
